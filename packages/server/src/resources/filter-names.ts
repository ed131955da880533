import { labelOf } from './list';

/**
 * The names the incumbent's `_info` gives its filter operators (Flask-AppBuilder's filter classes and
 * Superset's own filters), so a client that builds its filter menu or its `opr` from the name finds the
 * same words. An operator only Lumen has keeps a name made from its key.
 */
const INCUMBENT_FILTER_NAMES: Record<string, string> = {
  eq: 'Equal to',
  neq: 'Not Equal to',
  gt: 'Greater than',
  lt: 'Smaller than',
  ge: 'Greater than or Equal',
  gte: 'Greater than or Equal',
  le: 'Smaller than or Equal',
  lte: 'Smaller than or Equal',
  in: 'One of',
  between: 'Between',
  ct: 'Contains',
  nct: 'Not Contains',
  sw: 'Starts with',
  nsw: 'Not Starts With',
  ew: 'Ends with',
  new: 'Not Ends With',
  rel_o_m: 'Relation',
  nrel_o_m: 'No Relation',
  rel_m_m: 'Relation as Many',
  nrel_m_m: 'No Relation as Many',
  chart_all_text: 'All Text',
  dashboard_all_text: 'All Text',
  saved_query_all_text: 'All Text',
  annotation_layer_all_text: 'All Text',
  annotation_all_text: 'All Text',
  all_text: 'All Text',
  title_or_slug: 'Title or Slug',
  chart_is_favorite: 'Is favorite',
  dashboard_is_favorite: 'Is favorite',
  tag_is_favorite: 'Is favorite',
  favorite: 'Is favorite',
  favourites: 'Is favorite',
  chart_is_certified: 'Is certified',
  dashboard_is_certified: 'Is certified',
  dataset_is_certified: 'Is certified',
  certified: 'Is certified',
  dataset_is_null_or_empty: 'Null or Empty',
  chart_tags: 'Is tagged',
  dashboard_tags: 'Is tagged',
  saved_query_tags: 'Is tagged',
  tag_name: 'Is tagged',
  chart_tag_id: 'Is tagged',
  dashboard_tag_id: 'Is tagged',
  tags: 'Is tagged',
};

/** The incumbent's name for a filter operator key. */
export const filterOperatorName = (operator: string): string => INCUMBENT_FILTER_NAMES[operator] ?? labelOf(operator);

/** `_info.filters`: each filterable column with its operators, as `[{name, operator}]`. */
export function filtersInfo(filters: Record<string, { operators: Record<string, unknown> }>): Record<string, { name: string; operator: string }[]> {
  return Object.fromEntries(
    Object.entries(filters).map(([column, filter]) => [column, Object.keys(filter.operators).map((operator) => ({ name: filterOperatorName(operator), operator }))]),
  );
}
