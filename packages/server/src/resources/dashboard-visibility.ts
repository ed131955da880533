import { sql } from 'kysely';
import { isFeatureEnabled } from '../config';
import type { Condition, Eb, RequestScope } from './definition';
import { dataAccessOf } from '../security/data-access';
import { dashboardHasAccessibleChart } from '../security/data-access-sql';

/**
 * Which dashboards a user may open, written over alias `t` (the dashboards list's visibility rule). Admins
 * see all (null: no condition); others see what they own or created, and published dashboards holding a chart
 * on data they may query, limited to their roles when DashboardRbac is on. Its own module so the dashboard definition and the places that
 * name dashboards (visible-dashboards.ts) share it without importing each other.
 */
export function dashboardVisibility(eb: Eb, scope: RequestScope): Condition | null {
  const { user, ctx } = scope;
  if (user.isAdmin) return null;
  const me = user.id ?? -1;
  const owned = eb.exists(eb.selectFrom('dashboard_user as o').select(sql.lit(1).as('one')).whereRef('o.dashboard_id', '=', 't.id').where('o.user_id', '=', me));
  // As the incumbent: a published dashboard is listed to someone who may query at least one of its charts.
  const withData = dashboardHasAccessibleChart(eb, dataAccessOf(user), 't.id');
  const published = withData ? eb.and([eb('t.published', '=', 1), withData]) : eb('t.published', '=', 1);
  if (!isFeatureEnabled(ctx.config, 'DashboardRbac')) return eb.or([owned, eb('t.created_by_fk', '=', me), published]);
  const anyRole = eb.exists(eb.selectFrom('dashboard_roles as r').select(sql.lit(1).as('one')).whereRef('r.dashboard_id', '=', 't.id'));
  const myRole = eb.exists(
    eb
      .selectFrom('dashboard_roles as r')
      .innerJoin('ab_role as ar', 'ar.id', 'r.role_id')
      .select(sql.lit(1).as('one'))
      .whereRef('r.dashboard_id', '=', 't.id')
      .where('ar.name', 'in', user.roles.length ? user.roles : ['\u0000']),
  );
  return eb.or([owned, eb('t.created_by_fk', '=', me), eb.and([published, eb.or([eb.not(anyRole), myRole])])]);
}
