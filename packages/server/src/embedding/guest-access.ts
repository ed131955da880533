import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { CurrentUser } from '../security/current-user';
import { guestDashboardIds } from './guest-dashboards';
import { LumenError, ErrorType } from '../errors';
import { checkGuestToken } from './guest-tokens';
import { layeredChartIds } from './layered-charts';
import { nativeFiltersOf } from './native-filter-targets';

/**
 * Turns a guest token into the request's CurrentUser, and answers the chart-data engine's question
 * "may this guest read this dataset?". Resources are resolved to dashboard ids here, once per request, so
 * the resource layer (resources/load.ts) and the dataset check compare plain ids.
 */
type Ctx = Pick<AppContext, 'config' | 'store'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Dashboard ids named by the token's resources; uuids no longer registered are dropped and listed. */
async function resolveDashboardIds(ctx: Ctx, ids: string[]): Promise<{ ids: number[]; unknown: string[] }> {
  const numeric = ids.filter((id) => /^\d+$/.test(id)).map(Number);
  const uuids = ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase());
  const resolved = uuids.length
    ? await ctx.store.db.selectFrom('embedded_dashboards').select(['uuid', 'dashboard_id']).where('uuid', 'in', uuids).execute()
    : [];
  const known = new Set(resolved.map((r) => r.uuid.toLowerCase()));
  return { ids: [...new Set([...numeric, ...resolved.map((r) => r.dashboard_id)])], unknown: uuids.filter((uuid) => !known.has(uuid)) };
}

/**
 * The guest CurrentUser for a valid token. A refused token is a 401 whose `extra.guest_token_error` names
 * the cause (TOKEN_EXPIRED, TOKEN_INVALID, AUDIENCE_MISMATCH with both audiences), so the SDK can tell the
 * host and the viewer why.
 *
 * @example
 * app.setGuestAuthenticator((request, token) => authenticateGuest(app.lumen, request, token));
 */
export async function authenticateGuest(ctx: Ctx, request: FastifyRequest, token: string): Promise<CurrentUser | null> {
  const audience = ctx.config.guestToken.audience ?? request.host;
  const check = await checkGuestToken(ctx.config, token, audience);
  if (!check.ok) {
    const { code, message, tokenAudience, expectedAudience } = check.failure;
    const extra = { guest_token_error: code, ...(tokenAudience === undefined ? {} : { token_audience: tokenAudience, expected_audience: expectedAudience }) };
    throw new LumenError(401, message, ErrorType.GENERIC_BACKEND_ERROR, extra);
  }
  const claims = check.claims;
  const dashboardClaims = claims.resources.filter((r) => r.type === 'dashboard');
  const { ids: dashboardIds, unknown } = await resolveDashboardIds(ctx, dashboardClaims.map((r) => r.id));
  const sqlLabDatabases = claims.resources.filter((r) => r.type === 'sqllab').map((r) => ({ type: 'sqllab', id: Number(r.id) }));
  return {
    id: null,
    username: claims.user.username,
    first_name: claims.user.first_name,
    last_name: claims.user.last_name,
    email: '',
    roles: [],
    permissions: new Set(),
    isAdmin: false,
    guest: {
      resources: [...dashboardIds.map((id) => ({ type: 'dashboard', id })), ...sqlLabDatabases],
      rls: claims.rls_rules.map((rule) => (rule.dataset === undefined ? { clause: rule.clause } : { dataset: rule.dataset, clause: rule.clause })),
      ...(unknown.length ? { unknownResources: unknown } : {}),
    },
  };
}

/**
 * A guest may read a dataset that backs a chart on one of its dashboards or a chart a deck_multi chart
 * there layers, or that a native filter of one of its dashboards targets (filter value lists query it).
 *
 * @example
 * setGuestDatasetCheck(ctx, (user, datasetId) => guestMayReadDataset(ctx, user, datasetId));
 */
export async function guestMayReadDataset(ctx: Pick<AppContext, 'store'>, user: CurrentUser, datasetId: number): Promise<boolean> {
  const dashboardIds = guestDashboardIds(user);
  if (dashboardIds.length === 0) return false;
  const { db } = ctx.store;
  const chart = await db
    .selectFrom('slices as s')
    .innerJoin('dashboard_slices as l', 'l.slice_id', 's.id')
    .select('s.id')
    .where('l.dashboard_id', 'in', dashboardIds)
    .where('s.datasource_id', '=', datasetId)
    .where((eb) => eb.or([eb('s.datasource_type', 'is', null), eb('s.datasource_type', 'in', ['table', 'dataset'])]))
    .executeTakeFirst();
  if (chart) return true;
  const layered = await layeredChartIds(db, dashboardIds);
  if (layered.length && (await db.selectFrom('slices').select('id').where('id', 'in', layered).where('datasource_id', '=', datasetId).executeTakeFirst())) return true;
  return (await nativeFiltersOf(ctx, dashboardIds)).some((filter) => filter.datasetIds.includes(datasetId));
}
