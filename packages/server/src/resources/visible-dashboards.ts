import { sql } from 'kysely';
import type { AnyDb, Condition, Eb, RequestScope } from './definition';
import { dashboardVisibility } from './dashboard-visibility';

/**
 * A dashboard's title is as private as the dashboard: everywhere another resource names the dashboards it
 * is linked to (a chart's dashboards, a dataset's related objects, `related/dashboards` pickers, recent
 * activity), only dashboards the caller may open are named, by the same rule as the dashboard list
 * (dashboard-visibility.ts: admins all; others owned, created, or published, role-limited with
 * DashboardRbac). An unpublished draft of someone else is not even named.
 */

/**
 * WHERE condition: the dashboard whose id is `idRef` (e.g. 'd.id') is visible to the scope's user.
 *
 * @example
 * db.selectFrom('dashboard_slices as l').innerJoin('dashboards as d', 'd.id', 'l.dashboard_id')
 *   .where((eb) => dashboardVisibleTo(eb, scope, 'd.id'))
 */
export function dashboardVisibleTo(eb: Eb, scope: RequestScope, idRef: string): Condition {
  // The visibility rule is written over alias `t`; a correlated subquery gives it one.
  return eb.exists(
    eb
      .selectFrom('dashboards as t')
      .select(sql.lit(1).as('one'))
      .whereRef('t.id', '=', idRef)
      .where((inner) => dashboardVisibility(inner, scope) ?? sql<boolean>`1 = 1`),
  );
}

/** The subset of `ids` the scope's user may open. */
export async function visibleDashboardIds(db: AnyDb, scope: RequestScope, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('dashboards as d')
    .select('d.id')
    .where('d.id', 'in', [...ids])
    .where((eb) => dashboardVisibleTo(eb, scope, 'd.id'))
    .execute();
  return new Set(rows.map((row) => row.id as number));
}
