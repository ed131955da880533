import type { FastifyInstance } from 'fastify';
import { assertDatasetAccess } from '../chart-data/access';
import { notFound } from '../errors';
import { channelForRequest } from './channels';
import { readAsyncChartResult } from './chart-data-results';

/**
 * GET /api/v1/chart/data/{cache_key}: the result of an async chart-data job, the same body a synchronous
 * 200 carries. Only the channel that started the job may read it (anyone else gets the same 404 as for a
 * missing key, so keys cannot be probed), and dataset access is checked again: it may have been revoked
 * since the job ran.
 */
export async function registerAsyncChartDataResultRoute(app: FastifyInstance): Promise<void> {
  const ctx = app.lumen;
  app.get<{ Params: { cache_key: string } }>('/api/v1/chart/data/:cache_key', { config: { allowGuest: true } }, async (request, reply) => {
    const result = await readAsyncChartResult(ctx, request.params.cache_key);
    if (!result || result.channelId !== channelForRequest(ctx.config, request)) throw notFound('Cached data not found');
    await assertDatasetAccess(ctx, request.user, result.datasourceId);
    return reply.header('content-type', 'application/json; charset=utf-8').send(result.body);
  });
}
