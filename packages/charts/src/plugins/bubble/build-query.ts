/** Query of the bubble chart: entity (+ series) with the x, y and size metrics. */
import { buildQueryContext, type QueryContext, type QueryFormColumn, type QueryFormData } from '@lumen-bi/core';
import { requireControl } from '../../shared/required-controls';

/** The bubble's metric controls and their labels (all required, as the incumbent's validators say). */
export const BUBBLE_METRICS = [['x', 'X Axis'], ['y', 'Y Axis'], ['size', 'Bubble Size']] as const;

const asArray = <T>(v: T | T[] | null | undefined): T[] => (v === null || v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * The incumbent's bubble_v2 query: columns [entity, series]; metrics x, y, size come from the base
 * query (they are metric aliases). Its row limit is the legacy `limit` field; saved charts that only
 * carry row_limit keep theirs (sending none would silently fall back to the server default).
 *
 * @example
 * buildBubbleQuery({ datasource: '22__table', viz_type: 'bubble_v2', entity: 'deal_size', series: 'product_line',
 *   x: 'sum_qty', y: 'cnt_country', size: 'count', row_limit: 10000 }).queries[0].columns; // ['deal_size', 'product_line']
 */
export function buildBubbleQuery(formData: QueryFormData): QueryContext {
  requireControl(formData, 'entity', 'Entity');
  for (const [name, label] of BUBBLE_METRICS) requireControl(formData, name, label);
  const columns = [...asArray(formData.entity as QueryFormColumn | undefined), ...asArray(formData.series as QueryFormColumn | undefined)];
  const limit = formData.limit === null || formData.limit === undefined || formData.limit === '' ? undefined : Number(formData.limit);
  return buildQueryContext(formData, (base) => [{ ...base, columns, ...(limit !== undefined ? { row_limit: limit } : {}) }]);
}
