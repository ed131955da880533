import type { FastifyRequest } from 'fastify';
import { LumenError } from '../errors';
import { loginThrottleFor, throttleKey } from '../security/login-throttle';
import { signInExternalUser } from './identities';
import { ldapAuthenticate, LdapUnavailableError } from './ldap';
import type { LdapSettings } from './sso-config';

/**
 * One LDAP login attempt under the shared login throttle; the user's id, or null. A wrong password, an
 * unknown user and an account Lumen refuses (deactivated, not registered) all count as failures and answer
 * alike. A directory that cannot be reached is logged as an error and answers the same, without counting
 * against the user. Throws 429 while the name is throttled at this address.
 *
 * @example
 * const userId = await ldapLogin(request, ctx.config.auth.ldap, 'alice', password);
 */
export async function ldapLogin(request: FastifyRequest, settings: LdapSettings, username: string, password: string): Promise<number | null> {
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
    return null;
  }
  const result = profile ? await signInExternalUser(ctx, profile, settings, request.log) : null;
  if (!result || 'refused' in result) {
    throttle.fail(key);
    request.log.info({ username, reason: result ? result.refused : 'credentials' }, 'failed LDAP login');
    return null;
  }
  throttle.succeed(key);
  return result.userId;
}
