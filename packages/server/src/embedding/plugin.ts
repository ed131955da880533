import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { setGuestDatasetCheck } from '../chart-data/access';
import { unauthorized } from '../errors';
import { AllowedOriginsCache, loadAllowedOrigins, registerGuestCors } from './cors';
import { registerEmbeddedDashboardRoutes } from './embedded-dashboard-routes';
import { registerEmbeddedFrameAncestors } from './frame-ancestors';
import { authenticateGuest, guestMayReadDataset } from './guest-access';
import { registerGuestTokenRoute } from './guest-token-route';

/** Downloads are form posts from the guest page: their token travels in the `guest_token` field. */
function formGuestToken(request: FastifyRequest): string | null {
  if (request.headers['x-guesttoken'] || request.headers.authorization) return null;
  if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return null;
  const body = request.body as Record<string, unknown> | null | undefined;
  return body && typeof body.guest_token === 'string' && body.guest_token ? body.guest_token : null;
}

async function embedding(app: FastifyInstance): Promise<void> {
  const ctx = app.lumen;
  app.setGuestAuthenticator((request, token) => authenticateGuest(ctx, request, token));
  setGuestDatasetCheck(ctx, (user, datasetId) => guestMayReadDataset(ctx, user, datasetId));

  // preValidation runs after the body is parsed and before the security plugin's preHandler, which then
  // applies the guest rules (allowGuest routes only) to this user as to a header-token guest.
  app.addHook('preValidation', async (request) => {
    const token = formGuestToken(request);
    if (!token) return;
    const user = await authenticateGuest(ctx, request, token);
    if (!user) throw unauthorized('Guest token is invalid or expired');
    request.user = user;
    // The guest token, not a BI session the browser may also hold, decides what this download sees.
    request.session = null;
  });

  // Inline elements on an allowed host origin call the API directly with X-GuestToken.
  const corsOrigins = registerGuestCors(app, new AllowedOriginsCache(loadAllowedOrigins(ctx)));

  registerEmbeddedFrameAncestors(app);
  registerGuestTokenRoute(app);
  registerEmbeddedDashboardRoutes(app, { onAllowedDomainsChange: () => corsOrigins.clear() });
}

/**
 * Embedding: guest tokens (minting and authentication), the guest dataset check, embedded dashboard
 * registration and CORS for guest-token calls from allowed host origins (cors.ts). Not encapsulated (fastify-plugin) so the form-token hook applies to every route.
 */
export const registerEmbedding = fp(embedding, { name: 'lumen-embedding', dependencies: ['lumen-security'] });
