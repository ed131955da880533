/**
 * What an error panel shows, without the panels themselves: the lazy chart error panel (lazy-error-panel.tsx)
 * needs the message for its fallback before the panels' code has arrived.
 */
import { ClientError, getClientErrorMessage, isStructuredError, type ErrorLevel, type StructuredError } from '@lumen-bi/core';

/** Title of an error panel when the caller gives none (spec 3 §8). */
export const DEFAULT_ERROR_TITLE = 'Unexpected error';

/** Anything a view may need to show as an error. */
export type ErrorLike = StructuredError | ClientError | Error | string;

/**
 * Normalises an error into what the panel shows: message, error_type, extra (issue codes, link), level.
 *
 * @example
 * describeError(new Error('Unknown viz type: x')); // { message: 'Unknown viz type: x', errorType: null, extra: null, stack: '...', level: 'error' }
 */
export function describeError(error: ErrorLike): {
  message: string;
  errorType: string | null;
  extra: StructuredError['extra'] | null;
  stack: string | null;
  level: ErrorLevel;
  detail?: string | null;
} {
  if (typeof error === 'string') return { message: error, errorType: null, extra: null, stack: null, level: 'error' };
  if (error instanceof ClientError) {
    const first = error.errors[0];
    const message = getClientErrorMessage(error);
    // The standard message of the type leads; the server's own words (which grant is missing, say) follow.
    const own = first?.message ?? error.message;
    const detail = own && own !== message ? own : null;
    return { message, errorType: first?.error_type ?? null, extra: first?.extra ?? null, stack: null, level: first?.level ?? 'error', detail };
  }
  if (isStructuredError(error)) return { message: error.message, errorType: error.error_type, extra: error.extra ?? null, stack: null, level: error.level ?? 'error' };
  return { message: (error as Error).message || String(error), errorType: null, extra: null, stack: (error as Error).stack ?? null, level: 'error' };
}
