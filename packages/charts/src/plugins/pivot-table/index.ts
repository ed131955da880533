/** The pivot table plugin. */
import type { ChartPlugin } from '../../types';
import { buildPivotTableQuery } from './build-query';
import { renderPivotTable } from './render';
import { transformPivotTableProps } from './transform-props';
import type { PivotTableProps } from './types';

/**
 * Pivot table (viz_type 'pivot_table_v2').
 *
 * @example
 * registry.register(pivotTablePlugin).get('pivot_table_v2').metadata.name; // 'Pivot Table'
 */
export const pivotTablePlugin: ChartPlugin<PivotTableProps> = {
  metadata: {
    vizType: 'pivot_table_v2',
    name: 'Pivot Table',
    category: 'Table',
    description: 'Metrics summarised over row and column groupings, with subtotals and totals.',
    tags: ['Additive', 'Report', 'Tabular', 'Popular'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect x="2" y="2" width="28" height="28" fill="#fff" stroke="#999"/><rect x="2" y="2" width="28" height="7" fill="#8FD3E4"/><rect x="2" y="2" width="9" height="28" fill="#E6F6F9"/><path d="M2 9h28M2 16h28M2 23h28M11 2v28M20 2v28" stroke="#999"/></svg>',
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  buildQuery: buildPivotTableQuery,
  transformProps: transformPivotTableProps,
  render: renderPivotTable,
};
