/** The radar chart plugin. */
import type { ChartPlugin } from '../../types';
import { buildRadarQuery } from './build-query';
import { renderRadar } from './render';
import { transformRadarProps } from './transform-props';
import type { RadarProps } from './types';

/**
 * Radar chart (viz_type 'radar').
 *
 * @example
 * createChartRegistry().register(radarPlugin).get('radar').metadata.category; // 'Ranking'
 */
export const radarPlugin: ChartPlugin<RadarProps> = {
  metadata: {
    vizType: 'radar',
    name: 'Radar Chart',
    category: 'Ranking',
    description: 'Several metrics of each group on spokes around a centre, to compare groups across many dimensions at once.',
    tags: ['Business', 'Comparison', 'Multi-Dimensions', 'Featured'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32" fill="none"><polygon points="16,3 28,12 24,27 8,27 4,12" stroke="#cccccc"/><polygon points="16,9 22,13 20,21 12,22 9,13" stroke="#cccccc"/><polygon points="16,5 25,13 19,23 10,24 7,12" stroke="#1FA8C9" stroke-width="1.5"/><polygon points="16,11 20,14 22,24 12,20 11,14" stroke="#454E7C" stroke-width="1.5"/></svg>',
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  buildQuery: buildRadarQuery,
  transformProps: transformRadarProps,
  render: renderRadar,
};
