/**
 * Structured errors (spec 2 §8, spec 3 §8). The type codes (error-type-codes.ts) are the incumbent's
 * SupersetErrorType names so error payloads from either server render the same panels.
 */
import type { ErrorType } from './error-type-codes';

export type { ErrorType } from './error-type-codes';

/** Severity of a structured error. */
export type ErrorLevel = 'info' | 'warning' | 'error';

/** An issue code attached to an error (spec 2 §8, e.g. 1000 and 1001 on timeouts). */
export interface IssueCode {
  code: number;
  message: string;
}

/** Extra details of a structured error. */
export interface ErrorExtra {
  issue_codes?: IssueCode[];
  link?: string;
  timeout?: number;
  [key: string]: unknown;
}

/**
 * A structured error as sent by the server in `{message, errors: [...]}` (spec 2 §8).
 * `error_type` is a string rather than ErrorType because newer servers may send codes this client predates.
 */
export interface StructuredError {
  error_type: ErrorType | (string & {});
  level: ErrorLevel;
  message: string;
  extra?: ErrorExtra | null;
}

/** Whether a value looks like a structured error (used when reading untrusted JSON). */
export function isStructuredError(value: unknown): value is StructuredError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.error_type === 'string' && typeof v.message === 'string';
}
