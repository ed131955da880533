/** The time-series table plugin. */
import type { ChartPlugin } from '../../types';
import { buildTimeTableQuery } from './build-query';
import { renderTimeTable } from './render';
import { transformTimeTableProps } from './transform-props';
import type { TimeTableProps } from './types';

/**
 * Time-series table (viz_type 'time_table').
 *
 * @example
 * createChartRegistry().register(timeTablePlugin).get('time_table').metadata.name; // 'Time-series Table'
 */
export const timeTablePlugin: ChartPlugin<TimeTableProps> = {
  metadata: {
    vizType: 'time_table',
    name: 'Time-series Table',
    category: 'Table',
    description: 'Compare metrics (or a metric across groups) over time in a table: sparklines, comparisons with earlier periods, contributions and averages, coloured by bounds.',
    tags: ['Multi-Variables', 'Comparison', 'Legacy', 'Percentages', 'Tabular', 'Text', 'Trend'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect x="2" y="5" width="28" height="22" rx="2" fill="none" stroke="#8a8a8a"/><path d="M2 12h28M2 19h28M11 5v22" stroke="#8a8a8a"/><path d="M13 10l3-3 3 2 3-1 2 2M13 17l3-1 3 1 3-3 2 1" fill="none" stroke="#1FA8C9" stroke-width="1.5"/><path d="M26 8h2M26 16h2" stroke="#0571b0" stroke-width="2"/><path d="M26 23h2" stroke="#ca0020" stroke-width="2"/></svg>',
    behaviors: [],
  },
  buildQuery: buildTimeTableQuery,
  transformProps: transformTimeTableProps,
  render: renderTimeTable,
};
