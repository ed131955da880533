import type { FastifyRequest } from 'fastify';
import { LumenError } from '../errors';
import { loginThrottleFor, throttleKey } from '../security/login-throttle';
import type { SignInRefusal } from './external-profile';
import { signInExternalUser } from './identities';
import { ldapAuthenticate, LdapUnavailableError } from './ldap';
import type { LdapSettings } from './sso-config';

/** An LDAP login's outcome: the user, or why not (`credentials`: unknown user or wrong password). */
export type LdapSignIn = { userId: number } | { refused: SignInRefusal | 'credentials' | 'unavailable' };

/**
 * One LDAP login attempt under the shared login throttle. A wrong password, an unknown user and an account
 * Lumen refuses (deactivated, not registered, an existing account it may not take over) all count as
 * failures. A directory that cannot be reached is logged as an error and refused as `unavailable`, without
 * counting against the user. Throws 429 while the name is throttled at this address.
 *
 * @example
 * const result = await ldapSignIn(request, ctx.config.auth.ldap, 'alice', password);
 */
export async function ldapSignIn(request: FastifyRequest, settings: LdapSettings, username: string, password: string): Promise<LdapSignIn> {
  const ctx = request.server.lumen;
  const throttle = loginThrottleFor(ctx);
  const key = throttleKey(username, request.ip);
  if (throttle.isBlocked(key)) throw new LumenError(429, 'Too many failed logins. Try again in a few minutes.');
  let profile;
  try {
    profile = await ldapAuthenticate(settings, username, password);
  } catch (error) {
    if (!(error instanceof LdapUnavailableError)) throw error;
    request.log.error({ url: settings.url, reason: error.message }, 'LDAP directory unavailable');
    return { refused: 'unavailable' };
  }
  const result = profile ? await signInExternalUser(ctx, profile, settings, request.log) : ({ refused: 'credentials' } as const);
  if ('refused' in result) {
    throttle.fail(key);
    request.log.info({ username, reason: result.refused }, 'failed LDAP login');
    return result;
  }
  throttle.succeed(key);
  return result;
}

/**
 * ldapSignIn answering only the user's id, or null for every refusal alike (the JSON login API's words
 * must not tell an unknown user from a wrong password).
 *
 * @example
 * const userId = await ldapLogin(request, ctx.config.auth.ldap, 'alice', password);
 */
export async function ldapLogin(request: FastifyRequest, settings: LdapSettings, username: string, password: string): Promise<number | null> {
  const result = await ldapSignIn(request, settings, username, password);
  return 'userId' in result ? result.userId : null;
}
