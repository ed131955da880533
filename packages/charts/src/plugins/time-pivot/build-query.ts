/** Query of the period pivot: the metric per time step (the legacy time-series query). */
import { buildQueryContext, type QueryContext, type QueryFormData } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';
import { periodStart } from './freq';

/**
 * The incumbent's legacy time_pivot query: the one metric over the time column at the time grain, as a
 * time series (`__timestamp`), no grouping. The frequency is checked here too, so a bad one is an error
 * before anything is queried.
 *
 * @example
 * buildTimePivotQuery({ datasource: '2__table', viz_type: 'time_pivot', granularity_sqla: 'order_date', metric: 'count', freq: 'W-MON' })
 *   .queries[0].metrics; // ['count']
 */
export function buildTimePivotQuery(formData: QueryFormData): QueryContext {
  const metric = requireControl(formData, 'metric', 'Metric');
  periodStart(formData.freq ?? 'W-MON');
  return buildQueryContext(formData, (base) => [{ ...base, columns: [], metrics: [metric as NonNullable<QueryFormData['metric']>], is_timeseries: true }]);
}
