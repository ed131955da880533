/**
 * The deck_multi chart's own query: none. Its data is its sub-charts' (loadDeckLayers), so the query
 * context it saves names its datasource and form data with no queries.
 */
import { buildQueryContext, type QueryContext, type QueryFormData } from '@lumen-bi/core';

/**
 * The sub-chart ids of `deck_slices` (numbers, or digit strings as a select may save them), in order,
 * without repeats; none or a value that is not a chart id is a named error.
 *
 * @example
 * deckSliceIds({ deck_slices: [12, '14', 12] }); // [12, 14]
 */
export function deckSliceIds(formData: QueryFormData): number[] {
  const value = formData.deck_slices;
  const list = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  const ids = list.map((item) => {
    const id = typeof item === 'string' && /^\s*\d+\s*$/.test(item) ? Number(item) : item;
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) throw new Error(`deck.gl charts: ${JSON.stringify(item)} is not a chart id`);
    return id;
  });
  if (!ids.length) throw new Error('deck.gl charts: pick at least one saved deck.gl chart to layer');
  return ids.filter((id, i) => ids.indexOf(id) === i);
}

/**
 * @example
 * buildDeckMultiQuery({ datasource: '7__table', viz_type: 'deck_multi', deck_slices: [67, 73] }).queries; // []
 */
export function buildDeckMultiQuery(formData: QueryFormData): QueryContext {
  return buildQueryContext(formData, () => []);
}
