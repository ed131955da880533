/** Queries of the big-number charts. */
import { buildQueryContext, type QueryContext, type QueryFormData } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';
import { flattenOperator, normalizeTimeColumn, pivotOperator, resampleOperator, rollingWindowOperator } from '../../shared/post-processing';

/**
 * big_number: the metric over the x-axis, pivoted, with optional rolling/resample, then flattened.
 *
 * @example
 * buildBigNumberQuery({ datasource: '1__table', viz_type: 'big_number', x_axis: 'ds', metric: 'count', rolling_type: 'cumsum' })
 *   .queries[0].post_processing.map((r) => r.operation); // ['pivot', 'cum', 'flatten']
 */
export function buildBigNumberQuery(formData: QueryFormData): QueryContext {
  requireControl(formData, 'metric', 'Metric');
  return buildQueryContext(formData, (base) => {
    const query = { ...base, columns: formData.x_axis ? [formData.x_axis] : [], ...(formData.x_axis ? {} : { is_timeseries: true }) };
    const postProcessing = [pivotOperator(formData, query), rollingWindowOperator(formData, query), resampleOperator(formData), flattenOperator()].filter(
      (r) => r !== undefined,
    );
    return [normalizeTimeColumn(formData, { ...query, post_processing: postProcessing })];
  });
}

/** big_number_total: one aggregate, no columns. */
export function buildBigNumberTotalQuery(formData: QueryFormData): QueryContext {
  requireControl(formData, 'metric', 'Metric');
  return buildQueryContext(formData, (base) => [{ ...base }]);
}
