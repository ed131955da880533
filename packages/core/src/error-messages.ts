/**
 * User-facing error wording (spec 1 §8, spec 2 §8, spec 3 §8) in one place so the views, the API client and
 * tests agree on every string: the fixed client-side messages and HTTP status names here, which the API client
 * needs to fail a request; the per-error-type catalogue in error-catalogue.ts, which only code that shows an
 * error needs (a module of its own, so a bundle that never shows one, <bi-chart>'s first load, leaves it out).
 */

/**
 * Fixed client-side messages (exact spec wording).
 *
 * @example
 * COMMON_ERROR_MESSAGES.NETWORK_ERROR; // 'Network error'
 */
export const COMMON_ERROR_MESSAGES = {
  NETWORK_ERROR: 'Network error',
  REQUEST_TIMED_OUT: 'Request timed out',
  SESSION_TIMED_OUT: 'Your session timed out, please refresh your page and try again.',
  QUERY_TIMEOUT: 'Query timeout',
  AN_ERROR_OCCURRED: 'An error occurred',
  UNKNOWN_ERROR: 'Sorry, an unknown error occurred.',
  SORRY_AN_ERROR_OCCURRED: 'Sorry, an error occurred',
  UNEXPECTED_ERROR: 'Unexpected error',
  ISSUE_1000: 'Issue 1000 - The dataset is too large to query.',
  ISSUE_1001: 'Issue 1001 - The database is under an unusual load.',
} as const;

/**
 * HTTP status names (spec 2 §8). Other statuses are named by their number (see getHttpStatusMessage).
 *
 * @example
 * HTTP_STATUS_MESSAGES[504]; // 'Gateway timeout'
 */
export const HTTP_STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  500: 'Server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

/**
 * The name of an HTTP status: the spec's for the eight it lists, otherwise the status number itself.
 *
 * @example
 * getHttpStatusMessage(404); // 'Not found'
 * getHttpStatusMessage(418); // 'HTTP error 418'
 */
export function getHttpStatusMessage(status: number): string {
  return HTTP_STATUS_MESSAGES[status] ?? `HTTP error ${status}`;
}
