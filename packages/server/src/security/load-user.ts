import type { AppContext } from '../context';
import { toBool } from '../metadata/connect';
import { credentialStamp } from './credential-stamp';
import { type CurrentUser, isAdminRoleName, permissionKey } from './current-user';

/** A user as authentication needs it: who (null when inactive or gone) and the stamp of their password. */
export interface LoadedUser {
  user: CurrentUser | null;
  /** credentialStamp of the password hash; null when the user no longer exists. */
  stamp: string | null;
}

/**
 * Loads a user with roles and permission pairs. Results are cached per user for a few seconds: a dashboard
 * fires dozens of parallel chart-data requests and each would otherwise re-read the same rows. Role and
 * password changes made in this process take effect at once (forgetUser); made in another process sharing
 * the metadata store, within CACHE_MS.
 */
const CACHE_MS = 5000;
const cache = new WeakMap<object, Map<number, { at: number; loaded: LoadedUser }>>();

export async function loadUser(ctx: Pick<AppContext, 'store'>, userId: number): Promise<CurrentUser | null> {
  return (await loadUserAndStamp(ctx, userId)).user;
}

/** loadUser plus the credential stamp a Bearer token is checked against, from the same cached read. */
export async function loadUserAndStamp(ctx: Pick<AppContext, 'store'>, userId: number): Promise<LoadedUser> {
  let perStore = cache.get(ctx.store);
  if (!perStore) cache.set(ctx.store, (perStore = new Map()));
  const hit = perStore.get(userId);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.loaded;
  const loaded = await readUser(ctx, userId);
  perStore.set(userId, { at: Date.now(), loaded });
  return loaded;
}

export function forgetUser(ctx: Pick<AppContext, 'store'>, userId?: number): void {
  const perStore = cache.get(ctx.store);
  if (!perStore) return;
  if (userId === undefined) perStore.clear();
  else perStore.delete(userId);
}

async function readUser(ctx: Pick<AppContext, 'store'>, userId: number): Promise<LoadedUser> {
  const { db } = ctx.store;
  const row = await db.selectFrom('ab_user').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!row) return { user: null, stamp: null };
  const stamp = credentialStamp(row.password_hash);
  if (!toBool(row.active)) return { user: null, stamp };
  const roles = await db
    .selectFrom('ab_user_role as ur')
    .innerJoin('ab_role as r', 'r.id', 'ur.role_id')
    .select(['r.id', 'r.name'])
    .where('ur.user_id', '=', userId)
    .execute();
  const pairs = roles.length
    ? await db
        .selectFrom('ab_permission_view_role as pvr')
        .innerJoin('ab_permission_view as pv', 'pv.id', 'pvr.permission_view_id')
        .select(['pv.permission', 'pv.view_menu'])
        .where('pvr.role_id', 'in', roles.map((r) => r.id))
        .execute()
    : [];
  const user: CurrentUser = {
    id: row.id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    roles: roles.map((r) => r.name),
    permissions: new Set(pairs.map((p) => permissionKey(p.permission, p.view_menu))),
    isAdmin: roles.some((r) => isAdminRoleName(r.name)),
  };
  return { user, stamp };
}

/** The role -> [[permission, view], ...] map the incumbent's /api/v1/me/roles/ returns. */
export async function rolePermissionMap(ctx: Pick<AppContext, 'store'>, roleNames: string[]): Promise<Record<string, [string, string][]>> {
  const result: Record<string, [string, string][]> = {};
  if (!roleNames.length) return result;
  const rows = await ctx.store.db
    .selectFrom('ab_role as r')
    .leftJoin('ab_permission_view_role as pvr', 'pvr.role_id', 'r.id')
    .leftJoin('ab_permission_view as pv', 'pv.id', 'pvr.permission_view_id')
    .select(['r.name', 'pv.permission', 'pv.view_menu'])
    .where('r.name', 'in', roleNames)
    .execute();
  for (const row of rows) {
    const list = (result[row.name] ??= []);
    if (row.permission && row.view_menu) list.push([row.permission, row.view_menu]);
  }
  return result;
}
