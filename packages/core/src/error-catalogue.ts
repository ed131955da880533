/**
 * The error-type catalogue (spec 1 §8): the message shown for each structured error type, and the message to
 * show for any thrown value. Apart from error-messages.ts and client-error.ts, which the API client needs,
 * so that code which only fails requests (the first load of <bi-chart>) does not carry the catalogue and the
 * table of every error type code; the error panels load it with their own lazy chunk.
 */
import { ClientError } from './client-error';
import { COMMON_ERROR_MESSAGES } from './error-messages';
import { ErrorTypeEnum, type ErrorType } from './error-type-codes';
import { msg } from './i18n/message';

/**
 * Custom messages for error types whose server text is too technical or absent. Types not listed keep the
 * server's message (e.g. GENERIC_DB_ENGINE_ERROR, whose engine text is the useful part).
 */
export const ERROR_TYPE_MESSAGES: Readonly<Partial<Record<ErrorType, string>>> = {
  [ErrorTypeEnum.FRONTEND_CSRF_ERROR]: COMMON_ERROR_MESSAGES.SESSION_TIMED_OUT,
  [ErrorTypeEnum.FRONTEND_NETWORK_ERROR]: COMMON_ERROR_MESSAGES.NETWORK_ERROR,
  [ErrorTypeEnum.FRONTEND_TIMEOUT_ERROR]: COMMON_ERROR_MESSAGES.REQUEST_TIMED_OUT,
  [ErrorTypeEnum.CONNECTION_INVALID_USERNAME_ERROR]: msg('The username provided when connecting to the database is not valid.'),
  [ErrorTypeEnum.CONNECTION_INVALID_PASSWORD_ERROR]: msg('The password provided when connecting to the database is not valid.'),
  [ErrorTypeEnum.CONNECTION_INVALID_HOSTNAME_ERROR]: msg('The hostname provided when connecting to the database could not be resolved.'),
  [ErrorTypeEnum.CONNECTION_PORT_CLOSED_ERROR]: msg('The port is closed.'),
  [ErrorTypeEnum.CONNECTION_INVALID_PORT_ERROR]: msg('The port number is invalid.'),
  [ErrorTypeEnum.CONNECTION_HOST_DOWN_ERROR]: msg('The host might be down, and cannot be reached on the provided port.'),
  [ErrorTypeEnum.CONNECTION_ACCESS_DENIED_ERROR]: msg('Access was denied when connecting to the database.'),
  [ErrorTypeEnum.CONNECTION_UNKNOWN_DATABASE_ERROR]: msg('The database does not exist.'),
  [ErrorTypeEnum.CONNECTION_DATABASE_PERMISSIONS_ERROR]: msg('The user does not have permission to access the database.'),
  [ErrorTypeEnum.CONNECTION_MISSING_PARAMETERS_ERROR]: msg('One or more parameters needed to configure a database are missing.'),
  [ErrorTypeEnum.CONNECTION_DATABASE_TIMEOUT]: msg('The connection to the database timed out.'),
  [ErrorTypeEnum.UNKNOWN_DATASOURCE_TYPE_ERROR]: msg('The datasource type is unknown.'),
  [ErrorTypeEnum.FAILED_FETCHING_DATASOURCE_INFO_ERROR]: msg('Failed to fetch information about the datasource.'),
  [ErrorTypeEnum.TABLE_SECURITY_ACCESS_ERROR]: msg('You do not have access to this table.'),
  [ErrorTypeEnum.DATASOURCE_SECURITY_ACCESS_ERROR]: msg('You do not have access to this datasource.'),
  [ErrorTypeEnum.DATABASE_SECURITY_ACCESS_ERROR]: msg('You do not have access to this database.'),
  [ErrorTypeEnum.QUERY_SECURITY_ACCESS_ERROR]: msg('You do not have access to this query.'),
  [ErrorTypeEnum.DASHBOARD_SECURITY_ACCESS_ERROR]: msg('You do not have access to this dashboard.'),
  [ErrorTypeEnum.CHART_SECURITY_ACCESS_ERROR]: msg('You do not have access to this chart.'),
  [ErrorTypeEnum.USER_ACTIVITY_SECURITY_ACCESS_ERROR]: msg("You do not have access to this user's activity."),
  [ErrorTypeEnum.MISSING_OWNERSHIP_ERROR]: msg('You must be an owner of this object to change it.'),
  [ErrorTypeEnum.BACKEND_TIMEOUT_ERROR]: msg('The query took too long to run on the server.'),
  [ErrorTypeEnum.DATABASE_NOT_FOUND_ERROR]: msg('The database was not found.'),
  [ErrorTypeEnum.RESULTS_BACKEND_NOT_CONFIGURED_ERROR]: msg('The results backend is not configured.'),
  [ErrorTypeEnum.DML_NOT_ALLOWED_ERROR]: msg('Only SELECT statements are allowed against this database.'),
  [ErrorTypeEnum.INVALID_CTAS_QUERY_ERROR]: msg('CREATE TABLE AS SELECT requires the last statement to be a SELECT.'),
  [ErrorTypeEnum.INVALID_CVAS_QUERY_ERROR]: msg('CREATE VIEW AS SELECT requires a single SELECT statement.'),
  [ErrorTypeEnum.SQLLAB_TIMEOUT_ERROR]: msg('The query exceeded the SQL Lab timeout.'),
  [ErrorTypeEnum.RESULTS_BACKEND_ERROR]: msg('Failed at retrieving results'),
  [ErrorTypeEnum.ASYNC_WORKERS_ERROR]: msg('Async workers are unavailable; please try again later.'),
  [ErrorTypeEnum.ADHOC_SUBQUERY_NOT_ALLOWED_ERROR]: msg('Custom SQL fields cannot contain sub-queries.'),
  [ErrorTypeEnum.RESULT_TOO_LARGE_ERROR]: msg('The result is too large to be displayed.'),
  [ErrorTypeEnum.INVALID_PAYLOAD_FORMAT_ERROR]: msg('The request payload has an invalid format.'),
  [ErrorTypeEnum.INVALID_PAYLOAD_SCHEMA_ERROR]: msg('The request payload has an invalid schema.'),
};

/**
 * COMMON_ERROR_MESSAGES (error-messages.ts) marked as UI strings for the catalogues, so the error panels show
 * them translated. They are marked here, in the panels' lazy chunk, and not where they are declared: that
 * module is in every first load, where each msg() call is bytes (error-catalogue.test.ts keeps the two lists
 * equal).
 */
export const COMMON_MESSAGE_SOURCES: readonly string[] = [
  msg('Network error'),
  msg('Request timed out'),
  msg('Your session timed out, please refresh your page and try again.'),
  msg('Query timeout'),
  msg('An error occurred'),
  msg('Sorry, an unknown error occurred.'),
  msg('Sorry, an error occurred'),
  msg('Unexpected error'),
  msg('Issue 1000 - The dataset is too large to query.'),
  msg('Issue 1001 - The database is under an unusual load.'),
];

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
