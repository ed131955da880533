import { errors, jwtVerify, SignJWT } from 'jose';
import type { LumenConfig } from '../config';

/**
 * Bearer tokens for scripts (POST /api/v1/security/login, as in the incumbent's API). Signed with a key
 * derived from the secret key; `type` separates access, refresh and guest tokens so one can never be
 * replayed as another.
 */
export type TokenType = 'access' | 'refresh';
const ACCESS_SECONDS = 15 * 60;
const REFRESH_SECONDS = 30 * 86400;

export const signingKey = (config: Pick<LumenConfig, 'secretKey'>): Uint8Array => new TextEncoder().encode(config.secretKey);

/** `cred`: the user's credential stamp (credential-stamp.ts), so a password change revokes the token. */
export async function issueToken(config: LumenConfig, userId: number, type: TokenType, cred?: string): Promise<string> {
  return new SignJWT({ type, fresh: type === 'access', ...(cred === undefined ? {} : { cred }) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${type === 'access' ? ACCESS_SECONDS : REFRESH_SECONDS}s`)
    .setIssuer('lumen')
    .sign(signingKey(config));
}

/** Returns the user id of a valid token of the expected type, or null (expired, forged, wrong type). */
export async function verifyToken(config: LumenConfig, token: string, type: TokenType): Promise<number | null> {
  return (await verifyTokenClaims(config, token, type))?.userId ?? null;
}

/** What a valid token says: its user, credential stamp and expiry (seconds since the epoch). */
export interface TokenClaims {
  userId: number;
  cred?: string;
  exp?: number;
}

/** The user id, credential stamp and expiry of a valid token of the expected type, or null. */
export async function verifyTokenClaims(config: Pick<LumenConfig, 'secretKey'>, token: string, type: TokenType): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(config), { issuer: 'lumen', algorithms: ['HS256'] });
    if (payload.type !== type || !payload.sub) return null;
    const id = Number(payload.sub);
    if (!Number.isInteger(id)) return null;
    const exp = typeof payload.exp === 'number' ? { exp: payload.exp } : {};
    return typeof payload.cred === 'string' ? { userId: id, cred: payload.cred, ...exp } : { userId: id, ...exp };
  } catch {
    return null;
  }
}

/**
 * True when the token carries this server's valid signature but its lifetime is over (jose checks the
 * signature before the claims, so a forged token is never 'expired'). Asked only after a token was refused,
 * to answer as the incumbent does: its clients refresh on 401 `{msg: 'Token has expired'}`.
 */
export async function isExpiredToken(config: LumenConfig, token: string): Promise<boolean> {
  try {
    await jwtVerify(token, signingKey(config), { issuer: 'lumen', algorithms: ['HS256'] });
    return false;
  } catch (error) {
    return error instanceof errors.JWTExpired;
  }
}
