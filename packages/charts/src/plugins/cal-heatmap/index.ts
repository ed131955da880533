/** The calendar heatmap plugin. */
import type { ChartPlugin } from '../../types';
import { buildCalHeatmapQuery } from './build-query';
import { renderCalHeatmap } from './render';
import { transformCalHeatmapProps } from './transform-props';
import type { CalHeatmapProps } from './types';

/**
 * Calendar heatmap (viz_type 'cal_heatmap').
 *
 * @example
 * createChartRegistry().register(calHeatmapPlugin).get('cal_heatmap').metadata.name; // 'Calendar Heatmap'
 */
export const calHeatmapPlugin: ChartPlugin<CalHeatmapProps> = {
  metadata: {
    vizType: 'cal_heatmap',
    name: 'Calendar Heatmap',
    category: 'Correlation',
    description: "A metric over a calendar: a small grid per month (or day, week, year), a coloured cell per day (or hour, minute, week, month), to spot how a value varies by weekday and season.",
    tags: ['Business', 'Comparison', 'Intensity', 'Pattern', 'Report', 'Trend', 'Legacy'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><g fill="#00d1c1"><rect x="2" y="6" width="4" height="4"/><rect x="7" y="16" width="4" height="4"/><rect x="17" y="11" width="4" height="4"/><rect x="22" y="21" width="4" height="4"/></g><g fill="#ffb400"><rect x="7" y="6" width="4" height="4"/><rect x="12" y="11" width="4" height="4"/><rect x="17" y="21" width="4" height="4"/><rect x="27" y="11" width="3" height="4"/></g><g fill="#d0d0d0"><rect x="12" y="6" width="4" height="4"/><rect x="2" y="11" width="4" height="4"/><rect x="7" y="11" width="4" height="4"/><rect x="2" y="16" width="4" height="4"/><rect x="12" y="16" width="4" height="4"/><rect x="17" y="16" width="4" height="4"/><rect x="22" y="11" width="4" height="4"/><rect x="22" y="16" width="4" height="4"/><rect x="2" y="21" width="4" height="4"/><rect x="7" y="21" width="4" height="4"/><rect x="12" y="21" width="4" height="4"/></g></svg>',
    behaviors: [],
  },
  buildQuery: buildCalHeatmapQuery,
  transformProps: transformCalHeatmapProps,
  render: renderCalHeatmap,
};
