import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';
import { clientAbortSignal } from './client-abort';
import { parseQueryContext, runQueryContext } from './run-query-context';

interface SamplesQuerystring {
  force?: string;
  datasource_type?: string;
  datasource_id?: string;
  per_page?: string;
  page?: string;
  /** Lumen-only: the chart the drill starts from; a guest's drill is checked against that chart's saved query. */
  slice_id?: string;
}

const MAX_PER_PAGE = 10_000;
const DEFAULT_PER_PAGE = 1000;
/** The largest page whose row offset stays a 64-bit integer the engines accept, whatever per_page is. */
const MAX_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / MAX_PER_PAGE);

/** A positive integer query parameter (at most `max`), its default when absent, else a 400 naming it. */
function positiveInteger(text: string | undefined, name: string, fallback: number | null, max = Number.MAX_SAFE_INTEGER): number {
  if ((text === undefined || text === '') && fallback !== null) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text ?? '') || !Number.isSafeInteger(value) || value < 1 || value > max) {
    throw badRequest(max === Number.MAX_SAFE_INTEGER ? `${name} must be a positive integer` : `${name} must be an integer between 1 and ${max}`);
  }
  return value;
}

/**
 * POST /datasource/samples: the incumbent's drill-to-detail and samples endpoint. One page of a dataset's
 * rows under the payload's filters (its query object: filters, time_range, granularity, extras), run as
 * chart data with result_type drill_detail, so dataset access, RLS and guest-token rules are those of any
 * chart query. `total_count` counts every row those rules leave visible, not only this page's.
 */
export function registerSamplesRoute(app: FastifyInstance): void {
  app.post<{ Querystring: SamplesQuerystring }>('/datasource/samples', { config: { allowGuest: true } }, async (request, reply) => {
    const q = request.query;
    const datasourceId = positiveInteger(q.datasource_id, 'datasource_id', null);
    const perPage = positiveInteger(q.per_page, 'per_page', DEFAULT_PER_PAGE, MAX_PER_PAGE);
    const page = positiveInteger(q.page, 'page', 1, MAX_PAGE);
    const sliceId = positiveInteger(q.slice_id, 'slice_id', 0);
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object (a query object: filters, time_range, extras)');
    const query = { ...(body as Record<string, unknown>), row_limit: perPage, row_offset: (page - 1) * perPage };
    const context = parseQueryContext({
      datasource: { id: datasourceId, type: q.datasource_type || 'table' },
      queries: [query],
      form_data: sliceId ? { slice_id: sliceId } : null,
      result_type: 'drill_detail',
      force: q.force === 'true' || q.force === '1',
    });
    const [result] = await runQueryContext({ ctx: app.lumen, cache: app.lumen.cache, user: request.user, context, signal: clientAbortSignal(reply) });
    const parsed = JSON.parse(result!.json) as Record<string, unknown>;
    return { result: { ...parsed, page, per_page: perPage, total_count: parsed.total_count } };
  });
}
