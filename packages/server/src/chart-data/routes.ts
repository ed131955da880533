import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { zipSync, strToU8 } from 'fflate';
import { isFeatureEnabled } from '../config';
import { guestDashboardIds } from '../embedding/guest-dashboards';
import { badRequest, ErrorType, forbidden, notFound, unauthorized } from '../errors';
import { assertDatasetAccess } from './access';
import { deckLayerResults, deckLayersCsv, runDeckMultiLayers } from './deck-multi-layers';
import { submitChartDataJob } from '../events/chart-data-jobs';
import { sendChartDataJson } from './chart-data-reply';
import { clientAbortSignal } from './client-abort';
import { encodeCsv } from './encode';
import { registerExploreJsonRoutes } from './explore-json-routes';
import { registerSamplesRoute } from './samples-route';
import { sendChartDataXlsx } from './xlsx-reply';
import { assertMayDownload } from './export-permission';
import { cancelInFlightChartQueries } from './query-deadline';
import { CacheMissError, parseQueryContext, type QueryContextInput, type QueryResult, runQueryContext } from './run-query-context';

interface ChartDataQuery {
  form_data?: string;
  dashboard_id?: string;
  force?: string;
  format?: string;
  type?: string;
}

const truthy = (value: unknown) => value === true || value === 'true' || value === '1';

function parseJsonField(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`${name} is not valid JSON`);
  }
}

/** Reads a saved chart's query_context (for GET /chart/{id}/data and form_data={slice_id} requests). */
async function savedQueryContext(request: FastifyRequest, sliceId: number): Promise<{ context: unknown; cacheTimeout: number | null }> {
  const slice = await request.server.lumen.store.db
    .selectFrom('slices')
    .select(['query_context', 'cache_timeout'])
    .where('id', '=', sliceId)
    .executeTakeFirst();
  if (!slice) throw notFound(`Chart ${sliceId} does not exist`);
  if (!slice.query_context) throw badRequest(`Chart ${sliceId} has no saved query context; open and save it in Explore first`);
  return { context: parseJsonField(slice.query_context, 'query_context'), cacheTimeout: slice.cache_timeout };
}

async function respond(request: FastifyRequest, reply: FastifyReply, context: QueryContextInput, results: QueryResult[], filename: string) {
  if (context.result_format === 'csv') {
    const csvs = results.filter((r) => r.frame).map((r) => encodeCsv(r.frame!.colnames, r.frame!.columns, r.temporal));
    if (csvs.length <= 1) {
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}.csv"`)
        .send(csvs[0] ?? '');
    }
    const zip = zipSync(Object.fromEntries(csvs.map((csv, i) => [`query_${i + 1}.csv`, strToU8(csv)])));
    return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${filename}.zip"`).send(Buffer.from(zip));
  }
  if (context.result_format === 'xlsx') return sendChartDataXlsx(request, reply, context, results, filename);
  return sendChartDataJson(request.server.lumen, request, reply, results);
}

/**
 * A deck_multi chart has no query of its own: its data is one result per sub-chart (deck-multi-layers.ts),
 * after the caller's access to the multi chart's own dataset is checked as for any chart. CSV is every
 * sub-chart's rows, each block headed by the sub-chart's name and id.
 */
