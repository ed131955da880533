import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The incumbent's login page carries `<input id="csrf_token" name="csrf_token" type="hidden">`, and its
 * API clients that sign in through the form read that token and send it as X-CSRFToken on every write.
 * Lumen keeps the token in a short-lived cookie before login and makes it the session's CSRF token when
 * the form posts the same value back, so the token read from the page stays valid after sign-in.
 */
export const LOGIN_CSRF_COOKIE = 'lumen_login_csrf';

/** How long a login page's token may wait for its form to be posted. */
const LOGIN_CSRF_SECONDS = 60 * 60;
/** 32 random bytes in base64url: anything else in the cookie is not one of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const cookieToken = (request: FastifyRequest): string | undefined => {
  const value = request.cookies[LOGIN_CSRF_COOKIE];
  return value && TOKEN_SHAPE.test(value) ? value : undefined;
};

/** The login page's token: the one this browser already holds, else a fresh one set as a cookie. */
export function loginCsrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = cookieToken(request);
  if (existing) return existing;
  const token = randomBytes(32).toString('base64url');
  reply.setCookie(LOGIN_CSRF_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: LOGIN_CSRF_SECONDS,
  });
  return token;
}

/** The hidden field, as the incumbent's page names it (the token is base64url: nothing to escape). */
export const csrfHiddenField = (token: string): string => `<input id="csrf_token" name="csrf_token" type="hidden" value="${token}">`;

/** index.html with the hidden field just before `</body>` (at the end when the page has none). */
export function withCsrfField(html: string, token: string): string {
  const field = csrfHiddenField(token);
  const end = html.lastIndexOf('</body>');
  return end === -1 ? html + field : html.slice(0, end) + field + html.slice(end);
}

export type LoginCsrfCheck = { kind: 'absent' } | { kind: 'matches'; token: string } | { kind: 'mismatch' };

/**
 * What the login form's `csrf_token` says. Absent: the app's own form, which the Origin check already
 * guards, signs in as before. Matches the cookie: the session adopts the token. Anything else is refused,
 * as the incumbent refuses a login form with a stale or foreign token.
 */
export function checkLoginCsrf(request: FastifyRequest, sent: unknown): LoginCsrfCheck {
  if (sent === undefined) return { kind: 'absent' };
  const expected = cookieToken(request);
  if (typeof sent !== 'string' || !expected) return { kind: 'mismatch' };
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b) ? { kind: 'matches', token: expected } : { kind: 'mismatch' };
}

/** A used login token is forgotten, so the next login page gets a new one. */
export const clearLoginCsrf = (reply: FastifyReply): void => {
  reply.clearCookie(LOGIN_CSRF_COOKIE, { path: '/' });
};
