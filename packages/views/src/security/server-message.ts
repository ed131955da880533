import { ClientError, getClientErrorMessage } from '@lumen-bi/core';

/**
 * The server's own words for a refusal ('Password is too weak: ...'), not the generic text of its error
 * type, so the admin screens can show on a field what exactly the server refused.
 *
 * @example
 * serverMessage(new ClientError({ kind: 'http', status: 400, message: 'Password is too weak: ...' })); // 'Password is too weak: ...'
 */
export function serverMessage(failure: unknown): string {
  if (failure instanceof ClientError) return failure.errors[0]?.message || failure.message || getClientErrorMessage(failure);
  return getClientErrorMessage(failure);
}
