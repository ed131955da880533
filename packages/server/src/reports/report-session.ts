import type { AppContext } from '../context';
import { deleteSession, insertSession, SESSION_COOKIE } from '../security/sessions';

/**
 * A short-lived app session for the headless browser, created server-side for the report's executing user
 * and deleted when the render ends: the renderer sees exactly what that user sees (permissions, RLS).
 */
export interface RenderSession {
  cookie: { name: string; value: string };
  end(): Promise<void>;
}

export async function openRenderSession(ctx: Pick<AppContext, 'store'>, userId: number, lifetimeSeconds: number): Promise<RenderSession> {
  const session = await insertSession(ctx, userId, lifetimeSeconds);
  return {
    cookie: { name: SESSION_COOKIE, value: session.id },
    end: () => deleteSession(ctx, session.id),
  };
}
