/**
 * The DOM events the elements emit. Every event bubbles and is composed, so a host listening on a parent
 * (or on a shadow root of its own) sees it.
 */
import { ClientError, type ClientErrorKind, type DataMaskStateWithId, type StructuredError } from '@lumen-bi/core';
import type { EmbedErrorCode } from '@lumen-bi/embed';
import type { SqlLabQueryFailure, SqlLabQuerySuccess } from '@lumen-bi/views';
import { failureCodeOf } from './failure-code';

export const BI_READY = 'bi-ready';
export const BI_DATA_MASK = 'bi-data-mask';
export const BI_CHART_STATE = 'bi-chart-state';
export const BI_ERROR = 'bi-error';
/** <bi-sqllab>: a query run in it finished with results. */
export const BI_QUERY_SUCCESS = 'bi-query-success';
/** <bi-sqllab>: a query run in it failed, timed out or was stopped (a query's outcome, not an element error). */
export const BI_QUERY_ERROR = 'bi-query-error';

/** Where an error came from, so a host can react differently to a bad token and to a failing chart. */
/** `sqllab`: <bi-sqllab> could not open what its attributes ask for (code `UNKNOWN_DATABASE`). */
export type BiErrorSource = 'attribute' | 'guest-token' | 'dashboard' | 'chart' | 'resolve' | 'sqllab';

/**
 * `bi-error` codes: EmbedError codes (guest-token fetches), `HTTP_<status>` for API failures, the API
 * client's other failure kinds (`NETWORK`, `TIMEOUT`, ...), `INVALID_ATTRIBUTE`, `UNKNOWN_DATABASE`, or `ERROR`.
 */
export type BiErrorCode =
  | EmbedErrorCode
  | `HTTP_${number}`
  | Uppercase<Exclude<ClientErrorKind, 'http'>>
  | 'INVALID_ATTRIBUTE'
  | 'UNKNOWN_DATABASE'
  | 'ERROR';

/** `bi-error` detail: a structured, serialisable description plus the original error. */
export interface BiErrorDetail {
  source: BiErrorSource;
  code: BiErrorCode;
  message: string;
  status?: number;
  /** The server's structured errors (spec error_type codes), when it sent any. */
  errors?: StructuredError[];
  error: unknown;
}

/** `bi-ready` detail. */
export interface BiReadyDetail {
  element: 'bi-dashboard' | 'bi-chart' | 'bi-sqllab';
  dashboardId?: number;
  chartId?: number;
}

/** `bi-chart-state` detail. */
export interface BiChartStateDetail {
  chartId: number | null;
  state: { status: string; rowCount?: number; error?: unknown };
}

/** `bi-data-mask` detail: the dashboard's complete data mask by filter id. */
export type BiDataMaskDetail = DataMaskStateWithId;

/**
 * `bi-query-success` detail: `{state: 'success', queryId, serverId, tabId, databaseId, catalog, schema, sql,
 * rowCount, columns, durationMs, limitingFactor, isDataPreview}`.
 */
export type BiQuerySuccessDetail = SqlLabQuerySuccess;

/**
 * `bi-query-error` detail: `{state: 'failed' | 'timed_out' | 'stopped', queryId, serverId, tabId, databaseId,
 * catalog, schema, sql, message, errors, link, durationMs, isDataPreview}`; `errors` are the server's
 * structured errors.
 */
export type BiQueryErrorDetail = SqlLabQueryFailure;

/**
 * Turns anything thrown into a `bi-error` detail.
 *
 * @example
 * toErrorDetail(new ClientError({ kind: 'http', status: 403, message: 'Forbidden' }), 'dashboard').code; // 'HTTP_403'
 */
export function toErrorDetail(error: unknown, source: BiErrorSource): BiErrorDetail {
  if (error instanceof ClientError) {
    // A named cause (expired token, unknown dashboard, ...) beats the bare status; `status` keeps the number.
    const code: BiErrorCode = failureCodeOf(error) ?? (error.kind === 'http' ? `HTTP_${error.status ?? 0}` : (error.kind.toUpperCase() as BiErrorCode));
    return { source, code, message: error.message, status: error.status, errors: error.errors, error };
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const attribute = error.name === 'AttributeError';
    // Errors with a string code are ours (EmbedError, UNKNOWN_DATABASE, ...): their codes are in BiErrorCode.
    return { source, code: typeof code === 'string' ? (code as BiErrorCode) : attribute ? 'INVALID_ATTRIBUTE' : 'ERROR', message: error.message, error };
  }
  return { source, code: 'ERROR', message: String(error), error };
}

/** Dispatches a bubbling, composed CustomEvent. */
export function emitElementEvent<T>(target: EventTarget | null | undefined, name: string, detail: T): void {
  target?.dispatchEvent(new CustomEvent<T>(name, { detail, bubbles: true, composed: true }));
}

/** The element that owns a shadow root (create-element-base.ts hands the React tree its shadow root as `container`). */
export function hostOf(container: Node | null | undefined): HTMLElement | null {
  if (!container) return null;
  if (typeof ShadowRoot !== 'undefined' && container instanceof ShadowRoot) return container.host as HTMLElement;
  return container as HTMLElement;
}
