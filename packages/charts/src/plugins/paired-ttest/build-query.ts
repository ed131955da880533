/** Query of the paired t-test table: the metrics per time step and group (the legacy time-series query). */
import { buildQueryContext, type QueryContext, type QueryFormData } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

/**
 * The incumbent's legacy paired_ttest query: the metrics grouped by `groupby` over the time column
 * (granularity_sqla) at the time grain, as a time series (`__timestamp`), limited to `limit` series.
 *
 * @example
 * buildPairedTTestQuery({ datasource: '2__table', viz_type: 'paired_ttest', granularity_sqla: 'order_date', groupby: ['deal_size'], metrics: ['count'] })
 *   .queries[0].is_timeseries; // true
 */
export function buildPairedTTestQuery(formData: QueryFormData): QueryContext {
  requireControl(formData, 'metrics', 'Metrics');
  return buildQueryContext(formData, (base) => [{ ...base, is_timeseries: true }]);
}
