import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { badRequest, unauthorized } from '../errors';
import { decodeQ } from '../resources/query-args';
import { dashboardVisibleTo } from '../resources/visible-dashboards';
import type { Eb } from '../resources/definition';
import { dataAccessOf } from '../security/data-access';
import { chartAccessCondition } from '../security/data-access-sql';
import { humanizeDelta } from '../resources/serializers/humanize';
import type { CurrentUser } from '../security/current-user';

/**
 * GET /api/v1/log/recent_activity/?q=(page:0,page_size:5,actions:!(dashboard,explore),distinct:!t): what the
 * current user viewed lately (spec 1 §7, the home page's "Recents"), from the event log's dashboard and
 * chart views. With distinct (the default) each item appears once, at its latest view.
 */
export const RECENT_DEFAULT_ACTIONS = ['dashboard', 'explore'];
export const RECENT_PAGE_SIZE = 5;
const RECENT_MAX_PAGE_SIZE = 100;
/** Like the incumbent: activity older than a year is not "recent". */
const WINDOW_DAYS = 365;

export interface RecentActivityArgs {
  actions: string[];
  distinct: boolean;
  page: number;
  pageSize: number;
}

export interface RecentActivityItem {
  action: string;
  item_type: 'dashboard' | 'slice';
  item_url: string;
  item_title: string;
  time: number;
  time_delta_humanized: string;
}

export function parseRecentArgs(q: string | undefined): RecentActivityArgs {
  const value = decodeQ(q);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest("Query parameter 'q' must be a rison object, e.g. (page:0,page_size:5)");
  for (const key of Object.keys(value)) {
    if (!['actions', 'distinct', 'page', 'page_size'].includes(key)) throw badRequest(`Unknown key '${key}' in 'q'; allowed: actions, distinct, page, page_size`);
  }
  const { actions, distinct, page, page_size: pageSize } = value as Record<string, unknown>;
  if (actions !== undefined && (!Array.isArray(actions) || !actions.every((a) => typeof a === 'string'))) throw badRequest("'actions' must be a list of action names, e.g. !(dashboard,explore)");
  if (distinct !== undefined && typeof distinct !== 'boolean') throw badRequest("'distinct' must be !t or !f");
  const int = (name: string, v: unknown, min: number, fallback: number) => {
    if (v === undefined) return fallback;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min) throw badRequest(`'${name}' must be an integer >= ${min}`);
    return v;
  };
  return {
    actions: (actions as string[] | undefined)?.length ? (actions as string[]) : RECENT_DEFAULT_ACTIONS,
    distinct: distinct !== false,
    page: int('page', page, 0, 0),
    pageSize: Math.min(int('page_size', pageSize, 1, RECENT_PAGE_SIZE), RECENT_MAX_PAGE_SIZE),
  };
}

export async function recentActivity(ctx: AppContext, user: CurrentUser & { id: number }, args: RecentActivityArgs, now = new Date()): Promise<RecentActivityItem[]> {
  const { db } = ctx.store;
  const userId = user.id;
  const since = new Date(now.getTime() - WINDOW_DAYS * 86_400_000).toISOString();
  const base = db
    .selectFrom('logs')
    .where('user_id', '=', userId)
    .where('action', 'in', args.actions)
    .where('dttm', '>', since)
    .where((eb) => eb.or([eb('dashboard_id', 'is not', null), eb('slice_id', 'is not', null)]));
  // Distinct: one row per (item, action) at its latest time; the title join then drops deleted items.
  const views = args.distinct
    ? base.select(['dashboard_id', 'slice_id', 'action', sql<string>`max(dttm)`.as('dttm')]).groupBy(['dashboard_id', 'slice_id', 'action'])
    : base.select(['dashboard_id', 'slice_id', 'action', 'dttm']);
  const rows = await db
    .selectFrom(views.as('v'))
    // A dashboard the user may no longer open (unpublished since) is left out like a deleted one.
    .leftJoin('dashboards as d', (join) => join.onRef('d.id', '=', 'v.dashboard_id').on((eb) => dashboardVisibleTo(eb, { ctx, user, db }, 'd.id')))
    // A chart whose dataset the user may no longer query is left out too (security/data-access.ts).
    .leftJoin('slices as s', (join) =>
      join.onRef('s.id', '=', 'v.slice_id').on((eb) => chartAccessCondition(eb as unknown as Eb, dataAccessOf(user), 's') ?? sql<boolean>`1 = 1`),
    )
    .select(['v.action', 'v.dttm', 'v.dashboard_id', 'v.slice_id', 'd.dashboard_title', 'd.slug', 's.slice_name'])
    .where((eb) => eb.or([eb('d.id', 'is not', null), eb('s.id', 'is not', null)]))
    .orderBy('v.dttm', 'desc')
    .limit(args.pageSize)
    .offset(args.page * args.pageSize)
    .execute();
  return rows.map((row) => {
    const dttm = String(row.dttm);
    const isDashboard = row.dashboard_id !== null && row.dashboard_title !== null;
    return {
      action: row.action,
      item_type: isDashboard ? 'dashboard' : 'slice',
      item_url: isDashboard ? `/superset/dashboard/${row.slug || row.dashboard_id}/` : `/explore/?slice_id=${row.slice_id}`,
      item_title: (isDashboard ? row.dashboard_title : row.slice_name) ?? '',
      time: Date.parse(dttm),
      time_delta_humanized: humanizeDelta(dttm, now) ?? '',
    };
  });
}

export async function registerRecentActivityRoute(app: FastifyInstance): Promise<void> {
  const ctx = app.lumen;
  app.get<{ Querystring: { q?: string } }>('/api/v1/log/recent_activity/', async (request) => {
    const user = request.user;
    if (!user || user.id === null) throw unauthorized();
    return { result: await recentActivity(ctx, { ...user, id: user.id }, parseRecentArgs(request.query.q)) };
  });
}
