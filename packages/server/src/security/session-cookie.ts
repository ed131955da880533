import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { createSession, deleteSession, SESSION_COOKIE, type Session } from './sessions';

/**
 * Signs a user in on this browser: a fresh server-side session and its httpOnly cookie. Any session the
 * request came with is ended first, so a session id planted before login (fixation) is worthless after it.
 * `csrfToken`: the login page's token the form posted back, kept as the session's (login-csrf.ts).
 */
export async function startSession(
  ctx: Pick<AppContext, 'store' | 'config'>,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  csrfToken?: string,
): Promise<Session> {
  if (request.session) await deleteSession(ctx, request.session.id);
  const session = await createSession(ctx, userId, csrfToken);
  reply.setCookie(SESSION_COOKIE, session.id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: ctx.config.sessionLifetimeSeconds,
  });
  return session;
}
