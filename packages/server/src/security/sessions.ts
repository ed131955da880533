import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import { nowIso } from '../metadata/connect';
import type { MetadataSchema } from '../metadata/schema';

export const SESSION_COOKIE = 'lumen_session';

export interface Session {
  /** The raw id, as in the cookie. Only its hash is stored. */
  id: string;
  userId: number;
  csrfToken: string;
}

const token = () => randomBytes(32).toString('base64url');

/**
 * What `user_session.id` holds: the SHA-256 of the cookie's id. A copy of the metadata store (a backup, a
 * read-only SQL account) then holds no usable session: the id has 256 random bits, so a plain hash suffices.
 */
export const hashSessionId = (id: string): string => createHash('sha256').update(id, 'utf8').digest('hex');

/**
 * Stores a new session row and returns the raw id for the cookie. `csrfToken` is the login page's token
 * when the form posted it back (security/login-csrf.ts); otherwise the session gets a fresh one.
 */
export async function insertSession(ctx: Pick<AppContext, 'store'>, userId: number, lifetimeSeconds: number, csrfToken: string = token()): Promise<Session> {
  const session = { id: token(), userId, csrfToken };
  const now = new Date();
  await ctx.store.db
    .insertInto('user_session')
    .values({
      id: hashSessionId(session.id),
      user_id: userId,
      csrf_token: session.csrfToken,
      created_on: now.toISOString(),
      expires_on: new Date(now.getTime() + lifetimeSeconds * 1000).toISOString(),
    })
    .execute();
  return session;
}

/** Creates a server-side session, so logout really ends it (a stateless cookie could not be revoked). */
export async function createSession(ctx: Pick<AppContext, 'store' | 'config'>, userId: number, csrfToken?: string): Promise<Session> {
  const session = await insertSession(ctx, userId, ctx.config.sessionLifetimeSeconds, csrfToken);
  // Expired sessions are swept opportunistically at login rather than by a timer.
  await ctx.store.db.deleteFrom('user_session').where('expires_on', '<', nowIso()).execute();
  return session;
}

/** The live session of a cookie's raw id, or null. */
export async function findSession(ctx: Pick<AppContext, 'store'>, id: string): Promise<Session | null> {
  const row = await ctx.store.db
    .selectFrom('user_session')
    .selectAll()
    .where('id', '=', hashSessionId(id))
    .where('expires_on', '>', nowIso())
    .executeTakeFirst();
  return row ? { id, userId: row.user_id, csrfToken: row.csrf_token } : null;
}

export async function deleteSession(ctx: Pick<AppContext, 'store'>, id: string): Promise<void> {
  await ctx.store.db.deleteFrom('user_session').where('id', '=', hashSessionId(id)).execute();
}

/**
 * Ends every session of a user (deactivated, password changed), except `keepId` (raw id): a user changing their
 * own password keeps the session they did it from. Returns how many sessions were ended.
 */
export async function deleteUserSessions(db: Kysely<MetadataSchema>, userId: number, keepId?: string): Promise<number> {
  // `db` rather than the context: the users API ends sessions in the same transaction as the change.
  let query = db.deleteFrom('user_session').where('user_id', '=', userId);
  if (keepId !== undefined) query = query.where('id', '<>', hashSessionId(keepId));
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
