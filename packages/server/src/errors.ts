/**
 * The server's one error catalogue (after Fastify's lib/errors.js): every error a route raises is a
 * LumenError with an HTTP status, the spec's error_type code and message. The error handler in
 * http/error-handler.ts turns it into `{message, errors: [{message, error_type, level, extra}]}`.
 */
export type ErrorLevel = 'info' | 'warning' | 'error';

/** Error type codes from spec 2 §8 and spec 3 §8 (Superset's SupersetErrorType names). */
export const ErrorType = {
  FRONTEND_CSRF_ERROR: 'FRONTEND_CSRF_ERROR',
  GENERIC_DB_ENGINE_ERROR: 'GENERIC_DB_ENGINE_ERROR',
  COLUMN_DOES_NOT_EXIST_ERROR: 'COLUMN_DOES_NOT_EXIST_ERROR',
  TABLE_DOES_NOT_EXIST_ERROR: 'TABLE_DOES_NOT_EXIST_ERROR',
  SCHEMA_DOES_NOT_EXIST_ERROR: 'SCHEMA_DOES_NOT_EXIST_ERROR',
  OBJECT_DOES_NOT_EXIST_ERROR: 'OBJECT_DOES_NOT_EXIST_ERROR',
  CONNECTION_INVALID_USERNAME_ERROR: 'CONNECTION_INVALID_USERNAME_ERROR',
  CONNECTION_INVALID_PASSWORD_ERROR: 'CONNECTION_INVALID_PASSWORD_ERROR',
  CONNECTION_INVALID_HOSTNAME_ERROR: 'CONNECTION_INVALID_HOSTNAME_ERROR',
  CONNECTION_PORT_CLOSED_ERROR: 'CONNECTION_PORT_CLOSED_ERROR',
  CONNECTION_INVALID_PORT_ERROR: 'CONNECTION_INVALID_PORT_ERROR',
  CONNECTION_HOST_DOWN_ERROR: 'CONNECTION_HOST_DOWN_ERROR',
  CONNECTION_ACCESS_DENIED_ERROR: 'CONNECTION_ACCESS_DENIED_ERROR',
  CONNECTION_UNKNOWN_DATABASE_ERROR: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
  CONNECTION_DATABASE_PERMISSIONS_ERROR: 'CONNECTION_DATABASE_PERMISSIONS_ERROR',
  CONNECTION_MISSING_PARAMETERS_ERROR: 'CONNECTION_MISSING_PARAMETERS_ERROR',
  SYNTAX_ERROR: 'SYNTAX_ERROR',
  CONNECTION_DATABASE_TIMEOUT: 'CONNECTION_DATABASE_TIMEOUT',
  VIZ_GET_DF_ERROR: 'VIZ_GET_DF_ERROR',
  UNKNOWN_DATASOURCE_TYPE_ERROR: 'UNKNOWN_DATASOURCE_TYPE_ERROR',
  FAILED_FETCHING_DATASOURCE_INFO_ERROR: 'FAILED_FETCHING_DATASOURCE_INFO_ERROR',
  TABLE_SECURITY_ACCESS_ERROR: 'TABLE_SECURITY_ACCESS_ERROR',
  DATASOURCE_SECURITY_ACCESS_ERROR: 'DATASOURCE_SECURITY_ACCESS_ERROR',
  DATABASE_SECURITY_ACCESS_ERROR: 'DATABASE_SECURITY_ACCESS_ERROR',
  QUERY_SECURITY_ACCESS_ERROR: 'QUERY_SECURITY_ACCESS_ERROR',
  DASHBOARD_SECURITY_ACCESS_ERROR: 'DASHBOARD_SECURITY_ACCESS_ERROR',
  CHART_SECURITY_ACCESS_ERROR: 'CHART_SECURITY_ACCESS_ERROR',
  USER_ACTIVITY_SECURITY_ACCESS_ERROR: 'USER_ACTIVITY_SECURITY_ACCESS_ERROR',
  MISSING_OWNERSHIP_ERROR: 'MISSING_OWNERSHIP_ERROR',
  OAUTH2_REDIRECT: 'OAUTH2_REDIRECT',
  OAUTH2_REDIRECT_ERROR: 'OAUTH2_REDIRECT_ERROR',
  BACKEND_TIMEOUT_ERROR: 'BACKEND_TIMEOUT_ERROR',
  DATABASE_NOT_FOUND_ERROR: 'DATABASE_NOT_FOUND_ERROR',
  MISSING_TEMPLATE_PARAMS_ERROR: 'MISSING_TEMPLATE_PARAMS_ERROR',
  INVALID_TEMPLATE_PARAMS_ERROR: 'INVALID_TEMPLATE_PARAMS_ERROR',
  RESULTS_BACKEND_NOT_CONFIGURED_ERROR: 'RESULTS_BACKEND_NOT_CONFIGURED_ERROR',
  RESULTS_BACKEND_ERROR: 'RESULTS_BACKEND_ERROR',
  DML_NOT_ALLOWED_ERROR: 'DML_NOT_ALLOWED_ERROR',
  INVALID_CTAS_QUERY_ERROR: 'INVALID_CTAS_QUERY_ERROR',
  INVALID_CVAS_QUERY_ERROR: 'INVALID_CVAS_QUERY_ERROR',
  SQLLAB_TIMEOUT_ERROR: 'SQLLAB_TIMEOUT_ERROR',
  ASYNC_WORKERS_ERROR: 'ASYNC_WORKERS_ERROR',
  ADHOC_SUBQUERY_NOT_ALLOWED_ERROR: 'ADHOC_SUBQUERY_NOT_ALLOWED_ERROR',
  INVALID_SQL_ERROR: 'INVALID_SQL_ERROR',
  RESULT_TOO_LARGE_ERROR: 'RESULT_TOO_LARGE_ERROR',
  GENERIC_COMMAND_ERROR: 'GENERIC_COMMAND_ERROR',
  GENERIC_BACKEND_ERROR: 'GENERIC_BACKEND_ERROR',
  INVALID_PAYLOAD_FORMAT_ERROR: 'INVALID_PAYLOAD_FORMAT_ERROR',
  INVALID_PAYLOAD_SCHEMA_ERROR: 'INVALID_PAYLOAD_SCHEMA_ERROR',
  MARSHMALLOW_ERROR: 'MARSHMALLOW_ERROR',
  REPORT_NOTIFICATION_ERROR: 'REPORT_NOTIFICATION_ERROR',
} as const;
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
export const forbidden = (message = 'Forbidden', type: ErrorTypeCode = ErrorType.GENERIC_BACKEND_ERROR) =>
  new LumenError(403, message, type, undefined, 'error');
export const notFound = (message = 'Not found') =>
  new LumenError(404, message, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, undefined, 'error');
export const conflict = (message: string) => new LumenError(422, message, ErrorType.GENERIC_COMMAND_ERROR);
/** 422: well-formed but not acceptable (e.g. unique constraint), as the incumbent answers. */
export const unprocessable = (message: string, extra?: Record<string, unknown>) =>
  new LumenError(422, message, ErrorType.GENERIC_COMMAND_ERROR, extra);

/** 'You do not have permission to edit this chart' (spec 2 §6). */
export const cannotEdit = (thing: string) =>
  new LumenError(403, `You do not have permission to edit this ${thing}`, ErrorType.MISSING_OWNERSHIP_ERROR);
