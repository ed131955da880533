import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { MetadataSchema } from '../metadata/schema';

type Db = Kysely<MetadataSchema> | Transaction<MetadataSchema>;

/** Role ids by name for the names that exist; names no role has are logged and skipped. */
export async function existingRoles(db: Db, names: string[], log: FastifyBaseLogger): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (!names.length) return found;
  const rows = await db.selectFrom('ab_role').select(['id', 'name']).where('name', 'in', names).execute();
  for (const row of rows) found.set(row.name, row.id);
  const missing = names.filter((n) => !found.has(n));
  if (missing.length) log.warn({ roles: missing }, 'single sign-on: the role mapping names roles that do not exist; skipped');
  return found;
}

/**
 * Makes the user's provider-mapped roles exactly `mapped`: roles mapped at the previous sign-in and no
 * longer mapped are removed, newly mapped roles added. Roles an admin granted by hand (never mapped) stay.
 */
export async function syncMappedRoles(db: Db, userId: number, previous: string[], mapped: Map<string, number>): Promise<void> {
  const stale = previous.filter((name) => !mapped.has(name));
  if (stale.length) {
    const staleIds = await db.selectFrom('ab_role').select('id').where('name', 'in', stale).execute();
    if (staleIds.length) {
      await db
        .deleteFrom('ab_user_role')
        .where('user_id', '=', userId)
        .where('role_id', 'in', staleIds.map((r) => r.id))
        .execute();
    }
  }
  await grantRoles(db, userId, [...mapped.values()]);
}

/** Adds roles the user does not hold yet. */
export async function grantRoles(db: Db, userId: number, roleIds: number[]): Promise<void> {
  if (!roleIds.length) return;
  const held = await db.selectFrom('ab_user_role').select('role_id').where('user_id', '=', userId).execute();
  const have = new Set(held.map((r) => r.role_id));
  for (const roleId of new Set(roleIds)) {
    if (!have.has(roleId)) await db.insertInto('ab_user_role').values({ user_id: userId, role_id: roleId }).execute();
  }
}
