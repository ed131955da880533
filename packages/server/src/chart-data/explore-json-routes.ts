import { buildQueryContext, type QueryFormData } from '@lumen-bi/core';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';
import { clientAbortSignal } from './client-abort';
import { encodeCsv } from './encode';
import { parseQueryContext, type ResultType, runQueryContext } from './run-query-context';

/**
 * The legacy explore JSON family (spec 3 §2): POST /superset/explore_json/ with form_data (body field or
 * query parameter) and an endpoint type chosen by a flag: base/full/json (default), csv, query, results,
 * samples. Form data goes through core's buildQueryContext, so it is the same data path as the v1 API.
 */
const ENDPOINT_TYPES = ['base', 'full', 'json', 'csv', 'query', 'results', 'samples'] as const;
type EndpointType = (typeof ENDPOINT_TYPES)[number];

function endpointType(query: Record<string, string | undefined>): EndpointType {
  for (const type of ['csv', 'query', 'results', 'samples'] as const) if (query[type] === 'true' || query[type] === '1') return type;
  const named = query.endpoint_type ?? 'full';
  if (!(ENDPOINT_TYPES as readonly string[]).includes(named)) throw badRequest(`endpoint_type must be one of ${ENDPOINT_TYPES.join(', ')}`);
  return named as EndpointType;
}

function readFormData(raw: unknown): QueryFormData {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw badRequest('form_data is not valid JSON');
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest('form_data must be a JSON object');
  const formData = value as QueryFormData;
  if (typeof formData.datasource !== 'string') throw badRequest("form_data.datasource must be a datasource key like '1__table'");
  return formData;
}

export async function registerExploreJsonRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Querystring: Record<string, string | undefined> }>('/superset/explore_json/', { config: { allowGuest: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const formData = readFormData(body.form_data ?? request.query.form_data);
    const type = endpointType(request.query);
    let context;
    try {
      context = buildQueryContext(formData);
    } catch (error) {
      throw badRequest((error as Error).message);
    }
    const resultType: ResultType = type === 'query' ? 'query' : type === 'samples' ? 'samples' : type === 'results' ? 'results' : 'full';
    const parsed = parseQueryContext({ ...context, result_type: resultType, result_format: type === 'csv' ? 'csv' : 'json', force: request.query.force === 'true' || context.force });
    const [result] = await runQueryContext({ ctx: app.lumen, cache: app.lumen.cache, user: request.user, context: parsed, signal: clientAbortSignal(reply) });
    if (type === 'csv') {
      const csv = result.frame ? encodeCsv(result.frame.colnames, result.frame.columns, result.temporal) : '';
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="explore.csv"').send(csv);
    }
    const payload = JSON.parse(result.json) as Record<string, unknown>;
    if (type === 'query') return { query: payload.query, language: 'sql' };
    return { ...payload, form_data: formData };
  });
}
