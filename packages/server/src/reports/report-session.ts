import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import { SESSION_COOKIE } from '../security/sessions';

/**
 * A short-lived app session for the headless browser, created server-side for the report's executing user
 * and deleted when the render ends: the renderer sees exactly what that user sees (permissions, RLS).
 */
export interface RenderSession {
  cookie: { name: string; value: string };
  end(): Promise<void>;
}

export async function openRenderSession(ctx: Pick<AppContext, 'store'>, userId: number, lifetimeSeconds: number): Promise<RenderSession> {
  const id = randomBytes(32).toString('base64url');
  const now = new Date();
  await ctx.store.db
    .insertInto('user_session')
    .values({
      id,
      user_id: userId,
      csrf_token: randomBytes(32).toString('base64url'),
      created_on: now.toISOString(),
      expires_on: new Date(now.getTime() + lifetimeSeconds * 1000).toISOString(),
    })
    .execute();
  return {
    cookie: { name: SESSION_COOKIE, value: id },
    end: async () => {
      await ctx.store.db.deleteFrom('user_session').where('id', '=', id).execute();
    },
  };
}
