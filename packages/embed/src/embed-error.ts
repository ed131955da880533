/**
 * Everything that can go wrong while embedding, with a code a host can switch on. Surfaced through the
 * `onError` option and the element's `bi-error` event, never swallowed: a failure must not look like a
 * blank dashboard.
 */
export type EmbedErrorCode =
  | 'INVALID_OPTIONS'
  | 'GUEST_TOKEN_FETCH_FAILED'
  | 'GUEST_TOKEN_TIMEOUT'
  | 'GUEST_TOKEN_INVALID'
  | 'CHANNEL_ERROR'
  | 'UNMOUNTED'
  // Why the embedded content cannot be shown (the server's guest_token_error, or what the page found):
  | 'TOKEN_EXPIRED'
  | 'TOKEN_INVALID'
  | 'AUDIENCE_MISMATCH'
  | 'NOT_FOUND'
  | 'ORIGIN_NOT_ALLOWED'
  | 'NETWORK'
  // setFilter refused: no filter of that name or column, a column of several filters, a value of the wrong shape.
  | 'UNKNOWN_FILTER'
  | 'AMBIGUOUS_FILTER'
  | 'INVALID_FILTER_VALUE'
  | 'NOT_READY';

/**
 * @example
 * embedDashboard({ ..., onError: (error) => { if (error.code === 'GUEST_TOKEN_FETCH_FAILED') showBanner(error.message); } });
 */
export class EmbedError extends Error {
  override name = 'EmbedError';
  /** setFilter's refusals: the names asked for that match no filter, and the dashboard's filters (`Name (column)`). */
  unknownFilters?: string[];
  knownFilters?: string[];
  constructor(
    readonly code: EmbedErrorCode,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

/** Wraps anything thrown into an EmbedError with the given code (an EmbedError keeps its own). */
export function toEmbedError(error: unknown, code: EmbedErrorCode, prefix: string): EmbedError {
  if (error instanceof EmbedError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new EmbedError(code, `${prefix}: ${detail}`, error);
}
