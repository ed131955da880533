import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ANY_SITE, contentSecurityPolicy, CSP_HEADER, type FrameAncestors, SELF_ONLY } from '../http/content-security-policy';
import { readAllowedDomains } from './allowed-domains';

/**
 * Which sites may frame the guest pages: `/embedded/{uuid}` may be framed by its dashboard's
 * allowed_domains (any site when the list is empty, as in the incumbent and docs/embedding.md), and
 * `/embedded/chart/{id}` by the allowed domains of every embedded dashboard (the same union the guest CORS
 * rules trust: a chart page is not registered on its own). Unknown uuids keep 'self'. The browser enforces
 * this with the app page's Content-Security-Policy, whose frame-ancestors directive is replaced here.
 */
const DASHBOARD_PAGE = /^\/embedded\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
const CHART_PAGE = /^\/embedded\/chart\/[^/]+\/?$/;

function ancestorsOf(lists: string[][]): FrameAncestors {
  if (lists.some((list) => list.length === 0)) return ANY_SITE;
  return ["'self'", ...new Set(lists.flat())];
}

/**
 * @example
 * await embeddedFrameAncestors(ctx, '/embedded/5b0c…'); // ["'self'", 'https://app.example.com']
 */
export async function embeddedFrameAncestors(ctx: Pick<AppContext, 'store'>, path: string): Promise<FrameAncestors> {
  const db = ctx.store.db;
  const uuid = DASHBOARD_PAGE.exec(path)?.[1];
  if (uuid) {
    const row = await db.selectFrom('embedded_dashboards').select('allowed_domains').where('uuid', '=', uuid.toLowerCase()).executeTakeFirst();
    return row ? ancestorsOf([readAllowedDomains(row.allowed_domains)]) : SELF_ONLY;
  }
  if (CHART_PAGE.test(path)) {
    const rows = await db.selectFrom('embedded_dashboards').select('allowed_domains').execute();
    return rows.length ? ancestorsOf(rows.map((row) => readAllowedDomains(row.allowed_domains))) : SELF_ONLY;
  }
  return SELF_ONLY;
}

/** Replaces the frame-ancestors of guest pages' CSP. Register from a non-encapsulated plugin. */
export function registerEmbeddedFrameAncestors(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method !== 'GET' || !reply.hasHeader(CSP_HEADER)) return payload;
    const path = request.url.split('?')[0];
    if (!path.startsWith('/embedded/')) return payload;
    reply.header(CSP_HEADER, contentSecurityPolicy(await embeddedFrameAncestors(app.lumen, path)));
    return payload;
  });
}
