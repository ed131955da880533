/** The bullet chart's query. */
import { buildQueryContext, type QueryContext, type QueryFormData } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

/**
 * The incumbent's bullet query: its one metric over the filters, no columns (ranges and markers are
 * drawn from the form data, never queried).
 *
 * @example
 * buildBulletQuery({ datasource: '1__table', viz_type: 'bullet', metric: 'count' }).queries[0].metrics; // ['count']
 */
export function buildBulletQuery(formData: QueryFormData): QueryContext {
  requireControl(formData, 'metric', 'Metric');
  return buildQueryContext(formData, (base) => [{ ...base, columns: [] }]);
}
