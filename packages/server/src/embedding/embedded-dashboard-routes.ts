import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isFeatureEnabled } from '../config';
import { badRequest, notFound } from '../errors';
import { nowIso } from '../metadata/connect';
import { ensureCanEdit, requirePerm } from '../resources/access';
import type { AnyDb, Row } from '../resources/definition';
import { dashboardDefinition } from '../resources/definitions/dashboard';
import { loadVisibleRow } from '../resources/load';
import type { CurrentUser } from '../security/current-user';
import { parseAllowedDomains, readAllowedDomains } from './allowed-domains';

/**
 * Embedded registration of a dashboard (the incumbent's EmbeddedDashboardRestApi):
 * GET/POST/PUT/DELETE /api/v1/dashboard/{id_or_slug}/embedded and the guest page's
 * GET /api/v1/embedded_dashboard/{uuid}. Registering needs edit rights on the dashboard.
 */
type Params = { Params: { pk: string } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function registerEmbeddedDashboardRoutes(app: FastifyInstance, options: { onAllowedDomainsChange?: () => void } = {}): void {
  const ctx = app.lumen;
  const db = ctx.store.db as unknown as AnyDb;
  const enabled = () => isFeatureEnabled(ctx.config, 'EmbeddedSuperset');

  const loadDashboard = async (request: FastifyRequest<Params>, user: CurrentUser): Promise<Row> => {
    if (!enabled()) throw notFound('Embedded dashboards are disabled on this server (feature flag EmbeddedSuperset)');
    return loadVisibleRow(dashboardDefinition, request.params.pk, { ctx, user, db });
  };

  const serialize = async (embedded: { uuid: string; dashboard_id: number; allowed_domains: string; changed_on: string; changed_by_fk: number | null }) => {
    const changer = embedded.changed_by_fk === null
      ? undefined
      : await ctx.store.db.selectFrom('ab_user').select(['id', 'username', 'first_name', 'last_name']).where('id', '=', embedded.changed_by_fk).executeTakeFirst();
    return {
      result: {
        uuid: embedded.uuid,
        allowed_domains: readAllowedDomains(embedded.allowed_domains),
        // A string, as in the incumbent's EmbeddedDashboardResponseSchema.
        dashboard_id: String(embedded.dashboard_id),
        changed_on: embedded.changed_on,
        changed_by: changer ?? null,
      },
    };
  };

  const findEmbedded = (dashboardId: number) =>
    ctx.store.db.selectFrom('embedded_dashboards').selectAll().where('dashboard_id', '=', dashboardId).executeTakeFirst();

  app.get<Params>('/api/v1/dashboard/:pk/embedded', async (request) => {
    const user = requirePerm(request, 'can_read', 'Dashboard');
    const dashboard = await loadDashboard(request, user);
    const embedded = await findEmbedded(dashboard.id as number);
    if (!embedded) throw notFound('Not found');
    return serialize(embedded);
  });

  /** POST and PUT both set the configuration, keeping the uuid when the dashboard is already embedded. */
  const upsert = async (request: FastifyRequest<Params>) => {
    const user = requirePerm(request, 'can_read', 'Dashboard');
    const dashboard = await loadDashboard(request, user);
    await ensureCanEdit(db, dashboardDefinition, dashboard, user);
    // Validated by hand: Fastify's schema coercion would turn a string into a one-item array and drop
    // unknown fields silently.
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Request body must be a JSON object {allowed_domains}');
    const unknown = Object.keys(body).find((key) => key !== 'allowed_domains');
    if (unknown) throw badRequest(`${unknown}: unknown field`);
    const allowed = parseAllowedDomains((body as { allowed_domains?: unknown }).allowed_domains ?? []);
    const dashboardId = dashboard.id as number;
    const now = nowIso();
    await ctx.store.db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('embedded_dashboards').select('uuid').where('dashboard_id', '=', dashboardId).executeTakeFirst();
      if (existing) {
        await trx
          .updateTable('embedded_dashboards')
          .set({ allowed_domains: JSON.stringify(allowed), changed_on: now, changed_by_fk: user.id })
          .where('dashboard_id', '=', dashboardId)
          .execute();
      } else {
        await trx
          .insertInto('embedded_dashboards')
          .values({ uuid: randomUUID(), dashboard_id: dashboardId, allowed_domains: JSON.stringify(allowed), created_on: now, changed_on: now, created_by_fk: user.id, changed_by_fk: user.id })
          .execute();
      }
    });
    options.onAllowedDomainsChange?.();
    return serialize((await findEmbedded(dashboardId))!);
  };
  app.post<Params>('/api/v1/dashboard/:pk/embedded', upsert);
  app.put<Params>('/api/v1/dashboard/:pk/embedded', upsert);

  app.delete<Params>('/api/v1/dashboard/:pk/embedded', async (request) => {
    const user = requirePerm(request, 'can_read', 'Dashboard');
    const dashboard = await loadDashboard(request, user);
    await ensureCanEdit(db, dashboardDefinition, dashboard, user);
    await ctx.store.db.deleteFrom('embedded_dashboards').where('dashboard_id', '=', dashboard.id as number).execute();
    options.onAllowedDomainsChange?.();
    return { message: 'OK' };
  });

  /**
   * Read by the guest page before it holds a token, so it is public: it tells only which dashboard the
   * uuid embeds and which host origins may embed it (the page checks the handshake origin against them).
   */
  app.get<{ Params: { uuid: string } }>('/api/v1/embedded_dashboard/:uuid', { config: { public: true, allowGuest: true } }, async (request, reply) => {
    // Readable from any page (no credentials are involved, and anyone can already fetch it): a host SDK
    // whose iframe never started asks it whether the uuid is unknown or its own origin is not allowed.
    reply.header('access-control-allow-origin', '*');
    if (!enabled()) throw notFound('Embedded dashboards are disabled on this server (feature flag EmbeddedSuperset)');
    const uuid = request.params.uuid;
    if (!UUID.test(uuid)) throw notFound('Not found');
    const embedded = await ctx.store.db
      .selectFrom('embedded_dashboards')
      .select(['uuid', 'dashboard_id', 'allowed_domains'])
      .where('uuid', '=', uuid.toLowerCase())
      .executeTakeFirst();
    if (!embedded) throw notFound('Not found');
    return { result: { uuid: embedded.uuid, dashboard_id: String(embedded.dashboard_id), allowed_domains: readAllowedDomains(embedded.allowed_domains) } };
  });
}
