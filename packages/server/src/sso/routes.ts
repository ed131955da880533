import type { FastifyInstance } from 'fastify';
import { LDAP_LOGIN_PATH, registerLdapRoutes } from './ldap-routes';
import { OIDC_LOGIN_PATH, registerOidcRoutes } from './oidc-routes';

/** A sign-in method the login page offers besides Lumen's own accounts. */
export interface LoginProvider {
  provider: 'oidc' | 'ldap';
  label: string;
  /** Where the login page sends the browser (OIDC: a link) or posts the form (LDAP). */
  url: string;
}

/**
 * Single sign-on: the routes of the configured providers (OIDC: sso/oidc-routes.ts, LDAP:
 * sso/ldap-routes.ts) and GET /api/v1/security/providers/, which tells the anonymous login page which
 * buttons to show. Registered after the security plugin, whose hooks know the session and the user.
 */
export async function registerSso(app: FastifyInstance): Promise<void> {
  const { oidc, ldap } = app.lumen.config.auth;
  const providers: LoginProvider[] = [];
  if (oidc) {
    registerOidcRoutes(app, oidc);
    providers.push({ provider: 'oidc', label: oidc.label, url: OIDC_LOGIN_PATH });
  }
  if (ldap) {
    registerLdapRoutes(app, ldap);
    providers.push({ provider: 'ldap', label: ldap.label, url: LDAP_LOGIN_PATH });
  }
  app.get('/api/v1/security/providers/', { config: { public: true } }, async () => ({ result: providers }));
}
