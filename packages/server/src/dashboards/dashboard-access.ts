import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors';
import { ensureCanEdit, requireUserOf } from '../resources/access';
import type { AnyDb, RequestScope, Row } from '../resources/definition';
import { dashboardDefinition } from '../resources/definitions/dashboard';
import { loadVisibleRow } from '../resources/load';
import { hasPermission } from '../security/current-user';

/**
 * Dashboard loading for the routes of this module, on top of the resource layer's rules so the
 * sub-resources answer exactly like GET/PUT /api/v1/dashboard/{id}: 404 when missing, 403 when hidden,
 * 403 'You do not have permission to edit this dashboard' when not editable.
 */
export function scopeOf(request: FastifyRequest): RequestScope {
  const user = requireUserOf(request);
  return { ctx: request.server.lumen, user, db: request.server.lumen.store.db as AnyDb };
}

/** A dashboard the user may view (by id or slug); guests only those their token names. */
export async function loadDashboardForRead(request: FastifyRequest, key: string): Promise<{ scope: RequestScope; row: Row }> {
  const scope = scopeOf(request);
  if (!scope.user.guest && !hasPermission(scope.user, 'can_read', 'Dashboard')) throw forbidden('Forbidden');
  return { scope, row: await loadVisibleRow(dashboardDefinition, key, scope) };
}

/** A dashboard the user may change: can_write on Dashboard and owner (or admin). */
export async function loadDashboardForEdit(request: FastifyRequest, key: string): Promise<{ scope: RequestScope; row: Row }> {
  const { scope, row } = await loadDashboardForRead(request, key);
  await ensureCanEdit(scope.db, dashboardDefinition, row, scope.user);
  return { scope, row };
}

/** json_metadata of a row as an object ({} when empty or unparseable, as the incumbent tolerates). */
export function parseMetadata(row: Row): Record<string, unknown> {
  return parseObject(row.json_metadata);
}

export function parseObject(text: unknown): Record<string, unknown> {
  if (typeof text !== 'string' || text.trim() === '') return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Seconds since the epoch of a stored ISO timestamp, as `last_modified_time` is answered. */
export const epochSeconds = (iso: unknown): number | null => (typeof iso === 'string' ? Date.parse(iso) / 1000 : null);
