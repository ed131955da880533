/** The heatmap plugin. */
import type { ChartPlugin } from '../../types';
import { buildHeatmapQuery } from './build-query';
import { renderHeatmap } from './render';
import { transformHeatmapProps } from './transform-props';
import type { HeatmapProps } from './types';

/**
 * Heatmap (viz_type 'heatmap_v2').
 *
 * @example
 * registry.register(heatmapPlugin).get('heatmap_v2').metadata.name; // 'Heatmap'
 */
export const heatmapPlugin: ChartPlugin<HeatmapProps> = {
  metadata: {
    vizType: 'heatmap_v2',
    name: 'Heatmap',
    category: 'Correlation',
    description: 'A metric over two categorical axes, as a grid of colour-scaled cells.',
    tags: ['Business', 'Intensity', 'Density', 'Single Metric', 'Popular'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect x="2" y="2" width="9" height="9" fill="#E6F6F9"/><rect x="12" y="2" width="9" height="9" fill="#8FD3E4"/><rect x="22" y="2" width="8" height="9" fill="#1FA8C9"/><rect x="2" y="12" width="9" height="9" fill="#1FA8C9"/><rect x="12" y="12" width="9" height="9" fill="#0D5C70"/><rect x="22" y="12" width="8" height="9" fill="#8FD3E4"/><rect x="2" y="22" width="9" height="8" fill="#8FD3E4"/><rect x="12" y="22" width="9" height="8" fill="#E6F6F9"/><rect x="22" y="22" width="8" height="8" fill="#1FA8C9"/></svg>',
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  buildQuery: buildHeatmapQuery,
  transformProps: transformHeatmapProps,
  render: renderHeatmap,
};
