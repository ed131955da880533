/** The time-series period pivot plugin. */
import type { ChartPlugin } from '../../types';
import { buildTimePivotQuery } from './build-query';
import { renderTimePivot } from './render';
import { transformTimePivotProps } from './transform-props';
import type { TimePivotProps } from './types';

/**
 * Time-series period pivot (viz_type 'time_pivot').
 *
 * @example
 * createChartRegistry().register(timePivotPlugin).get('time_pivot').metadata.category; // 'Evolution'
 */
export const timePivotPlugin: ChartPlugin<TimePivotProps> = {
  metadata: {
    vizType: 'time_pivot',
    name: 'Time-series Period Pivot',
    category: 'Evolution',
    description: 'A metric over time cut into periods (weeks, years...) and laid over each other: one line per period, the latest strongest, to compare a period with the ones before.',
    tags: ['Legacy', 'Time', 'Trend', 'Comparison'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32" fill="none" stroke-width="1.5" stroke-linejoin="round"><path d="M3 28h27M3 4v24" stroke="#cccccc"/><path d="M4 22l6-6 6 3 6-8 7 2" stroke="#007a87" stroke-opacity=".3"/><path d="M4 19l6-4 6 4 6-6 7 1" stroke="#007a87" stroke-opacity=".6"/><path d="M4 15l6-5 6 3 6-7 7 2" stroke="#007a87"/></svg>',
    behaviors: [],
  },
  buildQuery: buildTimePivotQuery,
  transformProps: transformTimePivotProps,
  render: renderTimePivot,
};
