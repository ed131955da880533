/**
 * Form data -> the chart data request body (spec 1 §3): datasource, force, queries, form_data,
 * result_format (default json), result_type (default full). A plugin supplies buildQuery to shape the
 * queries (post-processing, extra queries); the default sends the base query object unchanged.
 */
import { buildQueryObject } from './build-query-object';
import { parseDatasourceKey } from './datasource-key';
import type { QueryFormData } from './form-data-types';
import type { ChartDataResultFormat, ChartDataResultType, QueryContext, QueryObject } from './query-types';

/** Default result format of the chart data request (spec 1 §3). */
export const DEFAULT_RESULT_FORMAT: ChartDataResultFormat = 'json';
/** Default result type of the chart data request (spec 1 §3). */
export const DEFAULT_RESULT_TYPE: ChartDataResultType = 'full';

/** A plugin's query builder: receives the base query object and returns the queries to send. */
export type BuildQuery = (baseQueryObject: QueryObject, formData: QueryFormData) => QueryObject[];

/** Options of buildQueryContext. */
export interface BuildQueryContextOptions {
  buildQuery?: BuildQuery;
  force?: boolean;
  resultFormat?: ChartDataResultFormat;
  resultType?: ChartDataResultType;
}

/**
 * Builds the chart data request body.
 *
 * @example
 * buildQueryContext({ datasource: '3__table', viz_type: 'table', metrics: ['count'] });
 * // { datasource: { id: 3, type: 'table' }, force: false, queries: [{ metrics: ['count'], ... }],
 * //   form_data: {...}, result_format: 'json', result_type: 'full' }
 *
 * buildQueryContext(formData, (base) => [{ ...base, post_processing: [{ operation: 'pivot', options }] }]);
 */
export function buildQueryContext(
  formData: QueryFormData,
  buildQueryOrOptions?: BuildQuery | BuildQueryContextOptions,
): QueryContext {
  const options: BuildQueryContextOptions =
    typeof buildQueryOrOptions === 'function' ? { buildQuery: buildQueryOrOptions } : (buildQueryOrOptions ?? {});
  const buildQuery: BuildQuery = options.buildQuery ?? ((base) => [base]);
  const resultFormat =
    options.resultFormat ?? (formData.result_format as ChartDataResultFormat | undefined) ?? DEFAULT_RESULT_FORMAT;
  const resultType =
    options.resultType ?? (formData.result_type as ChartDataResultType | undefined) ?? DEFAULT_RESULT_TYPE;
  return {
    datasource: parseDatasourceKey(formData.datasource),
    force: options.force ?? Boolean(formData.force),
    queries: buildQuery(buildQueryObject(formData), formData),
    form_data: formData,
    result_format: resultFormat,
    result_type: resultType,
  };
}
