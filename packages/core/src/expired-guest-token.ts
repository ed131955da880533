import { ClientError } from './client-error';

/**
 * True for the server's refusal of an expired guest token: a 401 whose structured error names
 * `extra.guest_token_error: 'TOKEN_EXPIRED'`. Only that cause is worth a renewed token; an invalid or
 * mis-addressed one stays refused whatever the host sends next.
 *
 * @example
 * isExpiredGuestToken(new ClientError({ kind: 'http', status: 401, message: 'Guest token has expired',
 *   errors: [{ error_type: 'GENERIC_BACKEND_ERROR', level: 'error', message: '', extra: { guest_token_error: 'TOKEN_EXPIRED' } }] })); // true
 */
export function isExpiredGuestToken(error: unknown): boolean {
  if (!(error instanceof ClientError) || error.kind !== 'http' || error.status !== 401) return false;
  return error.errors.some((e) => (e.extra as Record<string, unknown> | null | undefined)?.guest_token_error === 'TOKEN_EXPIRED');
}
