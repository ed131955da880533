import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, LumenError } from '../errors';
import { loadUser } from '../security/load-user';
import { loginThrottleFor, throttleKey } from '../security/login-throttle';
import { safeNextPath } from '../security/safe-next';
import { startSession } from '../security/session-cookie';
import { signInExternalUser } from './identities';
import { ldapAuthenticate, LdapUnavailableError } from './ldap';
import type { LdapSettings } from './sso-config';

export const LDAP_LOGIN_PATH = '/login/ldap/';
/** The password form's words: an LDAP failure must not tell an unknown user from a wrong password. */
const INVALID_LOGIN = 'Invalid login. Please try again.';

type Outcome = { userId: number } | { failed: true };

/**
 * One LDAP login attempt under the shared login throttle: a wrong password, an unknown user and an account
 * Lumen refuses (deactivated, not registered) all count as failures and answer alike. A directory that
 * cannot be reached is logged as an error and answers the same words, without counting against the user.
 */
async function attempt(request: FastifyRequest, settings: LdapSettings, username: string, password: string): Promise<Outcome> {
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
    return { failed: true };
  }
  const result = profile ? await signInExternalUser(ctx, profile, settings, request.log) : null;
  if (!result || 'refused' in result) {
    throttle.fail(key);
    request.log.info({ username, reason: result ? result.refused : 'credentials' }, 'failed LDAP login');
    return { failed: true };
  }
  throttle.succeed(key);
  return result;
}

const wantsJson = (request: FastifyRequest) =>
  (request.headers.accept ?? '').includes('application/json') || Boolean(request.headers['content-type']?.includes('application/json'));

function failed(request: FastifyRequest, reply: FastifyReply, next: string) {
  if (wantsJson(request)) return reply.status(401).send({ message: INVALID_LOGIN });
  return reply.redirect(`/login/?error=1&provider=ldap&next=${encodeURIComponent(next)}`);
}

/**
 * POST /login/ldap/: the login form with the directory selected (and a JSON variant), answering as POST
 * /login/ does: a session cookie and a redirect to `next`, or back to the form with `error=1`.
 */
export function registerLdapRoutes(app: FastifyInstance, settings: LdapSettings): void {
  app.post(LDAP_LOGIN_PATH, { config: { public: true, csrfExempt: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const next = safeNextPath(body.next ?? (request.query as Record<string, unknown>)?.next);
    const { username, password } = body;
    if (typeof username !== 'string' || !username || typeof password !== 'string' || !password) {
      if (wantsJson(request)) throw badRequest('username and password are required strings');
      return failed(request, reply, next);
    }
    let outcome: Outcome;
    try {
      outcome = await attempt(request, settings, username, password);
    } catch (error) {
      if (wantsJson(request)) throw error;
      return failed(request, reply, next);
    }
    if ('failed' in outcome) return failed(request, reply, next);
    await startSession(request.server.lumen, request, reply, outcome.userId);
    if (!wantsJson(request)) return reply.redirect(next);
    const user = await loadUser(request.server.lumen, outcome.userId);
    return { result: user && { id: user.id, username: user.username, first_name: user.first_name, last_name: user.last_name, email: user.email } };
  });
}
