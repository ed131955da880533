import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { LumenConfig } from '../config';
import { type GuestTokenFailure, guestTokenFailureOf } from './guest-token-failure';

/**
 * Guest tokens (the incumbent's wire format): HS256/384/512 JWTs with claims {user, resources, rls_rules,
 * iat, exp, aud, type: 'guest'}. Signed with a key derived from the secret key under its own label, so a
 * guest token can never verify as a session access token (security/access-tokens.ts signs with the raw
 * secret) and the other way round.
 */
export interface GuestUserClaim {
  username: string;
  first_name: string;
  last_name: string;
}

/**
 * A resource as the incumbent writes it: the id is a dashboard id or an embedded uuid, as a string. Lumen adds
 * `sqllab`, whose id is a database id: the guest may run read-only SQL on that database in `<bi-sqllab>`.
 */
export interface GuestResourceClaim {
  type: GuestResourceType;
  id: string;
}

export type GuestResourceType = 'dashboard' | 'sqllab';

/** Why a token with a SQL Lab grant may not carry RLS rules: free SQL cannot be filtered by them. */
export const SQLLAB_GRANT_WITH_RLS_MESSAGE = 'a SQL Lab grant cannot be combined with RLS rules: free SQL cannot be filtered by row-level security';

export interface GuestRlsRuleClaim {
  dataset?: number;
  clause: string;
}

export interface GuestTokenClaims {
  user: GuestUserClaim;
  resources: GuestResourceClaim[];
  rls_rules: GuestRlsRuleClaim[];
  type: 'guest';
  iat: number;
  exp: number;
  aud: string;
}

/** Accepted difference between our clock and the clock that minted the token, in seconds. */
export const GUEST_TOKEN_CLOCK_TOLERANCE_SECONDS = 30;

const HASH_OF = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' } as const;

/** HMAC(secretKey, 'guest-token'), with the hash matching the algorithm so the key has its full length. */
export function guestTokenKey(config: Pick<LumenConfig, 'secretKey' | 'guestToken'>): Uint8Array {
  return new Uint8Array(createHmac(HASH_OF[config.guestToken.algorithm], config.secretKey).update('guest-token').digest());
}

/** The audience: configured, else the host the request came to (as the incumbent does). */
export const guestTokenAudience = (config: Pick<LumenConfig, 'guestToken'>, requestHost: string): string =>
  config.guestToken.audience ?? requestHost;

/**
 * Signs a guest token valid for `config.guestToken.lifetimeSeconds`.
 *
 * @example
 * const token = await mintGuestToken(config, { user, resources: [{ type: 'dashboard', id: '7' }], rls_rules: [] }, 'bi.example.com');
 */
export async function mintGuestToken(
  config: Pick<LumenConfig, 'secretKey' | 'guestToken'>,
  claims: Pick<GuestTokenClaims, 'user' | 'resources' | 'rls_rules'>,
  audience: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({ user: claims.user, resources: claims.resources, rls_rules: claims.rls_rules, type: 'guest' })
    .setProtectedHeader({ alg: config.guestToken.algorithm, typ: 'JWT' })
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + config.guestToken.lifetimeSeconds)
    .setAudience(audience)
    .sign(guestTokenKey(config));
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseUser(value: unknown): GuestUserClaim | null {
  if (!isRecord(value) || typeof value.username !== 'string' || !value.username) return null;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return { username: value.username, first_name: text(value.first_name), last_name: text(value.last_name) };
}

function parseResources(value: unknown): GuestResourceClaim[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const out: GuestResourceClaim[] = [];
  for (const item of value) {
    if (!isRecord(item) || (item.type !== 'dashboard' && item.type !== 'sqllab')) return null;
    if (typeof item.id !== 'string' && typeof item.id !== 'number') return null;
    if (item.type === 'sqllab' && !/^[1-9]\d{0,15}$/.test(String(item.id))) return null;
    out.push({ type: item.type, id: String(item.id) });
  }
  return out;
}

function parseRules(value: unknown): GuestRlsRuleClaim[] | null {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return null;
  const out: GuestRlsRuleClaim[] = [];
  for (const item of value) {
    if (!isRecord(item) || typeof item.clause !== 'string' || !item.clause.trim()) return null;
    if (item.dataset === undefined || item.dataset === null) out.push({ clause: item.clause });
    else if (Number.isInteger(item.dataset)) out.push({ dataset: item.dataset as number, clause: item.clause });
    else return null;
  }
  return out;
}

/** A verified token's claims, or why it was refused. */
export type GuestTokenCheck = { ok: true; claims: GuestTokenClaims } | { ok: false; failure: GuestTokenFailure };

/**
 * Verifies signature, algorithm, expiry (with a 30 s clock tolerance), audience, `type === 'guest'` and
 * the shape of every claim, and says why a token is refused (expired, forged, wrong audience or shape).
 *
 * @example
 * const check = await checkGuestToken(config, request.headers['x-guesttoken'], request.host);
 * if (!check.ok) throw unauthorized(check.failure.message);
 */
export async function checkGuestToken(
  config: Pick<LumenConfig, 'secretKey' | 'guestToken'>,
  token: string,
  audience: string,
  currentDate?: Date,
): Promise<GuestTokenCheck> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, guestTokenKey(config), {
      algorithms: [config.guestToken.algorithm],
      audience,
      clockTolerance: GUEST_TOKEN_CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp', 'iat', 'aud'],
      currentDate,
    }));
  } catch (error) {
    return { ok: false, failure: guestTokenFailureOf(error, token, audience) };
  }
  const malformed = (what: string) => ({ ok: false as const, failure: { code: 'TOKEN_INVALID' as const, message: `Guest token is invalid: ${what}` } });
  if (payload.type !== 'guest') return malformed('not a guest token');
  const user = parseUser(payload.user);
  const resources = parseResources(payload.resources);
  const rules = parseRules(payload.rls_rules);
  if (!user || !resources || !rules) return malformed('malformed user, resources or rls_rules claim');
  if (rules.length && resources.some((r) => r.type === 'sqllab')) return malformed(SQLLAB_GRANT_WITH_RLS_MESSAGE);
  return {
    ok: true,
    claims: { user, resources, rls_rules: rules, type: 'guest', iat: payload.iat as number, exp: payload.exp as number, aud: audience },
  };
}

/**
 * checkGuestToken's claims, or null for any refused token.
 *
 * @example
 * const claims = await verifyGuestToken(config, request.headers['x-guesttoken'], request.host);
 */
export async function verifyGuestToken(
  config: Pick<LumenConfig, 'secretKey' | 'guestToken'>,
  token: string,
  audience: string,
  currentDate?: Date,
): Promise<GuestTokenClaims | null> {
  const check = await checkGuestToken(config, token, audience, currentDate);
  return check.ok ? check.claims : null;
}
