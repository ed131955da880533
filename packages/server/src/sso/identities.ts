import { sql, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { nowIso, toBool } from '../metadata/connect';
import type { MetadataSchema } from '../metadata/schema';
import { forgetUser } from '../security/load-user';
import type { ExternalProfile, SignInRefusal } from './external-profile';
import { mapRoles } from './role-mapping';
import { existingRoles, grantRoles, syncMappedRoles } from './role-sync';
import type { SsoAccountSettings } from './sso-config';
import { isUniqueViolation } from '../resources/writes';

type Trx = Transaction<MetadataSchema>;
export type ExternalSignIn = { userId: number } | { refused: SignInRefusal };

interface Linked {
  userId: number;
  active: boolean;
  /** Roles mapped at the previous sign-in through this provider; [] when newly linked. */
  previous: string[];
}

const parseRoles = (json: string): string[] => {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * The Lumen user of an external identity: the one already linked to it, else the user with the same
 * username when this identity may take it over. By default (`linkExistingUsers` off) that is only an
 * account without a password and without an identity, i.e. one an admin created for single sign-on;
 * an account with a password, or one linked to the other provider, is refused (`account_exists`), so a
 * provider user named `admin` does not become Lumen's admin. A username already linked to another
 * identity of the same provider is a different person: refused (`conflict`) whatever the setting.
 */
async function findLinked(trx: Trx, profile: ExternalProfile, settings: SsoAccountSettings): Promise<Linked | SignInRefusal | null> {
  const identity = await trx
    .selectFrom('user_identity as i')
    .innerJoin('ab_user as u', 'u.id', 'i.user_id')
    .select(['u.id', 'u.active', 'i.mapped_roles'])
    .where('i.provider', '=', profile.provider)
    .where('i.subject', '=', profile.subject)
    .executeTakeFirst();
  if (identity) return { userId: identity.id, active: toBool(identity.active), previous: parseRoles(identity.mapped_roles) };
  const user = await trx
    .selectFrom('ab_user as u')
    .leftJoin('user_identity as i', 'i.user_id', 'u.id')
    .select(['u.id', 'u.active', 'u.password_hash', 'i.provider', 'i.mapped_roles'])
    .where(sql`lower(u.username)`, '=', profile.username.toLowerCase())
    .executeTakeFirst();
  if (!user) return null;
  if (user.provider === profile.provider) return 'conflict';
  const awaitingFirstSignIn = !user.password_hash && !user.provider;
  if (!awaitingFirstSignIn && !settings.linkExistingUsers) return 'account_exists';
  // Linked through the other provider until now: its mapped roles are replaced by this provider's.
  return { userId: user.id, active: toBool(user.active), previous: user.mapped_roles ? parseRoles(user.mapped_roles) : [] };
}

/** Attempts at a sign-in's transaction: a lost race is re-read once the winner committed. */
const ATTEMPTS = 3;

/** A new account without a password: it signs in through its provider only. */
async function createAccount(trx: Trx, profile: ExternalProfile): Promise<number> {
  const now = nowIso();
  const { id } = await trx
    .insertInto('ab_user')
    .values({
      username: profile.username,
      first_name: profile.firstName || profile.username,
      last_name: profile.lastName,
      email: profile.email ?? `${profile.username}@lumen.invalid`,
      password_hash: null,
      active: 1,
      login_count: 0,
      last_login: null,
      created_on: now,
      changed_on: now,
      created_by_fk: null,
      changed_by_fk: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function saveIdentity(trx: Trx, userId: number, profile: ExternalProfile, mapped: string[]): Promise<void> {
  const now = nowIso();
  await trx.deleteFrom('user_identity').where('user_id', '=', userId).execute();
  await trx
    .insertInto('user_identity')
    .values({ user_id: userId, provider: profile.provider, subject: profile.subject, mapped_roles: JSON.stringify(mapped), created_on: now, last_login: now })
    .execute();
  await trx
    .updateTable('ab_user')
    .set({ last_login: now, login_count: sql`login_count + 1` })
    .where('id', '=', userId)
    .execute();
}

/**
 * Signs in a user the provider authenticated: finds or (with autoRegister) creates their Lumen account,
 * refuses a deactivated one or one it may not take over, and replaces the roles their groups mapped to last
 * time with today's mapping. A new account also gets the provider's default role, once. A refusal writes
 * nothing.
 *
 * Idempotent under concurrency: two first sign-ins of the same new user (two tabs, a double click) race to
 * create the account; the loser's insert hits the unique username (or identity) and its transaction rolls
 * back, and it runs again, finding the account the winner committed, so both sign in to one account.
 *
 * @example
 * const result = await signInExternalUser(ctx, profile, ctx.config.auth.ldap!, log);
 * if ('userId' in result) await startSession(ctx, request, reply, result.userId);
 */
export async function signInExternalUser(
  ctx: Pick<AppContext, 'store'>,
  profile: ExternalProfile,
  settings: SsoAccountSettings,
  log: FastifyBaseLogger,
): Promise<ExternalSignIn> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await signInOnce(ctx, profile, settings, log);
      if ('userId' in result) forgetUser(ctx, result.userId);
      return result;
    } catch (error) {
      // A lost race: another sign-in of the same person created the account or linked the identity first.
      if (!isUniqueViolation(error) || attempt >= ATTEMPTS) throw error;
      log.info({ username: profile.username, provider: profile.provider, attempt }, 'single sign-on: concurrent first sign-in; reading the account again');
    }
  }
}

function signInOnce(ctx: Pick<AppContext, 'store'>, profile: ExternalProfile, settings: SsoAccountSettings, log: FastifyBaseLogger): Promise<ExternalSignIn> {
  return ctx.store.db.transaction().execute(async (trx): Promise<ExternalSignIn> => {
    let linked = await findLinked(trx, profile, settings);
    if (typeof linked === 'string') return { refused: linked };
    const mappedRoles = await existingRoles(trx, mapRoles(profile.groups, settings.roleMapping, profile.provider === 'ldap'), log);
    if (!linked) {
      if (!settings.autoRegister) return { refused: 'unregistered' };
      linked = { userId: await createAccount(trx, profile), active: true, previous: [] };
      const defaults = settings.defaultRole ? await existingRoles(trx, [settings.defaultRole], log) : new Map<string, number>();
      await grantRoles(trx, linked.userId, [...defaults.values()]);
    }
    if (!linked.active) return { refused: 'inactive' };
    await syncMappedRoles(trx, linked.userId, linked.previous, mappedRoles);
    await saveIdentity(trx, linked.userId, profile, [...mappedRoles.keys()]);
    return { userId: linked.userId };
  });
}
