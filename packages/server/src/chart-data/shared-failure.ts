import { type ErrorLevel, type ErrorTypeCode, LumenError } from '../errors';

/**
 * A failed shared query's error as the processes that waited on it read it back (cross-process-run.ts):
 * the run it belongs to, and the error's status, message, type and extra, so each waiter answers exactly
 * what the process that ran the query answered. An error that is not a LumenError keeps only its message
 * and answers, as it did there, the generic 500.
 */
interface SharedFailureRecord {
  run: string;
  statusCode?: number;
  message: string;
  errorType?: ErrorTypeCode;
  extra?: Record<string, unknown>;
  level?: ErrorLevel;
}

/** The record of `run`'s failure with `error`. */
export function encodeSharedFailure(run: string, error: unknown): string {
  const record: SharedFailureRecord =
    error instanceof LumenError
      ? { run, statusCode: error.statusCode, message: error.message, errorType: error.errorType, extra: error.extra, level: error.level }
      : { run, message: error instanceof Error ? error.message : String(error) };
  return JSON.stringify(record);
}

/** The error recorded for `run`, or null when the record belongs to another run or cannot be read. */
export function decodeSharedFailure(text: string | null, run: string): Error | null {
  if (!text) return null;
  let record: SharedFailureRecord;
  try {
    record = JSON.parse(text) as SharedFailureRecord;
  } catch {
    return null;
  }
  if (record.run !== run) return null;
  if (record.statusCode === undefined) return new Error(record.message);
  return new LumenError(record.statusCode, record.message, record.errorType, record.extra, record.level);
}
