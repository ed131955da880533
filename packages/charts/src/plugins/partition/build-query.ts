/** Query of the partition chart: every level's column and the metrics, by time when an option needs it. */
import { buildQueryContext, getMetricLabel, type QueryContext, type QueryFormData, type QueryFormMetric, type QueryFormOrderBy } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';
import { hierarchyColumns } from '../hierarchy-common/tree';

/**
 * The incumbent's partition query: grouped by all levels, a time series (`__timestamp` per time grain)
 * unless the option is 'not_time', the sort metric (timeseries_limit_metric) queried too and, with
 * order_desc, ordered by. Missing metrics or levels raise the error shown in the chart's panel.
 *
 * @example
 * buildPartitionQuery({ datasource: '1__table', viz_type: 'partition', groupby: ['region'], metrics: ['count'], time_series_option: 'not_time' })
 *   .queries[0].is_timeseries; // false
 */
export function buildPartitionQuery(formData: QueryFormData): QueryContext {
  const groupby = hierarchyColumns(formData, 'groupby');
  requireControl(formData, 'metrics', 'Metrics');
  requireControl({ groupby }, 'groupby', 'Dimensions');
  const option = String(formData.time_series_option ?? 'not_time');
  const sortBy = (Array.isArray(formData.timeseries_limit_metric) ? formData.timeseries_limit_metric[0] : formData.timeseries_limit_metric) as QueryFormMetric | undefined;
  return buildQueryContext(formData, (base) => {
    let metrics = base.metrics ?? [];
    const orderby: QueryFormOrderBy[] = [];
    if (sortBy) {
      const label = getMetricLabel(sortBy);
      if (!metrics.some((m) => getMetricLabel(m) === label)) metrics = [...metrics, sortBy];
      if (formData.order_desc) orderby.push([sortBy, false]);
    }
    return [{ ...base, metrics, is_timeseries: option !== 'not_time', ...(orderby.length ? { orderby } : {}) }];
  });
}
