/** The table chart plugin. */
import type { ChartPlugin } from '../../types';
import { buildTableQuery } from './build-query';
import { renderTable } from './render';
import { transformTableProps } from './transform-props';
import type { TableProps } from './types';

/** Table (viz_type 'table'), the default viz type. */
export const tablePlugin: ChartPlugin<TableProps> = {
  metadata: {
    vizType: 'table',
    name: 'Table',
    category: 'Table',
    description: 'Raw records or aggregated rows, sortable, searchable, paginated or virtualised.',
    tags: ['Tabular', 'Popular', 'Report'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 32" width="48" height="32"><rect x="4" y="4" width="40" height="24" fill="none" stroke="#999"/><path d="M4 10H44M4 16H44M4 22H44M18 4V28" stroke="#999"/></svg>',
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  buildQuery: (formData) => buildTableQuery(formData),
  transformProps: transformTableProps,
  render: renderTable,
};