async function respondDeckMulti(request: FastifyRequest<{ Querystring: ChartDataQuery }>, reply: FastifyReply, id: number, multi: { params: string | null; datasource_id: number | null }, requestedAt: number) {
  const ctx = request.server.lumen;
  if (multi.datasource_id) await assertDatasetAccess(ctx, request.user, multi.datasource_id);
  else if (!request.user) throw unauthorized();
  // A guest reaches the sub-charts of a multi chart on its dashboards only (not of one it was not shown).
  if (request.user?.guest) {
    const dashboards = guestDashboardIds(request.user);
    const link = dashboards.length
      ? await ctx.store.db.selectFrom('dashboard_slices').select('dashboard_id').where('slice_id', '=', id).where('dashboard_id', 'in', dashboards).executeTakeFirst()
      : undefined;
    if (!link) throw forbidden("You don't have access to this chart.", ErrorType.DASHBOARD_SECURITY_ACCESS_ERROR);
  }
  const format = request.query.format ?? 'json';
  if (format !== 'json' && format !== 'csv') throw badRequest('format must be one of json, csv');
  assertMayDownload(request, format);
  const layers = await runDeckMultiLayers({
    ctx,
    user: request.user,
    multiParams: parseParamsText(multi.params),
    force: truthy(request.query.force),
    resultFormat: format,
    signal: clientAbortSignal(reply),
    requestedAt,
  });
  if (format === 'csv') {
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="chart_${id}.csv"`)
      .send(deckLayersCsv(layers));
  }
  return sendChartDataJson(ctx, request, reply, deckLayerResults(layers));
}

function parseParamsText(text: string | null): Record<string, unknown> {
  try {
    const value = JSON.parse(text ?? '{}') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Chart data endpoints: POST /api/v1/chart/data (JSON body, or a form post with a form_data field for
 * downloads) and GET /api/v1/chart/{id}/data/ for saved charts.
 */
export async function registerChartDataRoutes(app: FastifyInstance): Promise<void> {
  await registerExploreJsonRoutes(app);
  // preClose runs before Fastify waits for in-flight requests: cancel their queries so stopping is quick.
  app.addHook('preClose', async () => {
    const cancelled = cancelInFlightChartQueries(app.lumen);
    if (cancelled) app.log.info({ cancelled }, 'cancelled in-flight chart-data queries');
  });
  // CSRF-exempt as in the incumbent (its CSRF_EXEMPT_LIST): a read, and cross-site posts are still refused by Origin.
  app.post<{ Querystring: ChartDataQuery }>('/api/v1/chart/data', { config: { allowGuest: true, csrfExempt: true } }, async (request, reply) => {
    const requestedAt = Date.now();
    const ctx = app.lumen;
    let body = request.body as Record<string, unknown> | string | undefined;
    // Downloads post a form whose form_data field holds the JSON query context.
    if (body && typeof body === 'object' && typeof body.form_data === 'string' && !('queries' in body)) body = parseJsonField(body.form_data, 'form_data') as Record<string, unknown>;
    let chartCacheTimeout: number | null = null;
    const formDataParam = request.query.form_data ? (parseJsonField(request.query.form_data, 'form_data') as Record<string, unknown>) : null;
    if ((!body || (typeof body === 'object' && !('queries' in body))) && formDataParam?.slice_id) {
      const saved = await savedQueryContext(request, Number(formDataParam.slice_id));
      body = saved.context as Record<string, unknown>;
      chartCacheTimeout = saved.cacheTimeout;
    } else if (formDataParam?.slice_id) {
      const slice = await ctx.store.db.selectFrom('slices').select('cache_timeout').where('id', '=', Number(formDataParam.slice_id)).executeTakeFirst();
      chartCacheTimeout = slice?.cache_timeout ?? null;
    }
    const context = parseQueryContext(body);
    if (formDataParam?.slice_id && !context.form_data?.slice_id) context.form_data = { ...(context.form_data ?? {}), slice_id: formDataParam.slice_id };
    if (truthy(request.query.force)) context.force = true;
    assertMayDownload(request, context.result_format);
    // GlobalAsyncQueries (spec 1 §4): JSON results not already cached become a job; the client waits for
    // its event and fetches result_url. Cached results (and force-free hits) are still answered here.
    if (isFeatureEnabled(ctx.config, 'GlobalAsyncQueries') && context.result_format === 'json' && context.result_type === 'full') {
      if (!context.force) {
        const cached = await runQueryContext({ ctx, cache: ctx.cache, user: request.user, context, chartCacheTimeout, cacheOnly: true }).catch((error: unknown) => {
          if (error instanceof CacheMissError) return null;
          throw error;
        });
        if (cached) return respond(request, reply, context, cached, `chart_${formDataParam?.slice_id ?? 'data'}`);
      }
      return reply.status(202).send(await submitChartDataJob(ctx, request, context, chartCacheTimeout));
    }
    const results = await runQueryContext({ ctx, cache: ctx.cache, user: request.user, context, chartCacheTimeout, signal: clientAbortSignal(reply), requestedAt });
    return respond(request, reply, context, results, `chart_${formDataParam?.slice_id ?? 'data'}`);
  });

  app.get<{ Params: { id: string }; Querystring: ChartDataQuery }>('/api/v1/chart/:id/data/', { config: { allowGuest: true } }, async (request, reply) => {
    const requestedAt = Date.now();
    const id = Number(request.params.id);
    if (!Number.isInteger(id) || id < 1) throw badRequest('Chart id must be a positive integer');
    const multi = await request.server.lumen.store.db.selectFrom('slices').select(['viz_type', 'params', 'datasource_id']).where('id', '=', id).executeTakeFirst();
    if (multi?.viz_type === 'deck_multi') return respondDeckMulti(request, reply, id, multi, requestedAt);
    const saved = await savedQueryContext(request, id);
    const raw = saved.context as Record<string, unknown>;
    if (request.query.format) raw.result_format = request.query.format;
    if (request.query.type) raw.result_type = request.query.type;
    const context = parseQueryContext(raw);
    // The saved context is this chart's: say so, so a guest's request is checked against this chart.
    context.form_data = { ...(context.form_data ?? {}), slice_id: id };
    if (truthy(request.query.force)) context.force = true;
    assertMayDownload(request, context.result_format);
    const results = await runQueryContext({ ctx: app.lumen, cache: app.lumen.cache, user: request.user, context, chartCacheTimeout: saved.cacheTimeout, signal: clientAbortSignal(reply), requestedAt });
    return respond(request, reply, context, results, `chart_${id}`);
  });

  registerSamplesRoute(app);
}
