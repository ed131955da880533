import type { FastifyInstance } from 'fastify';
import { scopeOf } from '../dashboards/dashboard-access';
import { badRequest, notFound } from '../errors';
import { assertExploreAccess, chartIdOfFormData, datasourceOfFormData } from './explore-access';
import { createPermalink, readPermalink } from './store';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Absolute, like the incumbent: the link is copied and shared outside the app. */
export const explorePermalinkUrl = (key: string, origin = '') => `${origin}/explore/p/${key}/`;

/** Body of POST /api/v1/explore/permalink (the incumbent's ExplorePermalinkStateSchema). */
export function parseExplorePermalinkState(body: unknown): { formData: Record<string, unknown>; urlParams?: unknown[] | null } {
  if (!isObject(body)) throw badRequest('Request body must be a JSON object');
  for (const key of Object.keys(body)) if (key !== 'formData' && key !== 'urlParams') throw badRequest(`Unknown field '${key}'; allowed: formData, urlParams`);
  if (!isObject(body.formData)) throw badRequest("Field 'formData' is required and must be an object");
  if (body.urlParams !== undefined && body.urlParams !== null && !Array.isArray(body.urlParams)) {
    throw badRequest("Field 'urlParams' must be a list of [key, value] pairs");
  }
  return body as { formData: Record<string, unknown>; urlParams?: unknown[] | null };
}

/**
 * POST /api/v1/explore/permalink and GET /api/v1/explore/permalink/{key}. The stored value carries the
 * datasource and chart beside the state, as the incumbent's does, so a reader's access is checked without
 * trusting the state.
 */
export function registerExplorePermalinkRoutes(app: FastifyInstance): void {
  app.post('/api/v1/explore/permalink', async (request, reply) => {
    const state = parseExplorePermalinkState(request.body);
    const scope = scopeOf(request);
    const datasource = datasourceOfFormData(state.formData);
    const chartId = chartIdOfFormData(state.formData);
    await assertExploreAccess(scope.ctx, scope.user, datasource, chartId);
    const value = { chartId, datasourceId: datasource.id, datasourceType: datasource.type, datasource: `${datasource.id}__${datasource.type}`, state };
    const key = await createPermalink(scope.ctx, 'explore_permalink', value, scope.user.id);
    return reply.status(201).send({ key, url: explorePermalinkUrl(key, `${request.protocol}://${request.host}`) });
  });

  app.get<{ Params: { key: string } }>('/api/v1/explore/permalink/:key', async (request) => {
    const scope = scopeOf(request);
    const value = await readPermalink(scope.ctx, 'explore_permalink', request.params.key);
    if (!value || !isObject(value.state) || typeof value.datasourceId !== 'number' || typeof value.datasourceType !== 'string') {
      throw notFound('Permalink not found');
    }
    const chartId = typeof value.chartId === 'number' ? value.chartId : null;
    await assertExploreAccess(scope.ctx, scope.user, { id: value.datasourceId, type: value.datasourceType }, chartId);
    return { chartId, datasourceId: value.datasourceId, datasourceType: value.datasourceType, datasource: value.datasource, state: value.state };
  });
}
