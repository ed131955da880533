import { createHash } from 'node:crypto';
import type { AppContext } from '../context';

/**
 * A short fingerprint of a user's password hash, carried by the Bearer tokens the login issues (`cred`). A
 * password change gives a new hash (new salt), so every access and refresh token issued before it stops
 * working, as the user's sessions do (security-api/users.ts). The fingerprint reveals nothing usable: it is a
 * truncated SHA-256 of a salted scrypt hash.
 */
export const credentialStamp = (passwordHash: string | null): string =>
  createHash('sha256').update(passwordHash ?? '', 'utf8').digest('base64url').slice(0, 16);

/** The stamp of the user's current password, or null when the user no longer exists. */
export async function currentCredentialStamp(ctx: Pick<AppContext, 'store'>, userId: number): Promise<string | null> {
  const row = await ctx.store.db.selectFrom('ab_user').select('password_hash').where('id', '=', userId).executeTakeFirst();
  return row ? credentialStamp(row.password_hash) : null;
}

/**
 * Whether a token's stamp still matches the user's password. Tokens without a stamp (issued by tests, or
 * before stamps existed) pass: they expire on their own (access 15 minutes, refresh 30 days).
 */
export async function stampIsCurrent(ctx: Pick<AppContext, 'store'>, userId: number, stamp: string | undefined): Promise<boolean> {
  if (stamp === undefined) return true;
  return stamp === (await currentCredentialStamp(ctx, userId));
}
