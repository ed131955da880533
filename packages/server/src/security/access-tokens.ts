import { jwtVerify, SignJWT } from 'jose';
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

export async function issueToken(config: LumenConfig, userId: number, type: TokenType): Promise<string> {
  return new SignJWT({ type, fresh: type === 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${type === 'access' ? ACCESS_SECONDS : REFRESH_SECONDS}s`)
    .setIssuer('lumen')
    .sign(signingKey(config));
}

/** Returns the user id of a valid token of the expected type, or null (expired, forged, wrong type). */
export async function verifyToken(config: LumenConfig, token: string, type: TokenType): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(config), { issuer: 'lumen', algorithms: ['HS256'] });
    if (payload.type !== type || !payload.sub) return null;
    const id = Number(payload.sub);
    return Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}
