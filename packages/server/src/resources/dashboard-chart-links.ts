import { sql } from 'kysely';
import { ErrorType, LumenError } from '../errors';
import { type CurrentUser, hasPermission } from '../security/current-user';
import { dataAccessOf } from '../security/data-access';
import { chartAccessCondition } from '../security/data-access-sql';
import type { AnyTrx } from './definition';

/**
 * Who may link a chart and a dashboard. Placing a chart on a dashboard changes the dashboard (what its
 * viewers and its guest tokens can see), so it needs the right to edit that dashboard: can_write on
 * Dashboard and ownership, or admin. The dashboard's editor in turn may only place charts they can read.
 */

/** Dashboard ids among `ids` that the user may not edit. */
async function dashboardsNotEditable(trx: AnyTrx, user: CurrentUser, ids: number[]): Promise<number[]> {
  if (ids.length === 0 || user.isAdmin) return [];
  if (user.id === null || !hasPermission(user, 'can_write', 'Dashboard')) return ids;
  const owned = await trx.selectFrom('dashboard_user').select('dashboard_id').where('dashboard_id', 'in', ids).where('user_id', '=', user.id).execute();
  const ownedIds = new Set(owned.map((r) => r.dashboard_id as number));
  return ids.filter((id) => !ownedIds.has(id));
}

const listOf = (ids: number[]) => ids.join(', ');

/**
 * Refuses (403) a chart write that adds the chart to, or removes it from, a dashboard the user may not
 * edit. Links that stay as they are need nothing: a chart already on someone else's dashboard can still be
 * edited by its owner. Only ids are named: titles of dashboards the user cannot open stay hidden.
 */
export async function assertCanChangeChartDashboards(trx: AnyTrx, user: CurrentUser, chartId: number | null, requested: number[]): Promise<void> {
  const current = chartId === null ? [] : (await trx.selectFrom('dashboard_slices').select('dashboard_id').where('slice_id', '=', chartId).execute()).map((r) => r.dashboard_id as number);
  const changed = [...requested.filter((id) => !current.includes(id)), ...current.filter((id) => !requested.includes(id))];
  const refused = await dashboardsNotEditable(trx, user, [...new Set(changed)]);
  if (refused.length) {
    throw new LumenError(
      403,
      `Changing one or more of these dashboards is forbidden: you may not edit dashboard ${listOf(refused)}, so this chart cannot be added to or removed from it`,
      ErrorType.MISSING_OWNERSHIP_ERROR,
    );
  }
}

/**
 * Refuses (403) a dashboard layout that places charts the user cannot read: without can_read on Chart, or
 * (for charts on a dataset) without can_read on Dataset, or whose data the user may not query (data access,
 * security/data-access.ts). Charts already on the dashboard stay allowed, so an editor can move what others
 * placed.
 */
export async function assertCanPlaceCharts(trx: AnyTrx, user: CurrentUser, dashboardId: number, chartIds: number[]): Promise<void> {
  if (chartIds.length === 0 || user.isAdmin) return;
  const current = (await trx.selectFrom('dashboard_slices').select('slice_id').where('dashboard_id', '=', dashboardId).execute()).map((r) => r.slice_id as number);
  const added = chartIds.filter((id) => !current.includes(id));
  if (added.length === 0) return;
  const charts = await trx.selectFrom('slices').select(['id', 'datasource_id']).where('id', 'in', added).execute();
  const canReadCharts = hasPermission(user, 'can_read', 'Chart');
  const canReadDatasets = hasPermission(user, 'can_read', 'Dataset');
  const refused = charts.filter((c) => !canReadCharts || (c.datasource_id !== null && !canReadDatasets)).map((c) => c.id as number);
  if (refused.length) {
    throw new LumenError(403, `position_json places chart ${listOf(refused)}, which you cannot read`, ErrorType.DATASOURCE_SECURITY_ACCESS_ERROR);
  }
  // Data access: the editor must be able to query each chart placed (all_datasource_access holders can).
  const access = dataAccessOf(user);
  if (access.allDatasets) return;
  const queryable = await trx
    .selectFrom('slices as c')
    .select('c.id')
    .where('c.id', 'in', added)
    .where((eb) => chartAccessCondition(eb, access, 'c') ?? sql<boolean>`1 = 1`)
    .execute();
  const allowed = new Set(queryable.map((r) => r.id as number));
  const hidden = charts.map((c) => c.id as number).filter((id) => !allowed.has(id));
  if (hidden.length) {
    throw new LumenError(
      403,
      `position_json places chart ${listOf(hidden)}, whose data you may not query: you need access to its dataset`,
      ErrorType.DATASOURCE_SECURITY_ACCESS_ERROR,
    );
  }
}
