/** The world map plugin. */
import type { ChartPlugin } from '../../types';
import { buildWorldMapQuery } from './build-query';
import { renderWorldMap } from './render';
import { transformWorldMapProps } from './transform-props';
import type { WorldMapProps } from './types';

/**
 * World map (viz_type 'world_map'): countries coloured by a metric, with optional bubbles.
 *
 * @example
 * createChartRegistry().register(worldMapPlugin).get('world_map').metadata.name; // 'World Map'
 */
export const worldMapPlugin: ChartPlugin<WorldMapProps> = {
  metadata: {
    vizType: 'world_map',
    name: 'World Map',
    category: 'Map',
    description: 'A map of the world, that can indicate values in different countries.',
    tags: ['2D', 'Comparison', 'Intensity', 'Legacy', 'Multi-Dimensions'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><ellipse cx="16" cy="16" rx="14" ry="9" fill="none" stroke="#9AA5B1"/><path d="M6 12l4-2 3 1 1 3-2 2-3 0-1 3-2-2z" fill="#1FA8C9"/><path d="M15 10l3-1 3 1v3l-2 1-1 4-2-2-1-3z" fill="#0D5C70"/><path d="M21 12l5 0 1 3-3 2-2-1z" fill="#8FD3E4"/><circle cx="17" cy="13" r="2" fill="#007A87" opacity=".7"/></svg>',
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  buildQuery: buildWorldMapQuery,
  transformProps: transformWorldMapProps,
  render: renderWorldMap,
};
