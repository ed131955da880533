import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest, ErrorType, forbidden, LumenError, TokenExpiredError, unauthorized } from '../errors';
import { nowIso } from '../metadata/connect';
import { isExpiredToken, issueToken, verifyTokenClaims } from './access-tokens';
import { currentCredentialStamp, stampIsCurrent } from './credential-stamp';
import { VerifiedTokenCache } from './verified-tokens';
import { csrfError, requireUser } from './guards';
import { checkLoginCsrf, clearLoginCsrf } from './login-csrf';
import { loadUser, loadUserAndStamp, rolePermissionMap } from './load-user';
import { dummyPasswordHash } from './dummy-password';
import { loginThrottleFor, throttleKey } from './login-throttle';
import { verifyPassword } from './passwords';
import { safeNextPath } from './safe-next';
import { deleteSession, findSession, SESSION_COOKIE, type Session } from './sessions';
import { startSession } from './session-cookie';
import { ldapLogin } from '../sso/ldap-login';
import { requestLocale } from '../security-api/request-locale';

declare module 'fastify' {
  interface FastifyRequest {
    /** The server-side session when the request came with the session cookie. */
    session: Session | null;
  }
  interface FastifyContextConfig {
    /** Anonymous access allowed (login, health, static). */
    public?: boolean;
    /** Guest-token viewers may call this route (embedding). */
    allowGuest?: boolean;
    /** Skip the CSRF check (login endpoints; Bearer and guest calls never need it). */
    csrfExempt?: boolean;
  }
}

/** Path prefixes that are API calls: anonymous requests get 401 there unless the route is public. */
const API_PREFIXES = [
  '/api/',
  '/tabstateview',
  '/tableschemaview',
  '/datasource/',
  '/superset/log',
  '/superset/explore_json',
  '/superset/fetch_datasource_metadata',
  '/superset/sql_json',
  '/superset/sqllab_viz',
  '/kv/',
];
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const INVALID_LOGIN = 'Invalid login. Please try again.';

/** Guest-token authentication is installed by the embedding issue through this hook. */
export type GuestAuthenticator = (request: FastifyRequest, token: string) => Promise<FastifyRequest['user']>;

