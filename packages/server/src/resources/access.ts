import type { FastifyRequest } from 'fastify';
import { isFeatureEnabled } from '../config';
import { cannotEdit, forbidden, unauthorized } from '../errors';
import { type CurrentUser, hasPermission } from '../security/current-user';
import type { AnyDb, ResourceDefinition, Row } from './definition';

/**
 * Permission rules of the resource layer: reading needs can_read on the view, creating can_write, and
 * changing or deleting can_write plus ownership (or admin). Messages follow spec 2 §6.
 */
export function requireUserOf(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requirePerm(request: FastifyRequest, permission: string, view: string): CurrentUser {
  const user = requireUserOf(request);
  if (!hasPermission(user, permission, view)) throw forbidden('Forbidden');
  return user;
}

export async function ownerIds(db: AnyDb, def: ResourceDefinition, row: Row): Promise<number[]> {
  const own = def.ownership;
  if (!own) return [];
  if (own.kind === 'column') return typeof row[own.column] === 'number' ? [row[own.column] as number] : [];
  const rows = await db.selectFrom(own.table).select('user_id').where(own.fk, '=', row.id as number).execute();
  return rows.map((r) => r.user_id as number);
}

/** Throws 403 'You do not have permission to edit this {thing}' unless the user may change the row. */
export async function ensureCanEdit(db: AnyDb, def: ResourceDefinition, row: Row, user: CurrentUser): Promise<void> {
  if (!hasPermission(user, 'can_write', def.view)) throw cannotEdit(def.thing);
  if (user.isAdmin || !def.ownership) return;
  const owners = await ownerIds(db, def, row);
  if (user.id === null || !owners.includes(user.id)) throw cannotEdit(def.thing);
}

/** Whether the user may change the row, without throwing (bulk tagging skips what this refuses). */
export async function canEdit(db: AnyDb, def: ResourceDefinition, row: Row, user: CurrentUser): Promise<boolean> {
  try {
    await ensureCanEdit(db, def, row, user);
    return true;
  } catch {
    return false;
  }
}

/** Role ids of the user's roles (DashboardRbac). */
export async function userRoleIds(db: AnyDb, user: CurrentUser): Promise<number[]> {
  if (user.roles.length === 0) return [];
  const rows = await db.selectFrom('ab_role').select('id').where('name', 'in', user.roles).execute();
  return rows.map((r) => r.id as number);
}

export const dashboardRbac = (request: FastifyRequest) => isFeatureEnabled(request.server.lumen.config, 'DashboardRbac');
