/** Query of the rose: the metrics per time step and group, through the incumbent's time-series pipeline. */
import { buildQueryContext, type PostProcessingRule, type QueryContext, type QueryFormData } from '@lumen-bi/core';
import { flattenOperator, isTimeComparison, pivotOperator, resampleOperator, rollingWindowOperator, timeCompareOperator } from '../../shared/post-processing';
import { requireControl } from '../../shared/required-controls';

/**
 * The incumbent's rose query: the legacy time series (granularity_sqla at the time grain, `__timestamp`),
 * pivoted by the group-by, then resample, rolling window, time comparison and the legacy `contribution`
 * (each value's share of its time step), flattened back to records.
 *
 * @example
 * buildRoseQuery({ datasource: '1__table', viz_type: 'rose', granularity_sqla: 'ds', metrics: ['count'], groupby: ['gender'] })
 *   .queries[0].post_processing?.map((r) => r.operation); // ['pivot', 'flatten']
 */
export function buildRoseQuery(formData: QueryFormData): QueryContext {
  requireControl(formData, 'metrics', 'Metrics');
  return buildQueryContext(formData, (base) => {
    const comparing = isTimeComparison(formData);
    const queryObject = { ...base, is_timeseries: true, time_offsets: comparing ? ((formData.time_compare as string[]) ?? []) : [] };
    const contribution: PostProcessingRule | undefined = formData.contribution ? { operation: 'contribution', options: { orientation: 'row' } } : undefined;
    const rules = [
      pivotOperator(formData, queryObject),
      resampleOperator(formData),
      rollingWindowOperator(formData, queryObject),
      timeCompareOperator(formData, queryObject),
      contribution,
      flattenOperator(),
    ].filter((rule): rule is PostProcessingRule => rule !== undefined);
    return [{ ...queryObject, post_processing: rules }];
  });
}
