import { forbidden } from '../errors';
import type { AnyTrx } from '../resources/definition';
import { type CurrentUser, isAdminRoleName, permissionKey } from '../security/current-user';

/**
 * No escalation through the security API: a caller who manages users or roles without being admin (a role
 * holding can_write on User or Role) can grant, and act on accounts holding, only what they hold themselves.
 * Otherwise such a helpdesk role could give itself Admin, or reset an admin's password and sign in as them.
 */
interface RoleRights {
  name: string;
  pairs: string[];
}

async function rolesRights(trx: AnyTrx, roleIds: number[]): Promise<RoleRights[]> {
  if (!roleIds.length) return [];
  const roles = await trx.selectFrom('ab_role').select(['id', 'name']).where('id', 'in', roleIds).execute();
  const pairs = await trx
    .selectFrom('ab_permission_view_role as pvr')
    .innerJoin('ab_permission_view as pv', 'pv.id', 'pvr.permission_view_id')
    .select(['pvr.role_id', 'pv.permission', 'pv.view_menu'])
    .where('pvr.role_id', 'in', roleIds)
    .execute();
  return roles.map((role) => ({
    name: role.name as string,
    pairs: pairs.filter((p) => p.role_id === role.id).map((p) => permissionKey(p.permission as string, p.view_menu as string)),
  }));
}

/** The first pair of the roles the caller lacks, as 'can_write on Role', or null. */
function missingPair(caller: CurrentUser, roles: RoleRights[]): { role: string; pair: string } | null {
  for (const role of roles) {
    if (isAdminRoleName(role.name)) return { role: role.name, pair: 'admin rights' };
    const missing = role.pairs.find((pair) => !caller.permissions.has(pair));
    if (missing) return { role: role.name, pair: missing.replace('|', ' on ') };
  }
  return null;
}

/** A non-admin may grant (or set the pairs of, or the members of) only roles holding nothing beyond their own pairs. */
export async function assertCanGrantRoles(trx: AnyTrx, caller: CurrentUser, roleIds: number[]): Promise<void> {
  if (caller.isAdmin) return;
  const missing = missingPair(caller, await rolesRights(trx, roleIds));
  if (missing) throw forbidden(`You cannot grant or change the role ${missing.role}: it holds ${missing.pair}, which you do not hold`);
}

/** A non-admin may change or delete only accounts holding nothing beyond the caller's own pairs. */
export async function assertCanManageUser(trx: AnyTrx, caller: CurrentUser, userId: number, username: string): Promise<void> {
  if (caller.isAdmin) return;
  const links = await trx.selectFrom('ab_user_role').select('role_id').where('user_id', '=', userId).execute();
  const missing = missingPair(caller, await rolesRights(trx, links.map((l) => l.role_id as number)));
  if (missing) throw forbidden(`You cannot change the user ${username}: their role ${missing.role} holds ${missing.pair}, which you do not hold`);
}

/** A non-admin may set a role's pairs only to pairs they hold themselves. */
export async function assertCanGrantPairs(trx: AnyTrx, caller: CurrentUser, pairIds: number[]): Promise<void> {
  if (caller.isAdmin || !pairIds.length) return;
  const pairs = await trx.selectFrom('ab_permission_view').select(['permission', 'view_menu']).where('id', 'in', pairIds).execute();
  const missing = pairs.find((p) => !caller.permissions.has(permissionKey(p.permission as string, p.view_menu as string)));
  if (missing) throw forbidden(`You cannot grant ${missing.permission} on ${missing.view_menu}, which you do not hold`);
}
