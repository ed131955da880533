import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { LumenConfig } from '../config';
import type { CurrentUser } from '../security/current-user';

/**
 * Async event channels. A channel is derived on the server from who is asking, never taken from the
 * request, so nobody can read another user's events:
 * - a signed-in user has one channel, HMAC(secret, user id): stable across server processes and restarts
 *   (every process shares the secret key) without storing anything, and not guessable from the id;
 * - a guest viewer gets a channel per guest token, HMAC(secret, token): two viewers never share one even
 *   when their host mints tokens for the same username. A refreshed token is a new channel, so an event
 *   for a job started under the previous token is not delivered (the client re-requests the chart).
 */
const channelOf = (config: Pick<LumenConfig, 'secretKey'>, label: string): string =>
  createHmac('sha256', config.secretKey).update(`async-channel:${label}`).digest('base64url').slice(0, 32);

export const userChannel = (config: Pick<LumenConfig, 'secretKey'>, userId: number): string => channelOf(config, `user:${userId}`);

export const guestChannel = (config: Pick<LumenConfig, 'secretKey'>, token: string): string => channelOf(config, `guest:${token}`);

/** The guest token a request authenticated with: the header, or the `guest_token` field of a form post. */
export function requestGuestToken(request: FastifyRequest): string | null {
  const header = request.headers['x-guesttoken'];
  if (typeof header === 'string' && header) return header;
  const body = request.body as Record<string, unknown> | null | undefined;
  return body && typeof body === 'object' && typeof body.guest_token === 'string' && body.guest_token ? body.guest_token : null;
}

/** The caller's channel, or null when the caller has none (anonymous). */
export function channelForRequest(config: Pick<LumenConfig, 'secretKey'>, request: FastifyRequest, user: CurrentUser | null = request.user): string | null {
  if (!user) return null;
  if (user.guest) {
    const token = requestGuestToken(request);
    return token ? guestChannel(config, token) : null;
  }
  return user.id === null ? null : userChannel(config, user.id);
}
