import type { ApiClient } from '@lumen-bi/core';
import { createRole, ROLES_PATH, sameIds, setRolePairs, type RoleTarget } from './role-form';
import { serverMessage } from './server-message';

export interface RoleForm {
  name: string;
  pairs: ReadonlySet<number>;
}

export type RoleField = 'name' | 'pairs';

/** Where the dialog stands after a save: the role as the server now holds it, and what it refused. */
export interface RoleSaveResult {
  saved: NonNullable<RoleTarget> | null;
  error?: { field: RoleField | 'form'; message: string };
}

const FIELD_PATTERNS: readonly [RegExp, RoleField][] = [
  [/permission|pairs?\b|grant \w+ on/i, 'pairs'],
  [/name|renamed/i, 'name'],
];

/**
 * The field a server message is about, or null when it names none.
 *
 * @example
 * fieldOfRoleError("A role named 'Gamma' already exists"); // 'name'
 */
export function fieldOfRoleError(message: string): RoleField | null {
  return FIELD_PATTERNS.find(([pattern]) => pattern.test(message))?.[1] ?? null;
}

/**
 * Saves in up to two steps: the name (POST for a new role, PUT when renamed), then the pairs when they
 * changed (POST /roles/{id}/permissions replaces them). When the second step is refused the role exists
 * already: the result carries it, so Save again only retries the pairs.
 */
export async function saveRole(client: ApiClient, target: RoleTarget, form: RoleForm): Promise<RoleSaveResult> {
  let saved = target;
  try {
    const name = form.name.trim();
    if (!saved) saved = { id: await createRole(client, name), name, permission_ids: [] };
    else if (name !== saved.name) {
      await client.put(`${ROLES_PATH}${saved.id}`, { name });
      saved = { ...saved, name };
    }
    if (!sameIds(saved.permission_ids, form.pairs)) {
      await setRolePairs(client, saved.id, [...form.pairs]);
      saved = { ...saved, permission_ids: [...form.pairs] };
    }
    return { saved };
  } catch (failure) {
    const message = serverMessage(failure);
    return { saved, error: { field: fieldOfRoleError(message) ?? 'form', message } };
  }
}
