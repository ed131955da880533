import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, forbidden, notFound } from '../errors';
import { deleteEntry, getEntry, putEntry, updateEntry } from '../permalinks/store';
import type { CurrentUser } from '../security/current-user';
import { loadDashboardForRead } from './dashboard-access';

/**
 * Dashboard filter state (the incumbent's `native_filters_key`): the filter bar's current data mask kept
 * server-side so a dashboard URL stays short. Entries expire; only their creator may change or delete them,
 * anyone who may view the dashboard may read them (the key travels in shared URLs).
 */
export const FILTER_STATE_TTL_SECONDS = 7 * 24 * 60 * 60;

interface FilterStateEntry {
  dashboardId: number;
  owner: string;
  value: string;
}

/** Guests have no user id; their token's username keeps their entries apart. */
export const ownerOf = (user: CurrentUser): string => (user.id !== null ? `user:${user.id}` : `guest:${user.username}`);

function readValue(body: unknown): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>).value : undefined;
  if (typeof value !== 'string') throw badRequest("Field 'value' is required and must be a string holding JSON");
  try {
    JSON.parse(value);
  } catch {
    throw badRequest("Field 'value' must hold valid JSON");
  }
  return value;
}

async function loadEntry(request: FastifyRequest, dashboardId: number, key: string): Promise<FilterStateEntry> {
  const entry = await getEntry(request.server.lumen, 'dashboard_filter_state', key);
  const value = entry?.value as FilterStateEntry | undefined;
  if (!value || value.dashboardId !== dashboardId) throw notFound('Not found');
  return value;
}

type Params = { pk: string; key: string };

export function registerFilterStateRoutes(app: FastifyInstance): void {
  const opts = { config: { allowGuest: true } };

  app.post<{ Params: { pk: string } }>('/api/v1/dashboard/:pk/filter_state', opts, async (request, reply) => {
    const { scope, row } = await loadDashboardForRead(request, request.params.pk);
    const value = readValue(request.body);
    const entry: FilterStateEntry = { dashboardId: row.id as number, owner: ownerOf(scope.user), value };
    const key = await putEntry(scope.ctx, 'dashboard_filter_state', entry, scope.user.id, FILTER_STATE_TTL_SECONDS);
    return reply.status(201).send({ key });
  });

  app.get<{ Params: Params }>('/api/v1/dashboard/:pk/filter_state/:key', opts, async (request) => {
    const { row } = await loadDashboardForRead(request, request.params.pk);
    const entry = await loadEntry(request, row.id as number, request.params.key);
    return { value: entry.value };
  });

  app.put<{ Params: Params }>('/api/v1/dashboard/:pk/filter_state/:key', opts, async (request) => {
    const { scope, row } = await loadDashboardForRead(request, request.params.pk);
    const value = readValue(request.body);
    const entry = await loadEntry(request, row.id as number, request.params.key);
    if (entry.owner !== ownerOf(scope.user)) throw forbidden('You do not have permission to edit this filter state');
    await updateEntry(scope.ctx, 'dashboard_filter_state', request.params.key, { ...entry, value }, scope.user.id, FILTER_STATE_TTL_SECONDS);
    return { key: request.params.key };
  });

  app.delete<{ Params: Params }>('/api/v1/dashboard/:pk/filter_state/:key', opts, async (request) => {
    const { scope, row } = await loadDashboardForRead(request, request.params.pk);
    const entry = await loadEntry(request, row.id as number, request.params.key);
    if (entry.owner !== ownerOf(scope.user)) throw forbidden('You do not have permission to delete this filter state');
    await deleteEntry(scope.ctx, 'dashboard_filter_state', request.params.key);
    return { message: 'Deleted successfully' };
  });
}
