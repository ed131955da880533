import type { FastifyInstance } from 'fastify';
import { loadDashboardForRead, scopeOf } from '../dashboards/dashboard-access';
import { badRequest, notFound } from '../errors';
import { createPermalink, readPermalink } from './store';

/** Dashboard permalink state (the incumbent's DashboardPermalinkStateSchema). */
export interface DashboardPermalinkState {
  dataMask?: Record<string, unknown> | null;
  activeTabs?: string[] | null;
  anchor?: string | null;
  urlParams?: unknown[] | null;
}

const FIELDS = ['dataMask', 'activeTabs', 'anchor', 'urlParams'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** 400 on unknown fields or wrong types: a permalink that stores garbage only fails later, when opened. */
export function parseDashboardPermalinkState(body: unknown): DashboardPermalinkState {
  if (!isObject(body)) throw badRequest('Request body must be a JSON object');
  for (const key of Object.keys(body)) if (!FIELDS.includes(key)) throw badRequest(`Unknown field '${key}'; allowed: ${FIELDS.join(', ')}`);
  const { dataMask, activeTabs, anchor, urlParams } = body;
  if (dataMask !== undefined && dataMask !== null && !isObject(dataMask)) throw badRequest("Field 'dataMask' must be an object");
  if (activeTabs !== undefined && activeTabs !== null && !(Array.isArray(activeTabs) && activeTabs.every((t) => typeof t === 'string'))) {
    throw badRequest("Field 'activeTabs' must be a list of tab ids");
  }
  if (anchor !== undefined && anchor !== null && typeof anchor !== 'string') throw badRequest("Field 'anchor' must be a string");
  if (urlParams !== undefined && urlParams !== null && !Array.isArray(urlParams)) throw badRequest("Field 'urlParams' must be a list of [key, value] pairs");
  return body as DashboardPermalinkState;
}

/** Absolute, like the incumbent: the link is copied and shared outside the app. */
export const dashboardPermalinkUrl = (key: string, origin = '') => `${origin}/superset/dashboard/p/${key}/`;

/**
 * POST /api/v1/dashboard/{id_or_slug}/permalink and GET /api/v1/dashboard/permalink/{key}. Embedded viewers
 * (guest tokens) share links too, so both allow guests; access to the dashboard is checked on both.
 */
export function registerDashboardPermalinkRoutes(app: FastifyInstance): void {
  app.post<{ Params: { pk: string } }>('/api/v1/dashboard/:pk/permalink', { config: { allowGuest: true } }, async (request, reply) => {
    const state = parseDashboardPermalinkState(request.body);
    const { scope, row } = await loadDashboardForRead(request, request.params.pk);
    const key = await createPermalink(scope.ctx, 'dashboard_permalink', { dashboardId: String(row.id), state }, scope.user.id);
    return reply.status(201).send({ key, url: dashboardPermalinkUrl(key, `${request.protocol}://${request.host}`) });
  });

  app.get<{ Params: { key: string } }>('/api/v1/dashboard/permalink/:key', { config: { allowGuest: true } }, async (request) => {
    const scope = scopeOf(request);
    const value = await readPermalink(scope.ctx, 'dashboard_permalink', request.params.key);
    if (!value || typeof value.dashboardId !== 'string') throw notFound('Permalink not found');
    await loadDashboardForRead(request, value.dashboardId);
    return { dashboardId: value.dashboardId, state: value.state ?? {} };
  });
}
