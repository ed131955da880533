import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import { nowIso } from '../metadata/connect';

export const SESSION_COOKIE = 'lumen_session';

export interface Session {
  id: string;
  userId: number;
  csrfToken: string;
}

const token = () => randomBytes(32).toString('base64url');

/** Creates a server-side session, so logout really ends it (a stateless cookie could not be revoked). */
export async function createSession(ctx: Pick<AppContext, 'store' | 'config'>, userId: number): Promise<Session> {
  const session = { id: token(), userId, csrfToken: token() };
  const now = new Date();
  await ctx.store.db
    .insertInto('user_session')
    .values({
      id: session.id,
      user_id: userId,
      csrf_token: session.csrfToken,
      created_on: now.toISOString(),
      expires_on: new Date(now.getTime() + ctx.config.sessionLifetimeSeconds * 1000).toISOString(),
    })
    .execute();
  // Expired sessions are swept opportunistically at login rather than by a timer.
  await ctx.store.db.deleteFrom('user_session').where('expires_on', '<', now.toISOString()).execute();
  return session;
}

export async function findSession(ctx: Pick<AppContext, 'store'>, id: string): Promise<Session | null> {
  const row = await ctx.store.db
    .selectFrom('user_session')
    .selectAll()
    .where('id', '=', id)
    .where('expires_on', '>', nowIso())
    .executeTakeFirst();
  return row ? { id: row.id, userId: row.user_id, csrfToken: row.csrf_token } : null;
}

export async function deleteSession(ctx: Pick<AppContext, 'store'>, id: string): Promise<void> {
  await ctx.store.db.deleteFrom('user_session').where('id', '=', id).execute();
}
