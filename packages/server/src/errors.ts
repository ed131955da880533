/**
 * The server's one error catalogue (after Fastify's lib/errors.js): every error a route raises is a
 * LumenError with an HTTP status, the spec's error_type code and message. The error handler in
 * http/error-handler.ts turns it into `{message, errors: [{message, error_type, level, extra}]}`.
 */
import { ErrorTypeEnum } from '@lumen-bi/core';

export type ErrorLevel = 'info' | 'warning' | 'error';

/**
 * Error type codes (spec 2 §8, spec 3 §8): one list, defined in core, shared with the clients that render
 * the error panels.
 */
export const ErrorType = ErrorTypeEnum;
export type ErrorTypeCode = (typeof ErrorType)[keyof typeof ErrorType];

export interface StructuredError {
  message: string;
  error_type: ErrorTypeCode;
  level: ErrorLevel;
  extra?: Record<string, unknown>;
}

export class LumenError extends Error {
  override name = 'LumenError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errorType: ErrorTypeCode = ErrorType.GENERIC_BACKEND_ERROR,
    readonly extra?: Record<string, unknown>,
    readonly level: ErrorLevel = 'error',
  ) {
    super(message);
  }

  toStructured(): StructuredError {
    return { message: this.message, error_type: this.errorType, level: this.level, ...(this.extra ? { extra: this.extra } : {}) };
  }
}

/** 400: the request is malformed; the message names what was wrong. */
export const badRequest = (message: string, extra?: Record<string, unknown>, type: ErrorTypeCode = ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR) =>
  new LumenError(400, message, type, extra, 'error');
export const unauthorized = (message = 'Not authorized') =>
  new LumenError(401, message, ErrorType.GENERIC_BACKEND_ERROR, undefined, 'error');
export const forbidden = (message = 'Forbidden', type: ErrorTypeCode = ErrorType.GENERIC_BACKEND_ERROR, extra?: Record<string, unknown>) =>
  new LumenError(403, message, type, extra, 'error');
export const notFound = (message = 'Not found') =>
  new LumenError(404, message, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, undefined, 'error');
export const conflict = (message: string) => new LumenError(422, message, ErrorType.GENERIC_COMMAND_ERROR);
/** 422: well-formed but not acceptable (e.g. unique constraint), as the incumbent answers. */
export const unprocessable = (message: string, extra?: Record<string, unknown>) =>
  new LumenError(422, message, ErrorType.GENERIC_COMMAND_ERROR, extra);

/** 'You do not have permission to edit this chart' (spec 2 §6). */
export const cannotEdit = (thing: string) =>
  new LumenError(403, `You do not have permission to edit this ${thing}`, ErrorType.MISSING_OWNERSHIP_ERROR);

/** flask-jwt-extended's words for an expired token, which the incumbent's clients test before refreshing. */
export const TOKEN_EXPIRED = 'Token has expired';

/**
 * 401 for an expired Bearer token. The error handler adds the incumbent's `msg` field (flask-jwt-extended
 * answers `{msg: 'Token has expired'}`) beside Lumen's `message` and `errors`.
 */
export class TokenExpiredError extends LumenError {
  override name = 'TokenExpiredError';
  constructor() {
    super(401, TOKEN_EXPIRED, ErrorType.GENERIC_BACKEND_ERROR);
  }
}

/** Marshmallow's words for a missing required field, which the incumbent answers per field. */
export const MISSING_FIELD = 'Missing data for required field.';

/**
 * 400 for required fields a create left out. The body's `message` is the incumbent's per-field object
 * (`{"message": {"slice_name": ["Missing data for required field."]}}`, which its clients print and Lumen's
 * client reads, core/client-error.ts); the structured error keeps Lumen's sentence naming the fields.
 */
export class MissingFieldsError extends LumenError {
  override name = 'MissingFieldsError';
  constructor(readonly fields: string[]) {
    super(400, `Missing required field ${fields.map((f) => `'${f}'`).join(', ')}`, ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR, { fields });
  }

  perField(): Record<string, string[]> {
    return Object.fromEntries(this.fields.map((field) => [field, [MISSING_FIELD]]));
  }
}

/**
 * 400 or 422 with the incumbent's per-field `message` (`{"message": {"short_descr": ["Short description must be
 * unique for this layer"]}}`): marshmallow's schema errors (400) and its commands' validation errors (422),
 * which the incumbent's clients print under each field. The structured error keeps one sentence naming them.
 */
export class FieldErrors extends LumenError {
  override name = 'FieldErrors';
  constructor(
    statusCode: 400 | 422,
    readonly byField: Record<string, string[]>,
  ) {
    super(
      statusCode,
      Object.entries(byField).map(([field, messages]) => `${field}: ${messages.join(' ')}`).join('; '),
      statusCode === 400 ? ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR : ErrorType.GENERIC_COMMAND_ERROR,
      { fields: Object.keys(byField) },
    );
  }

  perField(): Record<string, string[]> {
    return this.byField;
  }
}
