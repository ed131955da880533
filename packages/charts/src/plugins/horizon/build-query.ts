/** Query of the horizon chart: the metrics per time step and group (the legacy time-series query). */
import { buildQueryContext, type QueryContext, type QueryFormData } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

/**
 * The incumbent's legacy horizon query: the metrics grouped by `groupby` over the time column
 * (granularity_sqla, else the dataset's main time column) at the time grain, as a time series (`__timestamp`),
 * limited to `limit` series.
 *
 * @example
 * buildHorizonQuery({ datasource: '23__table', viz_type: 'horizon', granularity_sqla: 'order_date', groupby: ['product_line'], metrics: ['count'] })
 *   .queries[0].is_timeseries; // true
 */
export function buildHorizonQuery(formData: QueryFormData): QueryContext {
  requireControl(formData, 'metrics', 'Metrics');
  return buildQueryContext(formData, (base) => [{ ...base, is_timeseries: true }]);
}
