import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';
import { requirePerm } from '../resources/access';
import { copyDashboard, type CopyDashboardInput } from './copy-dashboard';
import { loadDashboardForEdit, loadDashboardForRead } from './dashboard-access';
import { updateDashboardColors } from './dashboard-colors';
import { registerFilterStateRoutes } from './filter-state';
import { parseFilterChanges, updateNativeFilters } from './native-filters';

const COPY_FIELDS = ['dashboard_title', 'css', 'duplicate_slices', 'json_metadata'];

function parseCopyBody(body: unknown): CopyDashboardInput {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('Request body must be a JSON object');
  const b = body as Record<string, unknown>;
  for (const key of Object.keys(b)) if (!COPY_FIELDS.includes(key)) throw badRequest(`Unknown field '${key}'; allowed: ${COPY_FIELDS.join(', ')}`);
  if (typeof b.json_metadata !== 'string') throw badRequest("Missing required field 'json_metadata'");
  if (b.dashboard_title !== undefined && b.dashboard_title !== null && typeof b.dashboard_title !== 'string') throw badRequest("Field 'dashboard_title' must be a string");
  if (typeof b.dashboard_title === 'string' && b.dashboard_title.length > 500) throw badRequest("Field 'dashboard_title' is longer than 500 characters");
  if (b.css !== undefined && b.css !== null && typeof b.css !== 'string') throw badRequest("Field 'css' must be a string");
  if (b.duplicate_slices !== undefined && typeof b.duplicate_slices !== 'boolean') throw badRequest("Field 'duplicate_slices' must be a boolean");
  return b as unknown as CopyDashboardInput;
}

/**
 * Dashboard actions beyond the generic resource layer (which serves list/get/post/put/delete, charts,
 * datasets and favourites): copy, colours, native filter configuration and filter state.
 */
export async function registerDashboardRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Params: { pk: string } }>('/api/v1/dashboard/:pk/copy', async (request) => {
    requirePerm(request, 'can_write', 'Dashboard');
    const input = parseCopyBody(request.body);
    const { scope, row } = await loadDashboardForRead(request, request.params.pk);
    return { result: await copyDashboard(row, input, scope) };
  });

  app.put<{ Params: { pk: string }; Querystring: { mark_updated?: string } }>('/api/v1/dashboard/:pk/colors', async (request) => {
    const markUpdated = request.query.mark_updated !== 'false' && request.query.mark_updated !== '0';
    const { scope, row } = await loadDashboardForEdit(request, request.params.pk);
    const { result, last_modified_time } = await updateDashboardColors(row, request.body, markUpdated, scope);
    return { id: row.id, result, last_modified_time };
  });

  app.put<{ Params: { pk: string } }>('/api/v1/dashboard/:pk/filters', async (request) => {
    const changes = parseFilterChanges(request.body);
    const { scope, row } = await loadDashboardForEdit(request, request.params.pk);
    return { result: await updateNativeFilters(row, changes, scope) };
  });

  registerFilterStateRoutes(app);
}
