import type { FastifyInstance } from 'fastify';
import { hasPermission } from '../security/current-user';
import { requirePermission } from '../security/guards';
import { loadSqlLabDatabase, sqlLabDenied } from '../sqllab/access';
import { parseGuestTokenRequest } from './guest-token-request';
import { guestTokenAudience, mintGuestToken } from './guest-tokens';

/**
 * POST /api/v1/security/guest_token/: a host backend, signed in as an account holding
 * can_grant_guest_token on SecurityRestApi, mints a token for one viewer of its own app: dashboards to view,
 * and (Lumen's addition) databases to run read-only SQL on in <bi-sqllab>, when the granter may.
 */
export function registerGuestTokenRoute(app: FastifyInstance): void {
  const ctx = app.lumen;
  app.post('/api/v1/security/guest_token/', async (request) => {
    const granter = requirePermission(request, 'can_grant_guest_token', 'SecurityRestApi');
    // A SQL Lab grant is the granter's own SQL Lab access on that database, handed on.
    const parsed = await parseGuestTokenRequest(ctx.store, request.body, (databaseId) => {
      if (!hasPermission(granter, 'can_sqllab', 'Superset')) throw sqlLabDenied('The granting account may not use SQL Lab, so it cannot grant it.');
      return loadSqlLabDatabase(ctx, databaseId, granter);
    });
    const token = await mintGuestToken(ctx.config, parsed, guestTokenAudience(ctx.config, request.host));
    request.log.info({ granter: granter.username, guest: parsed.user.username, resources: parsed.resources }, 'guest token issued');
    return { token };
  });
}
