import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PendingLogin } from './oidc';

/** Holds the OIDC state, nonce and PKCE verifier between the redirect to the provider and its callback. */
export const PENDING_LOGIN_COOKIE = 'lumen_oidc';
/** Only the callback reads it; ten minutes is ample to sign in at the provider. */
const OPTIONS = { path: '/oauth-authorized/', httpOnly: true, sameSite: 'lax' as const, maxAge: 600 };

/**
 * Stores the pending login in a cookie signed with the secret key (@fastify/cookie), so it cannot be forged;
 * sameSite=lax still sends it on the provider's top-level redirect back. The browser holding it is the one
 * that started the sign-in, which is what state and PKCE bind the callback to.
 */
export function setPendingLogin(request: FastifyRequest, reply: FastifyReply, pending: PendingLogin): void {
  reply.setCookie(PENDING_LOGIN_COOKIE, JSON.stringify(pending), { ...OPTIONS, signed: true, secure: request.protocol === 'https' });
}

/** The pending login of this browser, or null when missing, tampered with or malformed. Always cleared: one use. */
export function takePendingLogin(request: FastifyRequest, reply: FastifyReply): PendingLogin | null {
  const raw = request.cookies[PENDING_LOGIN_COOKIE];
  reply.clearCookie(PENDING_LOGIN_COOKIE, { path: OPTIONS.path });
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  try {
    const value = JSON.parse(unsigned.value) as Partial<PendingLogin>;
    const ok = [value.state, value.nonce, value.codeVerifier, value.next].every((v) => typeof v === 'string');
    return ok ? (value as PendingLogin) : null;
  } catch {
    return null;
  }
}
