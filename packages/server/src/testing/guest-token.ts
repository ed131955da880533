import type { TestApp } from './harness';

/** What a host's backend asks for (POST /api/v1/security/guest_token/), minus the user when it does not matter. */
export interface GuestTokenGrant {
  resources: { type: 'dashboard' | 'sqllab'; id: number | string }[];
  rls?: ({ dataset: number; clause: string } | { clause: string })[];
  username?: string;
}

/**
 * Mints a guest token through the real endpoint as the admin, the way a host's backend does; throws with
 * the server's answer when it refuses.
 *
 * @example
 * const token = await mintTestGuestToken(t, { resources: [{ type: 'dashboard', id: dashboardId }], rls: [{ dataset: salesId, clause: "region = 'North'" }] });
 * await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: { 'x-guesttoken': token } });
 */
export async function mintTestGuestToken(t: TestApp, grant: GuestTokenGrant): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/security/guest_token/',
    headers: t.headers('admin'),
    payload: { user: { username: grant.username ?? 'viewer' }, resources: grant.resources, rls: grant.rls ?? [] },
  });
  if (res.statusCode !== 200) throw new Error(`minting a guest token failed with ${res.statusCode}: ${res.body}`);
  return res.json<{ token: string }>().token;
}
