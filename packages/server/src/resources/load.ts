import { sql } from 'kysely';
import { ErrorType, forbidden, notFound } from '../errors';
import type { CurrentUser } from '../security/current-user';
import { multisLayering } from '../embedding/layered-charts';
import type { AnyDb, RequestScope, ResourceDefinition, Row } from './definition';

/** 'Chart not found', 'Dashboard not found', ...: what is missing, not a bare 'Not found'. */
export function notFoundMessage(def: Pick<ResourceDefinition, 'thing'>): string {
  return `${def.thing.charAt(0).toUpperCase()}${def.thing.slice(1)} not found`;
}

/**
 * Loads one row by id (or by key, e.g. a dashboard slug) that the user may see. Rows hidden by the
 * definition's visibility answer 404, except dashboards, which answer 403 like the incumbent, and rows whose
 * definition names why they are hidden (data access: a 403 naming the grant that is missing).
 */
export async function loadVisibleRow(def: ResourceDefinition, key: string, scope: RequestScope): Promise<Row> {
  let row: Row | undefined;
  if (/^\d+$/.test(key)) {
    row = await scope.db.selectFrom(`${def.table} as t`).selectAll('t').where('t.id', '=', Number(key)).executeTakeFirst();
  } else if (def.findByKey) {
    row = await def.findByKey(scope.db, key);
  }
  if (!row) throw notFound(notFoundMessage(def));
  if (scope.user.guest) {
    await ensureGuestMayView(scope.db, def, row, scope.user);
    return row;
  }
  if (def.visibility) {
    const visible = await scope.db
      .selectFrom(`${def.table} as t`)
      .select('t.id')
      .where('t.id', '=', row.id as number)
      .where((eb) => def.visibility!(eb, scope) ?? sql<boolean>`1 = 1`)
      .executeTakeFirst();
    if (!visible) {
      if (def.hiddenError) throw await def.hiddenError(row, scope);
      if (def.name === 'dashboard') throw forbidden("You don't have access to this dashboard.", ErrorType.DASHBOARD_SECURITY_ACCESS_ERROR);
      throw notFound(notFoundMessage(def));
    }
  }
  return row;
}

/**
 * A guest's 403 for a dashboard its token does not name; when the token names embedded uuids that no
 * longer exist, it says so (extra.guest_token_error UNKNOWN_RESOURCE), since that, not the dashboard, is
 * what the host has to fix.
 */
function guestDashboardRefusal(user: CurrentUser) {
  const unknown = user.guest?.unknownResources ?? [];
  if (!unknown.length) return forbidden("You don't have access to this dashboard.", ErrorType.DASHBOARD_SECURITY_ACCESS_ERROR);
  return forbidden(
    `You don't have access to this dashboard: the guest token names embedded dashboards that do not exist (${unknown.join(', ')})`,
    ErrorType.DASHBOARD_SECURITY_ACCESS_ERROR,
    { guest_token_error: 'UNKNOWN_RESOURCE', unknown_resources: unknown },
  );
}

/**
 * Guest-token viewers reach only the dashboards their token names (by id or embedded uuid), the charts
 * on those dashboards (an inline <bi-chart> reads its saved chart with the dashboard's token), and the
 * charts a deck_multi chart on them layers (it reads each to draw it).
 */
async function ensureGuestMayView(db: AnyDb, def: ResourceDefinition, row: Row, user: CurrentUser): Promise<void> {
  const resources = (user.guest?.resources ?? []).filter((r) => r.type === 'dashboard');
  if (def.name === 'chart') {
    const dashboardIds = resources.map((r) => Number(r.id)).filter(Number.isInteger);
    const link = dashboardIds.length
      ? await db
          .selectFrom('dashboard_slices')
          .select('dashboard_id')
          .where('slice_id', '=', row.id as number)
          .where('dashboard_id', 'in', dashboardIds)
          .executeTakeFirst()
      : undefined;
    if (!link && !(await multisLayering(db, dashboardIds, row.id as number)).length) {
      throw forbidden("You don't have access to this chart.", ErrorType.DASHBOARD_SECURITY_ACCESS_ERROR);
    }
    return;
  }
  if (def.name !== 'dashboard') throw forbidden('Guest tokens cannot access this resource', ErrorType.DASHBOARD_SECURITY_ACCESS_ERROR);
  const embedded = await db.selectFrom('embedded_dashboards').select('uuid').where('dashboard_id', '=', row.id as number).execute();
  const keys = new Set([String(row.id), ...embedded.map((e) => String(e.uuid))]);
  if (!resources.some((r) => keys.has(String(r.id)))) throw guestDashboardRefusal(user);
}
