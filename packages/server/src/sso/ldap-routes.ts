import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../errors';
import { loadUser } from '../security/load-user';
import { safeNextPath } from '../security/safe-next';
import { startSession } from '../security/session-cookie';
import { ldapSignIn } from './ldap-login';
import type { LdapSettings } from './sso-config';
import { ssoErrorUrl } from './sso-errors';

export const LDAP_LOGIN_PATH = '/login/ldap/';
/** The password form's words: an LDAP failure must not tell an unknown user from a wrong password. */
const INVALID_LOGIN = 'Invalid login. Please try again.';

const wantsJson = (request: FastifyRequest) =>
  (request.headers.accept ?? '').includes('application/json') || Boolean(request.headers['content-type']?.includes('application/json'));

function failed(request: FastifyRequest, reply: FastifyReply, next: string) {
  if (wantsJson(request)) return reply.status(401).send({ message: INVALID_LOGIN });
  return reply.redirect(`/login/?error=1&provider=ldap&next=${encodeURIComponent(next)}`);
}

/**
 * POST /login/ldap/: the login form with the directory selected (and a JSON variant), answering as POST
 * /login/ does: a session cookie and a redirect to `next`, or back to the form with `error=1`
 * (`sso_error=account_exists` when the right password met a Lumen account this identity may not take).
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
    let result;
    try {
      result = await ldapSignIn(request, settings, username, password);
    } catch (error) {
      if (wantsJson(request)) throw error;
      return failed(request, reply, next);
    }
    if ('refused' in result) {
      // The directory accepted the password, but the Lumen account of that name is not this identity's to
      // take: the form says so (only someone who knows the directory password learns it). Everything else,
      // and the JSON variant, answers the password form's words.
      if (result.refused === 'account_exists' && !wantsJson(request)) return reply.redirect(ssoErrorUrl('account_exists', next));
      return failed(request, reply, next);
    }
    const { userId } = result;
    await startSession(request.server.lumen, request, reply, userId);
    if (!wantsJson(request)) return reply.redirect(next);
    const user = await loadUser(request.server.lumen, userId);
    return { result: user && { id: user.id, username: user.username, first_name: user.first_name, last_name: user.last_name, email: user.email } };
  });
}