async function security(app: FastifyInstance): Promise<void> {
  const ctx = app.lumen;
  const throttle = loginThrottleFor(ctx);
  const accessTokens = new VerifiedTokenCache(ctx.config);
  app.decorateRequest('session', null);
  let guestAuthenticator: GuestAuthenticator | null = null;
  app.decorate('setGuestAuthenticator', (fn: GuestAuthenticator) => {
    guestAuthenticator = fn;
  });

  /** Who is calling: Bearer token, guest token, or session cookie (in that order). */
  app.addHook('onRequest', async (request) => {
    const authorization = request.headers.authorization;
    // The refresh endpoint reads its own (refresh-type) Bearer token.
    if (authorization?.startsWith('Bearer ') && !request.url.startsWith('/api/v1/security/refresh')) {
      const token = authorization.slice(7).trim();
      const claims = await accessTokens.verify(token);
      if (claims === null) throw (await isExpiredToken(ctx.config, token)) ? new TokenExpiredError() : unauthorized('Token is invalid or expired');
      // The stamp comes from the same short-lived cache as the user (load-user.ts): no query per request.
      const { user, stamp } = await loadUserAndStamp(ctx, claims.userId);
      if (claims.cred !== undefined && claims.cred !== stamp) throw unauthorized('Token was issued before the password changed');
      request.user = user;
      if (!request.user) throw unauthorized('User is inactive or no longer exists');
      return;
    }
    const guestToken = request.headers['x-guesttoken'];
    if (typeof guestToken === 'string' && guestToken) {
      if (!guestAuthenticator) throw unauthorized('Guest tokens are not accepted by this server');
      request.user = await guestAuthenticator(request, guestToken);
      if (!request.user) throw unauthorized('Guest token is invalid or expired');
      return;
    }
    const sessionId = request.cookies[SESSION_COOKIE];
    if (sessionId) {
      const session = await findSession(ctx, sessionId);
      if (session) {
        request.session = session;
        request.user = await loadUser(ctx, session.userId);
      }
    }
  });

  /** Authentication and CSRF rules, after routing so route config is known. */
  app.addHook('preHandler', async (request) => {
    const config = request.routeOptions.config ?? {};
    const path = request.url.split('?')[0];
    const isApi = API_PREFIXES.some((prefix) => path.startsWith(prefix));
    if (request.user?.guest && !config.allowGuest && isApi) {
      throw forbidden('Guest tokens cannot access this resource', ErrorType.DASHBOARD_SECURITY_ACCESS_ERROR);
    }
    if (!config.public && isApi && !request.user) throw unauthorized();
    // A browser always sends Origin on cross-site unsafe requests: refuse other sites outright (this also
    // stops login CSRF on the cookie-less login form, which the CSRF token cannot cover). `Origin: null`
    // (sandboxed frames, data: pages, cross-site redirects) is another site too.
    const origin = request.headers.origin;
    if (UNSAFE.has(request.method) && origin && !request.headers.authorization && !request.headers['x-guesttoken']) {
      if (origin === 'null') throw forbidden('Cross-site request from an opaque origin (Origin: null) refused');
      let sameHost = false;
      try {
        // request.host honours X-Forwarded-Host behind a trusted proxy.
        sameHost = new URL(origin).host === request.host;
      } catch {
        sameHost = false;
      }
      if (!sameHost) throw forbidden(`Cross-site request from ${origin} refused`);
    }
    // CSRF applies only to cookie sessions: Bearer and guest-token requests cannot be forged by a browser.
    if (request.session && UNSAFE.has(request.method) && !config.csrfExempt) {
      const body = request.body as Record<string, unknown> | undefined;
      const sent = request.headers['x-csrftoken'] ?? (typeof body?.csrf_token === 'string' ? body.csrf_token : undefined);
      if (!sent) throw csrfError(true);
      if (sent !== request.session.csrfToken) throw csrfError(false);
    }
  });

  const authenticate = async (request: FastifyRequest, username: unknown, password: unknown) => {
    if (typeof username !== 'string' || !username || typeof password !== 'string' || !password) {
      throw badRequest('username and password are required strings');
    }
    const key = throttleKey(username, request.ip);
    if (throttle.isBlocked(key)) throw new LumenError(429, 'Too many failed logins. Try again in a few minutes.');
    const row = await ctx.store.db
      .selectFrom('ab_user')
      .select(['id', 'password_hash', 'active', 'login_count'])
      .where('username', '=', username)
      .executeTakeFirst();
    // Always one scrypt check, against a dummy hash when the user is missing, so timing reveals nothing.
    const matches = await verifyPassword(password, row?.password_hash || (await dummyPasswordHash()));
    const ok = Boolean(row && row.active && row.password_hash && matches);
    if (!row || !ok) {
      throttle.fail(key);
      request.log.info({ username }, 'failed login');
      return null;
    }
    throttle.succeed(key);
    await ctx.store.db
      .updateTable('ab_user')
      .set({ last_login: nowIso(), login_count: row.login_count + 1 })
      .where('id', '=', row.id)
      .execute();
    return row.id;
  };

  const directoryLogin = (request: FastifyRequest, username: string, password: string) => {
    if (!ctx.config.auth.ldap) throw badRequest('LDAP sign-in is not configured on this server');
    return ldapLogin(request, ctx.config.auth.ldap, username, password);
  };

  // The app's login form (and a JSON variant for the SPA).
  app.post('/login/', { config: { public: true, csrfExempt: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const wantsJson = (request.headers.accept ?? '').includes('application/json') || request.headers['content-type']?.includes('application/json');
    const next = safeNextPath(body.next ?? (request.query as Record<string, unknown>)?.next);
    const loginCsrf = checkLoginCsrf(request, body.csrf_token);
    if (loginCsrf.kind === 'mismatch') throw csrfError(false);
    let userId: number | null;
    try {
      userId = await authenticate(request, body.username, body.password);
    } catch (error) {
      if (wantsJson) throw error;
      return reply.redirect(`/login/?error=1&next=${encodeURIComponent(next)}`);
    }
    if (userId === null) {
      if (wantsJson) return reply.status(401).send({ message: INVALID_LOGIN });
      return reply.redirect(`/login/?error=1&next=${encodeURIComponent(next)}`);
    }
    await startSession(ctx, request, reply, userId, loginCsrf.kind === 'matches' ? loginCsrf.token : undefined);
    if (loginCsrf.kind === 'matches') clearLoginCsrf(reply);
    if (wantsJson) {
      const user = await loadUser(ctx, userId);
      return { result: user && publicUser(user) };
    }
    return reply.redirect(next);
  });

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.session) await deleteSession(ctx, request.session.id);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  };
  app.get('/logout/', { config: { public: true } }, async (request, reply) => {
    await logout(request, reply);
    return reply.redirect('/login/');
  });
  app.post('/api/v1/security/logout', { config: { public: true } }, async (request, reply) => {
    await logout(request, reply);
    return { message: 'OK' };
  });

  // Scripts: the incumbent's JWT login.
  app.post(
    '/api/v1/security/login',
    {
      config: { public: true, csrfExempt: true },
      schema: {
        body: {
          type: 'object',
          required: ['username', 'password'],
          properties: {
            username: { type: 'string', minLength: 1 },
            password: { type: 'string', minLength: 1 },
            // 'ldap' when the directory is configured (sso/): the incumbent's scripts name it so.
            provider: { type: 'string', enum: ['db', 'ldap'] },
            refresh: { type: 'boolean' },
          },
        },
      },
    },
    async (request, reply) => {
      const body = request.body as { username: string; password: string; provider?: 'db' | 'ldap'; refresh?: boolean };
      const userId = body.provider === 'ldap' ? await directoryLogin(request, body.username, body.password) : await authenticate(request, body.username, body.password);
      if (userId === null) return reply.status(401).send({ message: INVALID_LOGIN });
      const cred = (await currentCredentialStamp(ctx, userId)) ?? undefined;
      const access_token = await issueToken(ctx.config, userId, 'access', cred);
      return body.refresh ? { access_token, refresh_token: await issueToken(ctx.config, userId, 'refresh', cred) } : { access_token };
    },
  );
  app.post('/api/v1/security/refresh', { config: { public: true, csrfExempt: true } }, async (request) => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const claims = token ? await verifyTokenClaims(ctx.config, token, 'refresh') : null;
    if (claims === null) throw token && (await isExpiredToken(ctx.config, token)) ? new TokenExpiredError() : unauthorized('Refresh token is invalid or expired');
    if (!(await stampIsCurrent(ctx, claims.userId, claims.cred))) throw unauthorized('Token was issued before the password changed');
    return { access_token: await issueToken(ctx.config, claims.userId, 'access', claims.cred) };
  });

  app.get('/api/v1/security/csrf_token/', async (request) => {
    requireUser(request);
    if (!request.session) return { result: null };
    return { result: request.session.csrfToken };
  });

  const publicUser = (user: NonNullable<FastifyRequest['user']>) => ({
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    is_active: true,
    is_anonymous: false,
  });
  // `locale`: the language the app draws its first page in (the user's choice, the configured default or
  // Accept-Language), so the signed-in shell needs no second request before it can paint.
  app.get('/api/v1/me/', { config: { allowGuest: true } }, async (request) => {
    const user = requireUser(request);
    const [roles, locale] = await Promise.all([user.guest ? {} : rolePermissionMap(ctx, user.roles), requestLocale(ctx, request)]);
    return { result: { ...publicUser(user), roles, locale } };
  });
  app.get('/api/v1/me/roles/', { config: { allowGuest: true } }, async (request) => {
    const user = requireUser(request);
    return {
      result: {
        ...publicUser(user),
        roles: user.guest ? {} : await rolePermissionMap(ctx, user.roles),
        permissions: {},
      },
    };
  });
}

/** Registered with fastify-plugin so its hooks and decorators apply to every route in the app. */
export const securityPlugin = fp(security, { name: 'lumen-security' });

declare module 'fastify' {
  interface FastifyInstance {
    /** Installs guest-token authentication (embedding). */
    setGuestAuthenticator(fn: GuestAuthenticator): void;
  }
}
