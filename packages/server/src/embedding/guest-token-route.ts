import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../security/guards';
import { parseGuestTokenRequest } from './guest-token-request';
import { guestTokenAudience, mintGuestToken } from './guest-tokens';

/**
 * POST /api/v1/security/guest_token/: a host backend, signed in as an account holding
 * can_grant_guest_token on SecurityRestApi, mints a token for one viewer of its own app.
 */
export function registerGuestTokenRoute(app: FastifyInstance): void {
  const ctx = app.lumen;
  app.post('/api/v1/security/guest_token/', async (request) => {
    const granter = requirePermission(request, 'can_grant_guest_token', 'SecurityRestApi');
    const parsed = await parseGuestTokenRequest(ctx.store, request.body);
    const token = await mintGuestToken(ctx.config, parsed, guestTokenAudience(ctx.config, request.host));
    request.log.info({ granter: granter.username, guest: parsed.user.username, resources: parsed.resources }, 'guest token issued');
    return { token };
  });
}
