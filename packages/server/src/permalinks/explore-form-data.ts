import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isDatasourceType } from '@lumen-bi/core';
import { scopeOf } from '../dashboards/dashboard-access';
import { ownerOf } from '../dashboards/filter-state';
import { badRequest, forbidden, notFound } from '../errors';
import { assertExploreAccess } from './explore-access';
import { deleteEntry, getEntry, putEntry, updateEntry } from './store';

/**
 * The incumbent's form_data_key cache: Explore keeps its unsaved form data server-side and puts only the key
 * in the URL. Entries expire after a week; only their creator may overwrite or delete them.
 */
export const FORM_DATA_TTL_SECONDS = 7 * 24 * 60 * 60;

interface FormDataEntry {
  owner: string;
  datasourceId: number;
  datasourceType: string;
  chartId: number | null;
  formData: string;
}

const FIELDS = ['datasource_id', 'datasource_type', 'chart_id', 'form_data'];

/** Body of POST/PUT (FormDataPostSchema): datasource, optional chart, form_data as a JSON string. */
function parseBody(body: unknown): Omit<FormDataEntry, 'owner'> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('Request body must be a JSON object');
  const b = body as Record<string, unknown>;
  for (const key of Object.keys(b)) if (!FIELDS.includes(key)) throw badRequest(`Unknown field '${key}'; allowed: ${FIELDS.join(', ')}`);
  if (!Number.isInteger(b.datasource_id)) throw badRequest("Field 'datasource_id' is required and must be an integer");
  if (!isDatasourceType(b.datasource_type) && b.datasource_type !== 'view') {
    throw badRequest("Field 'datasource_type' must be one of table, dataset, query, saved_query, view");
  }
  if (b.chart_id !== undefined && b.chart_id !== null && !Number.isInteger(b.chart_id)) throw badRequest("Field 'chart_id' must be an integer");
  if (typeof b.form_data !== 'string') throw badRequest("Field 'form_data' is required and must be a string holding JSON");
  try {
    JSON.parse(b.form_data);
  } catch {
    throw badRequest("Field 'form_data' must hold valid JSON");
  }
  return {
    datasourceId: b.datasource_id as number,
    datasourceType: b.datasource_type === 'view' ? 'table' : (b.datasource_type as string),
    chartId: (b.chart_id as number | undefined) ?? null,
    formData: b.form_data,
  };
}

async function loadEntry(request: FastifyRequest, key: string): Promise<FormDataEntry> {
  const entry = await getEntry(request.server.lumen, 'explore_form_data', key);
  if (!entry) throw notFound('Not found');
  return entry.value as FormDataEntry;
}

export function registerExploreFormDataRoutes(app: FastifyInstance): void {
  app.post('/api/v1/explore/form_data', async (request, reply) => {
    const scope = scopeOf(request);
    const input = parseBody(request.body);
    await assertExploreAccess(scope.ctx, scope.user, { id: input.datasourceId, type: input.datasourceType }, input.chartId);
    const key = await putEntry(scope.ctx, 'explore_form_data', { ...input, owner: ownerOf(scope.user) }, scope.user.id, FORM_DATA_TTL_SECONDS);
    return reply.status(201).send({ key });
  });

  app.get<{ Params: { key: string } }>('/api/v1/explore/form_data/:key', async (request) => {
    const scope = scopeOf(request);
    const entry = await loadEntry(request, request.params.key);
    await assertExploreAccess(scope.ctx, scope.user, { id: entry.datasourceId, type: entry.datasourceType }, entry.chartId);
    return { form_data: entry.formData };
  });

  app.put<{ Params: { key: string } }>('/api/v1/explore/form_data/:key', async (request) => {
    const scope = scopeOf(request);
    const input = parseBody(request.body);
    const entry = await loadEntry(request, request.params.key);
    if (entry.owner !== ownerOf(scope.user)) throw forbidden('You do not have permission to edit this form data');
    await assertExploreAccess(scope.ctx, scope.user, { id: input.datasourceId, type: input.datasourceType }, input.chartId);
    await updateEntry(scope.ctx, 'explore_form_data', request.params.key, { ...input, owner: entry.owner }, scope.user.id, FORM_DATA_TTL_SECONDS);
    return { key: request.params.key };
  });

  app.delete<{ Params: { key: string } }>('/api/v1/explore/form_data/:key', async (request) => {
    const scope = scopeOf(request);
    const entry = await loadEntry(request, request.params.key);
    if (entry.owner !== ownerOf(scope.user)) throw forbidden('You do not have permission to delete this form data');
    await deleteEntry(scope.ctx, 'explore_form_data', request.params.key);
    return { message: 'Deleted successfully' };
  });
}
