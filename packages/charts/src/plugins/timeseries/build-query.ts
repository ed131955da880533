/** Query of the time-series charts: x-axis + series columns, pivot then analytics then flatten. */
import { applyDefaultOrderBy, buildQueryContext, type QueryContext, type QueryFormColumn, type QueryFormData } from '@lumen-bi/core';
import {
  flattenOperator,
  isTimeComparison,
  normalizeTimeColumn,
  pivotOperator,
  renameOperator,
  resampleOperator,
  rollingWindowOperator,
  timeCompareOperator,
} from '../../shared/post-processing';
import { requireControl } from '../../shared/required-controls';

/**
 * Builds the chart-data request of a time-series chart.
 *
 * @example
 * buildTimeseriesQuery({ datasource: '1__table', viz_type: 'echarts_timeseries_line', x_axis: 'ds', metrics: ['count'],
 *   groupby: ['gender'], truncate_metric: true }).queries[0].post_processing;
 * // [{ operation: 'pivot', ... }, { operation: 'rename', ... }, { operation: 'flatten' }]
 */
export function buildTimeseriesQuery(saved: QueryFormData): QueryContext {
  requireControl(saved, 'metrics', 'Metrics');
  // Truncate metric defaults to on, as the incumbent's control does: a saved chart without the field
  // names its one-metric series by the dimension value ('page_view'), not 'COUNT(*), page_view'.
  const formData: QueryFormData = { ...saved, truncate_metric: saved.truncate_metric ?? true };
  return buildQueryContext(formData, (base) => {
    const groupby = (formData.groupby ?? []) as QueryFormColumn[];
    const xAxis = formData.x_axis ? [formData.x_axis] : [];
    const queryObject = {
      ...base,
      columns: [...xAxis, ...groupby],
      series_columns: groupby,
      ...(formData.x_axis ? {} : { is_timeseries: true }),
      orderby: applyDefaultOrderBy(base).orderby,
      time_offsets: isTimeComparison(formData) ? ((formData.time_compare as string[]) ?? []) : [],
    };
    const postProcessing = [
      pivotOperator(formData, queryObject),
      rollingWindowOperator(formData, queryObject),
      timeCompareOperator(formData, queryObject),
      resampleOperator(formData),
      renameOperator(formData, queryObject),
      flattenOperator(),
    ].filter((rule) => rule !== undefined);
    return [normalizeTimeColumn(formData, { ...queryObject, post_processing: postProcessing })];
  });
}
