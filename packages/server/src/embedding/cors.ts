/**
 * CORS for guest-token calls: inline elements (<bi-dashboard>, <bi-chart>) on a host page of another origin
 * call Lumen's API directly with the X-GuestToken header. Such a request (and its preflight) from an origin
 * listed in the allowed_domains of ANY embedded dashboard, or in LUMEN_GUEST_TOKEN_ALLOWED_ORIGINS (pages embedding
 * <bi-sqllab>), is answered with
 *
 *   Access-Control-Allow-Origin: <that origin>   Vary: Origin
 *   Access-Control-Allow-Headers: X-GuestToken, Content-Type   Access-Control-Allow-Methods: GET, POST
 *
 * and never with Access-Control-Allow-Credentials: the token, not a cookie, authenticates. Requests without
 * X-GuestToken (cookie sessions, Bearer calls) and other origins get no CORS headers, so a browser keeps
 * refusing them. The token still decides what can be read; the origin list only says which pages may ask.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { readAllowedDomains } from './allowed-domains';

export const CORS_ALLOW_HEADERS = 'X-GuestToken, Content-Type';
export const CORS_ALLOW_METHODS = 'GET, POST';
/** How long a browser may cache a preflight answer, seconds. */
export const CORS_MAX_AGE_S = 600;
/** How long the set of allowed origins is cached, ms; registration changes clear it at once. */
export const ALLOWED_ORIGINS_TTL_MS = 10_000;

/** The union of every embedded dashboard's allowed_domains, cached briefly. */
export class AllowedOriginsCache {
  private cached: { at: number; origins: Promise<Set<string>> } | null = null;

  constructor(
    private readonly load: () => Promise<Set<string>>,
    private readonly ttlMs = ALLOWED_ORIGINS_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async has(origin: string): Promise<boolean> {
    const time = this.now();
    if (!this.cached || time - this.cached.at > this.ttlMs) {
      const origins = this.load();
      this.cached = { at: time, origins };
      // A failed load is not cached.
      origins.catch(() => {
        if (this.cached?.origins === origins) this.cached = null;
      });
    }
    return (await this.cached.origins).has(origin);
  }

  clear(): void {
    this.cached = null;
  }
}

export function loadAllowedOrigins(ctx: Pick<AppContext, 'store'> & Partial<Pick<AppContext, 'config'>>): () => Promise<Set<string>> {
  return async () => {
    const rows = await ctx.store.db.selectFrom('embedded_dashboards').select('allowed_domains').execute();
    return new Set([...rows.flatMap((row) => readAllowedDomains(row.allowed_domains)), ...(ctx.config?.guestToken.allowedOrigins ?? [])]);
  };
}

/** Whether the request is a CORS preflight for a guest-token call. */
function isGuestPreflight(request: FastifyRequest): boolean {
  if (request.method !== 'OPTIONS' || !request.headers['access-control-request-method']) return false;
  const requested = String(request.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  return requested.includes('x-guesttoken');
}

/** Adds Origin to Vary, keeping what another hook (compression) put there. */
function varyOnOrigin(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (!values.some((value) => value === '*' || value.toLowerCase() === 'origin')) reply.header('vary', [...values, 'Origin'].join(', '));
}

function hasGuestToken(request: FastifyRequest): boolean {
  const token = request.headers['x-guesttoken'];
  return typeof token === 'string' && token !== '';
}

/**
 * Installs the CORS hooks. Call from a non-encapsulated plugin so they apply to every route (and to the
 * not-found handler, which answers preflights of routes that have no OPTIONS handler).
 *
 * @example
 * const origins = registerGuestCors(app, new AllowedOriginsCache(loadAllowedOrigins(app.lumen)));
 * origins.clear(); // after allowed_domains changed
 */
export function registerGuestCors(app: FastifyInstance, origins: AllowedOriginsCache): AllowedOriginsCache {
  const allowedOrigin = async (request: FastifyRequest): Promise<string | null> => {
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !origin || origin === 'null') return null;
    try {
      return (await origins.has(origin)) ? origin : null;
    } catch (error) {
      request.log.warn({ err: error }, 'CORS: reading the allowed origins failed');
      return null;
    }
  };

  // First of all onRequest work that may answer: a preflight is answered here, before authentication.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isGuestPreflight(request)) return;
    const origin = await allowedOrigin(request);
    varyOnOrigin(reply);
    if (!origin) return reply.code(204).send();
    return reply
      .code(204)
      .header('access-control-allow-origin', origin)
      .header('access-control-allow-headers', CORS_ALLOW_HEADERS)
      .header('access-control-allow-methods', CORS_ALLOW_METHODS)
      .header('access-control-max-age', String(CORS_MAX_AGE_S))
      .send();
  });

  // onSend runs for successful and error replies alike, so a 401 for a bad token reaches the page as a 401
  // (a reply without CORS headers would be an opaque network error to it).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'OPTIONS' || !hasGuestToken(request)) return payload;
    const origin = await allowedOrigin(request);
    varyOnOrigin(reply);
    if (origin) reply.header('access-control-allow-origin', origin);
    return payload;
  });
  return origins;
}
