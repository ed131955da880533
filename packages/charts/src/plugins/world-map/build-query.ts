/** Query of the world map: one row per country value with the metric and the bubble's metric. */
import { buildQueryContext, getMetricLabel, type QueryContext, type QueryFormData, type QueryFormMetric } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

/** The metrics a world map reads: metric, then secondary_metric unless it is the same metric. */
export function worldMapMetrics(formData: QueryFormData): QueryFormMetric[] {
  const metric = requireControl<QueryFormMetric>(formData, 'metric', 'Metric');
  const secondary = formData.secondary_metric as QueryFormMetric | undefined | null;
  return secondary && getMetricLabel(secondary) !== getMetricLabel(metric) ? [metric, secondary] : [metric];
}

/**
 * The incumbent's legacy world map query: grouped by the entity (country) column, the metric and the
 * secondary metric, largest first when sort_by_metric.
 *
 * @example
 * buildWorldMapQuery({ datasource: '14__table', viz_type: 'world_map', entity: 'country_name', metric: 'count' }).queries[0].columns; // ['country_name']
 */
export function buildWorldMapQuery(formData: QueryFormData): QueryContext {
  const entity = requireControl<string>(formData, 'entity', 'Country Column');
  const metrics = worldMapMetrics(formData);
  return buildQueryContext(formData, (base) => [
    { ...base, columns: [entity], metrics, ...(formData.sort_by_metric ? { orderby: [[metrics[0], false] as [QueryFormMetric, boolean]] } : {}) },
  ]);
}
