import type { ApiClient } from '@lumen-bi/core';

/**
 * The roles screen's data: a row of GET /api/v1/security/roles/search/ and the writes a role dialog makes
 * (POST/PUT /roles/ for the name, POST /roles/{id}/permissions for the pairs, set as a whole).
 */
export const ROLES_PATH = '/api/v1/security/roles/';

/** A row of GET /api/v1/security/roles/search/. */
export interface RoleRow extends Record<string, unknown> {
  id: number;
  name: string;
  permission_ids: number[];
  user_ids: number[];
}

/** The role a dialog edits: null adds one. */
export type RoleTarget = Pick<RoleRow, 'id' | 'name' | 'permission_ids'> | null;

/** What Copy names the copy, as the incumbent does. */
export const copyName = (name: string) => `Copy of ${name}`;

/** Creates a role and returns its id. */
export async function createRole(client: ApiClient, name: string): Promise<number> {
  const { json } = await client.post<{ id: number }>(ROLES_PATH, { name });
  return json.id;
}

/** Sets a role's permission pairs, replacing the ones it held. */
export async function setRolePairs(client: ApiClient, roleId: number, pairIds: readonly number[]): Promise<void> {
  await client.post(`${ROLES_PATH}${roleId}/permissions`, { permission_view_menu_ids: [...pairIds] });
}

/** Same members, any order. */
export function sameIds(a: readonly number[], b: ReadonlySet<number>): boolean {
  return a.length === b.size && a.every((id) => b.has(id));
}

/**
 * Copies a role: a new role named 'Copy of <name>' holding the same pairs. Resolves to the copy, ready to
 * open in the dialog.
 *
 * @example
 * await copyRole(client, { id: 4, name: 'Gamma', permission_ids: [1, 2] }); // { id: 9, name: 'Copy of Gamma', permission_ids: [1, 2] }
 */
export async function copyRole(client: ApiClient, role: Pick<RoleRow, 'name' | 'permission_ids'>): Promise<NonNullable<RoleTarget>> {
  const name = copyName(role.name);
  const id = await createRole(client, name);
  await setRolePairs(client, id, role.permission_ids);
  return { id, name, permission_ids: [...role.permission_ids] };
}
