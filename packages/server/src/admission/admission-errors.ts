import { ErrorType, LumenError } from '../errors';

/**
 * The three ways a request can leave a database's wait queue without a slot. The callers turn a timeout
 * into their own time-limit error (chart data's BACKEND_TIMEOUT_ERROR, SQL Lab's SQLLAB_TIMEOUT_ERROR), so
 * a query that waited too long answers exactly as one that ran too long.
 */

/** The request's deadline passed while it waited for a slot. */
export class AdmissionTimeoutError extends Error {
  override name = 'AdmissionTimeoutError';
  constructor() {
    super('The query waited for a free database slot until its time limit passed');
  }
}

/** The client that asked went away while the request waited. */
export class AdmissionAbortedError extends Error {
  override name = 'AbortError';
  constructor() {
    super('The request left the database queue: its client went away');
  }
}

/**
 * 503 when a database's wait queue is full (or this request was pushed out of it by a fairer claim): the
 * client should come back after `retryAfterSeconds`, which the error handler sends as Retry-After. The
 * message is the spec's issue 1001 wording ("the database is under an unusual load").
 */
export class AdmissionQueueFullError extends LumenError {
  override name = 'AdmissionQueueFullError';
  constructor(readonly retryAfterSeconds: number) {
    super(503, 'The database is under an unusual load.', ErrorType.GENERIC_DB_ENGINE_ERROR, {
      retry_after: retryAfterSeconds,
      issue_codes: [{ code: 1001, message: 'Issue 1001 - The database is under an unusual load.' }],
    });
  }
}
