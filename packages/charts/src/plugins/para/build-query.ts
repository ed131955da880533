/** Query of the parallel coordinates chart: the metrics (and the colour metric) per series value. */
import { buildQueryContext, type QueryContext, type QueryFormData, type QueryFormMetric } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

/**
 * The incumbent's legacy para query: one row per `series` value with `metrics` and `secondary_metric`,
 * at most `limit` rows (its series limit) ordered by timeseries_limit_metric, else the first metric.
 *
 * @example
 * buildParaQuery({ datasource: '2__table', viz_type: 'para', series: 'country', metrics: ['count', 'sum__revenue'] }).queries[0].columns; // ['country']
 */
export function buildParaQuery(formData: QueryFormData): QueryContext {
  requireControl(formData, 'series', 'Series');
  const metrics = requireControl<QueryFormMetric[]>(formData, 'metrics', 'Metrics');
  const limit = Number.parseInt(String(formData.limit ?? ''), 10);
  const sortBy = (formData.timeseries_limit_metric as QueryFormMetric | null | undefined) ?? metrics[0];
  return buildQueryContext(formData, (base) => [{
    ...base,
    series_limit: 0,
    orderby: [[sortBy, formData.order_desc === false]],
    ...(limit > 0 ? { row_limit: limit } : {}),
  }]);
}
