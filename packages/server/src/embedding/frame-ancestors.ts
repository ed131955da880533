import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ANY_SITE, contentSecurityPolicy, CSP_HEADER, type FrameAncestors, SELF_ONLY } from '../http/content-security-policy';
import { readAllowedDomains } from './allowed-domains';

/**
 * Which sites may frame the guest pages: `/embedded/{uuid}` may be framed by its dashboard's
 * allowed_domains (any site when the list is empty, as in the incumbent and docs/embedding.md).
 * `/embedded/chart/{id}?dashboard={uuid}` follows that embedded dashboard (as the page's handshake does);
 * without the parameter, the embedded dashboards the chart is on (a guest token can read the chart only
 * through one of them). Unknown uuids and charts on no embedded dashboard keep 'self'. The browser enforces
 * this through the page's Content-Security-Policy, whose frame-ancestors directive is replaced here.
 */
const UUID_TEXT = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const DASHBOARD_PAGE = new RegExp(`^/embedded/(${UUID_TEXT})/?$`, 'i');
const CHART_PAGE = /^\/embedded\/chart\/(\d+)\/?$/;
const UUID = new RegExp(`^${UUID_TEXT}$`, 'i');

function ancestorsOf(lists: string[][]): FrameAncestors {
  if (lists.some((list) => list.length === 0)) return ANY_SITE;
  return ["'self'", ...new Set(lists.flat())];
}

async function ofDashboard(ctx: Pick<AppContext, 'store'>, uuid: string): Promise<FrameAncestors> {
  const row = await ctx.store.db.selectFrom('embedded_dashboards').select('allowed_domains').where('uuid', '=', uuid.toLowerCase()).executeTakeFirst();
  return row ? ancestorsOf([readAllowedDomains(row.allowed_domains)]) : SELF_ONLY;
}

async function ofChart(ctx: Pick<AppContext, 'store'>, chartId: number): Promise<FrameAncestors> {
  const rows = await ctx.store.db
    .selectFrom('embedded_dashboards as e')
    .innerJoin('dashboard_slices as l', 'l.dashboard_id', 'e.dashboard_id')
    .select('e.allowed_domains')
    .where('l.slice_id', '=', chartId)
    .execute();
  return rows.length ? ancestorsOf(rows.map((row) => readAllowedDomains(row.allowed_domains))) : SELF_ONLY;
}

/**
 * @example
 * await embeddedFrameAncestors(ctx, '/embedded/5b0c…', {}); // ["'self'", 'https://app.example.com']
 * await embeddedFrameAncestors(ctx, '/embedded/chart/7', { dashboard: '5b0c…' });
 */
export async function embeddedFrameAncestors(ctx: Pick<AppContext, 'store'>, path: string, query: Record<string, unknown> = {}): Promise<FrameAncestors> {
  const uuid = DASHBOARD_PAGE.exec(path)?.[1];
  if (uuid) return ofDashboard(ctx, uuid);
  const chartId = CHART_PAGE.exec(path)?.[1];
  if (chartId) {
    const dashboard = query.dashboard;
    if (typeof dashboard === 'string' && UUID.test(dashboard)) return ofDashboard(ctx, dashboard);
    return ofChart(ctx, Number(chartId));
  }
  return SELF_ONLY;
}

/** Replaces the frame-ancestors of guest pages' CSP. Register from a non-encapsulated plugin. */
export function registerEmbeddedFrameAncestors(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method !== 'GET' || !reply.hasHeader(CSP_HEADER)) return payload;
    const path = request.url.split('?')[0];
    if (!path.startsWith('/embedded/')) return payload;
    reply.header(CSP_HEADER, contentSecurityPolicy(await embeddedFrameAncestors(app.lumen, path, (request.query ?? {}) as Record<string, unknown>), app.lumen.config.mapStyleUrl));
    return payload;
  });
}
