import { ClientError } from '@lumen-bi/core';
import type { EmbedErrorCode } from '@lumen-bi/embed';

/** The causes a viewer and a host are told about by name, rather than as a bare HTTP status. */
export type EmbedFailureCode = Extract<EmbedErrorCode, 'TOKEN_EXPIRED' | 'TOKEN_INVALID' | 'AUDIENCE_MISMATCH' | 'NOT_FOUND' | 'ORIGIN_NOT_ALLOWED' | 'NETWORK'>;

const TOKEN_CODES = new Set<string>(['TOKEN_EXPIRED', 'TOKEN_INVALID', 'AUDIENCE_MISMATCH']);

/**
 * The named cause of an API failure: the server's `extra.guest_token_error` on a 401 (UNKNOWN_RESOURCE on a
 * 403 is NOT_FOUND: the token names an embedded uuid that does not exist), NOT_FOUND for a 404
 * of the dashboard or chart asked for, NETWORK when no answer came. Null for anything else (it keeps its
 * HTTP_<status> code).
 *
 * @example
 * failureCodeOf(new ClientError({ kind: 'http', status: 404, message: 'Not found' })); // 'NOT_FOUND'
 */
export function failureCodeOf(error: unknown): EmbedFailureCode | null {
  if (!(error instanceof ClientError)) return null;
  if (error.kind === 'network') return 'NETWORK';
  if (error.kind !== 'http') return null;
  const named = error.errors?.map((e) => (e.extra as Record<string, unknown> | null | undefined)?.guest_token_error).find((code) => typeof code === 'string' && TOKEN_CODES.has(code));
  if (named) return named as EmbedFailureCode;
  // A token naming an embedded uuid that no longer exists: the id the host uses is wrong.
  if (error.errors?.some((e) => (e.extra as Record<string, unknown> | null | undefined)?.guest_token_error === 'UNKNOWN_RESOURCE')) return 'NOT_FOUND';
  return error.status === 404 ? 'NOT_FOUND' : null;
}

// The headlines live with the failure panel's code (failure-headline.ts), which an element that loads fine
// never downloads; re-exported here, where callers have always found them.
export { failureHeadline } from './failure-headline';
