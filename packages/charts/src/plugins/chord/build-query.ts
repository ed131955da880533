/** Query of the chord diagram: the metric grouped by the source (groupby) and the target (columns). */
import { buildQueryContext, type QueryContext, type QueryFormColumn, type QueryFormData, type QueryFormMetric } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

/** The one column of a control the incumbent saves as a column or as a list of one. */
export const firstColumn = (value: unknown): QueryFormColumn | undefined => (Array.isArray(value) ? value[0] : value) as QueryFormColumn | undefined;

/**
 * The incumbent's chord query: columns [source, target], the metric, ordered by it when sort_by_metric.
 *
 * @example
 * buildChordQuery({ datasource: '59__table', viz_type: 'chord', groupby: 'channel_1', columns: 'channel_2', metric: 'count' })
 *   .queries[0].columns; // ['channel_1', 'channel_2']
 */
export function buildChordQuery(formData: QueryFormData): QueryContext {
  const source = firstColumn(requireControl(formData, 'groupby', 'Source'));
  const target = firstColumn(requireControl(formData, 'columns', 'Target'));
  const metric = requireControl<QueryFormMetric>(formData, 'metric', 'Metric');
  return buildQueryContext(formData, (base) => [
    { ...base, columns: [source!, target!], metrics: [metric], ...(formData.sort_by_metric ? { orderby: [[metric, false]] } : {}) },
  ]);
}
