/**
 * The error-type catalogue (spec 1 §8): the message shown for each structured error type, and the message to
 * show for any thrown value. Apart from error-messages.ts and client-error.ts, which the API client needs,
 * so that code which only fails requests (the first load of <bi-chart>) does not carry the catalogue and the
 * table of every error type code; the error panels load it with their own lazy chunk.
 */
import { ClientError } from './client-error';
import { COMMON_ERROR_MESSAGES } from './error-messages';
import { ErrorTypeEnum, type ErrorType } from './error-type-codes';

/**
 * Custom messages for error types whose server text is too technical or absent. Types not listed keep the
 * server's message (e.g. GENERIC_DB_ENGINE_ERROR, whose engine text is the useful part).
 */
export const ERROR_TYPE_MESSAGES: Readonly<Partial<Record<ErrorType, string>>> = {
  [ErrorTypeEnum.FRONTEND_CSRF_ERROR]: COMMON_ERROR_MESSAGES.SESSION_TIMED_OUT,
  [ErrorTypeEnum.FRONTEND_NETWORK_ERROR]: COMMON_ERROR_MESSAGES.NETWORK_ERROR,
  [ErrorTypeEnum.FRONTEND_TIMEOUT_ERROR]: COMMON_ERROR_MESSAGES.REQUEST_TIMED_OUT,
  [ErrorTypeEnum.CONNECTION_INVALID_USERNAME_ERROR]: 'The username provided when connecting to the database is not valid.',
  [ErrorTypeEnum.CONNECTION_INVALID_PASSWORD_ERROR]: 'The password provided when connecting to the database is not valid.',
  [ErrorTypeEnum.CONNECTION_INVALID_HOSTNAME_ERROR]: 'The hostname provided when connecting to the database could not be resolved.',
  [ErrorTypeEnum.CONNECTION_PORT_CLOSED_ERROR]: 'The port is closed.',
  [ErrorTypeEnum.CONNECTION_INVALID_PORT_ERROR]: 'The port number is invalid.',
  [ErrorTypeEnum.CONNECTION_HOST_DOWN_ERROR]: 'The host might be down, and cannot be reached on the provided port.',
  [ErrorTypeEnum.CONNECTION_ACCESS_DENIED_ERROR]: 'Access was denied when connecting to the database.',
  [ErrorTypeEnum.CONNECTION_UNKNOWN_DATABASE_ERROR]: 'The database does not exist.',
  [ErrorTypeEnum.CONNECTION_DATABASE_PERMISSIONS_ERROR]: 'The user does not have permission to access the database.',
  [ErrorTypeEnum.CONNECTION_MISSING_PARAMETERS_ERROR]: 'One or more parameters needed to configure a database are missing.',
  [ErrorTypeEnum.CONNECTION_DATABASE_TIMEOUT]: 'The connection to the database timed out.',
  [ErrorTypeEnum.UNKNOWN_DATASOURCE_TYPE_ERROR]: 'The datasource type is unknown.',
  [ErrorTypeEnum.FAILED_FETCHING_DATASOURCE_INFO_ERROR]: 'Failed to fetch information about the datasource.',
  [ErrorTypeEnum.TABLE_SECURITY_ACCESS_ERROR]: 'You do not have access to this table.',
  [ErrorTypeEnum.DATASOURCE_SECURITY_ACCESS_ERROR]: 'You do not have access to this datasource.',
  [ErrorTypeEnum.DATABASE_SECURITY_ACCESS_ERROR]: 'You do not have access to this database.',
  [ErrorTypeEnum.QUERY_SECURITY_ACCESS_ERROR]: 'You do not have access to this query.',
  [ErrorTypeEnum.DASHBOARD_SECURITY_ACCESS_ERROR]: 'You do not have access to this dashboard.',
  [ErrorTypeEnum.CHART_SECURITY_ACCESS_ERROR]: 'You do not have access to this chart.',
  [ErrorTypeEnum.USER_ACTIVITY_SECURITY_ACCESS_ERROR]: "You do not have access to this user's activity.",
  [ErrorTypeEnum.MISSING_OWNERSHIP_ERROR]: 'You must be an owner of this object to change it.',
  [ErrorTypeEnum.BACKEND_TIMEOUT_ERROR]: 'The query took too long to run on the server.',
  [ErrorTypeEnum.DATABASE_NOT_FOUND_ERROR]: 'The database was not found.',
  [ErrorTypeEnum.RESULTS_BACKEND_NOT_CONFIGURED_ERROR]: 'The results backend is not configured.',
  [ErrorTypeEnum.DML_NOT_ALLOWED_ERROR]: 'Only SELECT statements are allowed against this database.',
  [ErrorTypeEnum.INVALID_CTAS_QUERY_ERROR]: 'CREATE TABLE AS SELECT requires the last statement to be a SELECT.',
  [ErrorTypeEnum.INVALID_CVAS_QUERY_ERROR]: 'CREATE VIEW AS SELECT requires a single SELECT statement.',
  [ErrorTypeEnum.SQLLAB_TIMEOUT_ERROR]: 'The query exceeded the SQL Lab timeout.',
  [ErrorTypeEnum.RESULTS_BACKEND_ERROR]: 'Failed at retrieving results',
  [ErrorTypeEnum.ASYNC_WORKERS_ERROR]: 'Async workers are unavailable; please try again later.',
  [ErrorTypeEnum.ADHOC_SUBQUERY_NOT_ALLOWED_ERROR]: 'Custom SQL fields cannot contain sub-queries.',
  [ErrorTypeEnum.RESULT_TOO_LARGE_ERROR]: 'The result is too large to be displayed.',
  [ErrorTypeEnum.INVALID_PAYLOAD_FORMAT_ERROR]: 'The request payload has an invalid format.',
  [ErrorTypeEnum.INVALID_PAYLOAD_SCHEMA_ERROR]: 'The request payload has an invalid schema.',
};

/**
 * The catalogue message for an error type, or undefined when the server's own message should be shown.
 * A custom catalogue can be passed (e.g. a translated one).
 *
 * @example
 * getErrorMessage('FRONTEND_NETWORK_ERROR'); // 'Network error'
 * getErrorMessage('GENERIC_DB_ENGINE_ERROR'); // undefined -> show the server text
 */
export function getErrorMessage(
  errorType: string | undefined | null,
  catalogue: Readonly<Partial<Record<string, string>>> = ERROR_TYPE_MESSAGES,
): string | undefined {
  if (!errorType) return undefined;
  return Object.prototype.hasOwnProperty.call(catalogue, errorType) ? catalogue[errorType] : undefined;
}

/**
 * The message to show for any thrown value: the catalogue's message for the first structured error's
 * type when there is one (spec 1 §8), else the error's own message.
 *
 * @example
 * getClientErrorMessage(createNetworkError()); // 'Network error'
 */
export function getClientErrorMessage(error: unknown): string {
  if (error instanceof ClientError) {
    return getErrorMessage(error.errors[0]?.error_type) ?? error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return COMMON_ERROR_MESSAGES.UNKNOWN_ERROR;
}
