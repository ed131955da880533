/**
 * One error class for everything the API client can fail with, so views show errors with one code path:
 * network failures, timeouts, aborts, HTTP errors with or without structured errors, and async-job errors.
 */
import { COMMON_ERROR_MESSAGES, getHttpStatusMessage } from './error-messages';
import { isStructuredError, type ErrorType, type StructuredError } from './error-types';

// The three frontend error types by name rather than through ErrorTypeEnum: the enum (every type code) would
// otherwise ride along in every bundle that can fail a request, <bi-chart>'s first load included.
const FRONTEND_CSRF_ERROR: ErrorType = 'FRONTEND_CSRF_ERROR';
const FRONTEND_NETWORK_ERROR: ErrorType = 'FRONTEND_NETWORK_ERROR';
const FRONTEND_TIMEOUT_ERROR: ErrorType = 'FRONTEND_TIMEOUT_ERROR';

/** What failed: lets callers branch (e.g. ignore aborts) without parsing messages. */
export type ClientErrorKind = 'http' | 'network' | 'timeout' | 'abort' | 'csrf' | 'async';

/** Constructor fields of a ClientError. */
export interface ClientErrorInit {
  kind: ClientErrorKind;
  message: string;
  status?: number;
  statusText?: string;
  errors?: StructuredError[];
  body?: unknown;
  timeoutMs?: number;
  cause?: unknown;
}

/**
 * A normalised API failure. `statusText` is 'timeout' / 'abort' for those cases, as in the incumbent,
 * so code ported from it keeps working.
 *
 * @example
 * try { await client.get('/api/v1/chart/1'); }
 * catch (e) { if (e instanceof ClientError && e.status === 404) showNotFound(e.message); }
 */
export class ClientError extends Error {
  override readonly name = 'ClientError';
  readonly kind: ClientErrorKind;
  readonly status: number | undefined;
  readonly statusText: string;
  readonly errors: StructuredError[];
  readonly body: unknown;
  readonly timeoutMs: number | undefined;

  constructor(init: ClientErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.statusText = init.statusText ?? '';
    this.errors = init.errors ?? [];
    this.body = init.body;
    this.timeoutMs = init.timeoutMs;
  }
}

/**
 * The failure of `fetch` itself (offline, DNS, CORS).
 *
 * @example
 * createNetworkError(new TypeError('Failed to fetch')).message; // 'Network error'
 */
export function createNetworkError(cause?: unknown): ClientError {
  const message = COMMON_ERROR_MESSAGES.NETWORK_ERROR;
  return new ClientError({
    kind: 'network',
    message,
    statusText: 'network',
    errors: [{ error_type: FRONTEND_NETWORK_ERROR, level: 'error', message, extra: {} }],
    cause,
  });
}

/**
 * A client-side timeout, with issue codes 1000 and 1001 (spec 2 §8); extra.timeout is in seconds
 * because the timeout panel shows seconds.
 *
 * @example
 * createTimeoutError(30000).errors[0].extra?.timeout; // 30
 */
export function createTimeoutError(timeoutMs: number): ClientError {
  const message = COMMON_ERROR_MESSAGES.REQUEST_TIMED_OUT;
  return new ClientError({
    kind: 'timeout',
    message,
    statusText: 'timeout',
    timeoutMs,
    errors: [
      {
        error_type: FRONTEND_TIMEOUT_ERROR,
        level: 'error',
        message,
        extra: {
          timeout: timeoutMs / 1000,
          issue_codes: [
            { code: 1000, message: COMMON_ERROR_MESSAGES.ISSUE_1000 },
            { code: 1001, message: COMMON_ERROR_MESSAGES.ISSUE_1001 },
          ],
        },
      },
    ],
  });
}

/** A request cancelled by its caller's AbortSignal; callers usually ignore it. */
export function createAbortError(cause?: unknown): ClientError {
  return new ClientError({ kind: 'abort', message: 'Request aborted', statusText: 'abort', cause });
}

function messageFromBody(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as Record<string, unknown>;
  if (typeof b.message === 'string' && b.message) return b.message;
  // Schema validation errors arrive as {message: {field: [msg]}}: show the first one.
  if (typeof b.message === 'object' && b.message !== null) {
    const first = Object.values(b.message as Record<string, unknown>)[0];
    if (Array.isArray(first) && typeof first[0] === 'string') return first[0];
    if (typeof first === 'string') return first;
  }
  if (typeof b.error === 'string' && b.error) return b.error;
  if (typeof b.msg === 'string' && b.msg) return b.msg;
  return undefined;
}

/**
 * Normalises a non-2xx response. Structured `errors` are kept; the message is the server's, else the
 * first structured error's, else the status name (spec 2 §8). A 400 mentioning CSRF means the session's
 * token expired, which the user can only fix by reloading, so it gets the session-timed-out message.
 *
 * @example
 * createHttpError(404, 'NOT FOUND', { message: 'Chart not found' }).message; // 'Chart not found'
 * createHttpError(502, '', '').message; // 'Bad gateway'
 */
export function createHttpError(status: number, statusText: string, body: unknown): ClientError {
  const rawErrors =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>).errors : undefined;
  const errors = Array.isArray(rawErrors) ? rawErrors.filter(isStructuredError) : [];
  const serverMessage = messageFromBody(body) ?? errors[0]?.message;
  const text = typeof body === 'string' ? body : (serverMessage ?? '');
  if (status === 400 && text.includes('CSRF')) {
    const message = COMMON_ERROR_MESSAGES.SESSION_TIMED_OUT;
    return new ClientError({
      kind: 'csrf',
      message,
      status,
      statusText,
      body,
      errors: [{ error_type: FRONTEND_CSRF_ERROR, level: 'error', message, extra: {} }],
    });
  }
  return new ClientError({
    kind: 'http',
    message: serverMessage ?? getHttpStatusMessage(status),
    status,
    statusText,
    errors,
    body,
  });
}
