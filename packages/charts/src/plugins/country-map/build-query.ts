/** Query of the country map: one row per region code with the metric. */
import { buildQueryContext, type QueryContext, type QueryFormData, type QueryFormMetric } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

/**
 * The incumbent's legacy country map query: grouped by the entity (ISO 3166-2 code) column, the metric.
 *
 * @example
 * buildCountryMapQuery({ datasource: '3__table', viz_type: 'country_map', select_country: 'germany', entity: 'state_code', metric: 'sum__population' }).queries[0].columns; // ['state_code']
 */
export function buildCountryMapQuery(formData: QueryFormData): QueryContext {
  requireControl<string>(formData, 'select_country', 'Country');
  const entity = requireControl<string>(formData, 'entity', 'ISO 3166-2 Codes');
  const metric = requireControl<QueryFormMetric>(formData, 'metric', 'Metric');
  return buildQueryContext(formData, (base) => [{ ...base, columns: [entity], metrics: [metric] }]);
}
