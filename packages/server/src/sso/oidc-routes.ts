import type { FastifyInstance, FastifyRequest } from 'fastify';
import { safeNextPath } from '../security/safe-next';
import { startSession } from '../security/session-cookie';
import { signInExternalUser } from './identities';
import { finishOidcLogin, startOidcLogin } from './oidc';
import { setPendingLogin, takePendingLogin } from './pending-login-cookie';
import type { OidcSettings } from './sso-config';
import { ssoErrorUrl } from './sso-errors';

export const OIDC_LOGIN_PATH = '/login/oidc/';
const CALLBACK_PATH = '/oauth-authorized/oidc/';

/** The callback URL registered at the provider: configured, else this server's public URL or request origin. */
function redirectUriFor(request: FastifyRequest, settings: OidcSettings): string {
  if (settings.redirectUri) return settings.redirectUri;
  // request.host and protocol honour X-Forwarded-* only from trusted proxies, so a client cannot choose them.
  const base = request.server.lumen.config.reports.publicUrl ?? `${request.protocol}://${request.host}`;
  return `${base}${CALLBACK_PATH}`;
}

const queryOf = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;
const searchOf = (request: FastifyRequest) => {
  const start = request.url.indexOf('?');
  return start === -1 ? '' : request.url.slice(start);
};

/**
 * OpenID Connect sign-in: GET /login/oidc/?next=... redirects to the provider (authorization code flow with
 * PKCE, state and nonce); the provider sends the browser back to GET /oauth-authorized/oidc/, which checks
 * everything, signs the user in as the password form does and continues to `next`. Every failure lands on
 * the login page with a reason code.
 */
export function registerOidcRoutes(app: FastifyInstance, settings: OidcSettings): void {
  const ctx = app.lumen;
  app.get(OIDC_LOGIN_PATH, { config: { public: true } }, async (request, reply) => {
    const next = safeNextPath(queryOf(request).next);
    try {
      const { url, pending } = await startOidcLogin(settings, redirectUriFor(request, settings), next);
      setPendingLogin(request, reply, pending);
      return reply.redirect(url.href);
    } catch (error) {
      request.log.error({ issuer: settings.issuer, reason: (error as Error).message }, 'OpenID provider unavailable');
      return reply.redirect(ssoErrorUrl('unavailable', next));
    }
  });

  app.get(CALLBACK_PATH, { config: { public: true } }, async (request, reply) => {
    const pending = takePendingLogin(request, reply);
    const query = queryOf(request);
    const next = pending?.next ?? '/';
    if (typeof query.error === 'string') {
      request.log.info({ error: query.error }, 'OpenID provider refused the sign-in');
      return reply.redirect(ssoErrorUrl(query.error === 'access_denied' ? 'denied' : 'failed', next));
    }
    if (!pending) return reply.redirect(ssoErrorUrl('expired'));
    let profile;
    try {
      profile = await finishOidcLogin(settings, redirectUriFor(request, settings), searchOf(request), pending);
    } catch (error) {
      request.log.warn({ reason: (error as Error).message }, 'OpenID sign-in could not be completed');
      return reply.redirect(ssoErrorUrl('failed', next));
    }
    const result = await signInExternalUser(ctx, profile, settings, request.log);
    if ('refused' in result) {
      request.log.info({ username: profile.username, reason: result.refused }, 'OpenID sign-in refused');
      return reply.redirect(ssoErrorUrl(result.refused, next));
    }
    await startSession(ctx, request, reply, result.userId);
    return reply.redirect(next);
  });
}

