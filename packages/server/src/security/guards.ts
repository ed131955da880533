import type { FastifyRequest } from 'fastify';
import { ErrorType, forbidden, LumenError, unauthorized } from '../errors';
import { type CurrentUser, hasPermission } from './current-user';

/** The signed-in user, or a 401. Guests pass only where the route allows guests (see plugin.ts). */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The user if they hold the pair (admins hold all), else 403 with the security error type. */
export function requirePermission(request: FastifyRequest, permission: string, view: string): CurrentUser {
  const user = requireUser(request);
  if (!hasPermission(user, permission, view)) {
    throw forbidden(`You do not have the permission ${permission} on ${view}`);
  }
  return user;
}

export const csrfError = (missing: boolean) =>
  new LumenError(400, missing ? '400 Bad Request: The CSRF token is missing.' : '400 Bad Request: The CSRF token is invalid.', ErrorType.FRONTEND_CSRF_ERROR);
