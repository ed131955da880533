/**
 * Timing-Allow-Origin for embedding origins: a host page's Resource Timing (and RUM tools reading it) sees
 * the real timings and sizes of Lumen's scripts only when Lumen names the page's origin in this header.
 * Sent to the origins listed in any embedded dashboard's allowed_domains, never to `*`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { AllowedOriginsCache, loadAllowedOrigins } from '../embedding/cors';

/** Whether an origin may embed Lumen (the embedded dashboards' allowed_domains). */
export type IsEmbeddingOrigin = (origin: string) => Promise<boolean>;

/**
 * The page that asked: its Origin header (module scripts and fetches send one), else the origin of the
 * Referer (classic scripts, and the iframe page's own navigation from the host).
 */
export function requestingOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin && origin !== 'null') return origin;
  const referer = request.headers.referer;
  if (typeof referer !== 'string' || !referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * The embedded dashboards' allowed_domains of the app's context (cached briefly, as for CORS); undefined
 * without a context (a bare Fastify instance in a test).
 */
export function embeddingOriginsOf(app: FastifyInstance): IsEmbeddingOrigin | undefined {
  const ctx = (app as unknown as { lumen?: Pick<AppContext, 'store'> & Partial<Pick<AppContext, 'config'>> }).lumen;
  if (!ctx?.store) return undefined;
  const origins = new AllowedOriginsCache(loadAllowedOrigins(ctx));
  return (origin) => origins.has(origin);
}

/** Adds Origin to Vary (the header's value depends on it), keeping what is there. */
function varyOnOrigin(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? '')).split(',').map((value) => value.trim()).filter(Boolean);
  if (!values.some((value) => value === '*' || value.toLowerCase() === 'origin')) reply.header('vary', [...values, 'Origin'].join(', '));
}

/**
 * Adds the onSend hook to `app` (an encapsulated plugin's instance: only its routes get the header).
 *
 * @example
 * addTimingAllowOrigin(app, (origin) => allowedOrigins.has(origin));
 */
export function addTimingAllowOrigin(app: FastifyInstance, isEmbeddingOrigin: IsEmbeddingOrigin): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const origin = requestingOrigin(request);
    if (!origin) return payload;
    varyOnOrigin(reply);
    try {
      if (await isEmbeddingOrigin(origin)) reply.header('timing-allow-origin', origin);
    } catch (error) {
      request.log.warn({ err: error }, 'Timing-Allow-Origin: reading the embedding origins failed');
    }
    return payload;
  });
}
