/** The deck.gl Heatmap plugin. */
import type { ChartPlugin } from '../../types';
import { buildAggregationQuery } from '../deck-shared/aggregation';
import { lazyDeckRender } from '../deck-shared/lazy-render';
import { transformDeckHeatmapProps, type DeckHeatmapProps } from './transform-props';

/**
 * deck.gl Heatmap (viz_type 'deck_heatmap').
 *
 * @example
 * createChartRegistry().register(deckHeatmapPlugin).get('deck_heatmap').metadata.name; // 'deck.gl Heatmap'
 */
export const deckHeatmapPlugin: ChartPlugin<DeckHeatmapProps> = {
  metadata: {
    vizType: 'deck_heatmap',
    name: 'deck.gl Heatmap',
    category: 'Map',
    description: 'Uses Gaussian Kernel Density Estimation to visualize spatial distribution of data',
    tags: ['deckGL', '3D', 'Geo', 'Intensity', 'Density'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect x="2" y="5" width="28" height="22" rx="2" fill="#E6F6F9"/><circle cx="13" cy="15" r="7" fill="#FEC0A1"/><circle cx="13" cy="15" r="4" fill="#FF7F44"/><circle cx="22" cy="18" r="4" fill="#FEC0A1"/><circle cx="13" cy="15" r="2" fill="#A63A0A"/></svg>',
    behaviors: [],
  },
  buildQuery: buildAggregationQuery,
  transformProps: transformDeckHeatmapProps,
  render: lazyDeckRender<DeckHeatmapProps>('deck_heatmap'),
};
