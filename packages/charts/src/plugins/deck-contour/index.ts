/** The deck.gl Contour plugin. */
import type { ChartPlugin } from '../../types';
import { buildAggregationQuery } from '../deck-shared/aggregation';
import { lazyDeckRender } from '../deck-shared/lazy-render';
import { transformDeckContourProps, type DeckContourProps } from './transform-props';

/**
 * deck.gl Contour (viz_type 'deck_contour').
 *
 * @example
 * createChartRegistry().register(deckContourPlugin).get('deck_contour').metadata.name; // 'deck.gl Contour'
 */
export const deckContourPlugin: ChartPlugin<DeckContourProps> = {
  metadata: {
    vizType: 'deck_contour',
    name: 'deck.gl Contour',
    category: 'Map',
    description: 'Uses Gaussian Kernel Density Estimation to visualize spatial distribution of data',
    tags: ['deckGL', '3D', 'Geo', 'Intensity', 'Density'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect x="2" y="5" width="28" height="22" rx="2" fill="#E6F6F9"/><path d="M6 16c0-6 8-8 12-6s8 6 4 10-16 4-16-4z" fill="#8FD3E4"/><path d="M11 16c0-3 4-4 6-3s4 3 2 5-8 2-8-2z" fill="#1FA8C9"/></svg>',
    behaviors: [],
  },
  buildQuery: buildAggregationQuery,
  transformProps: transformDeckContourProps,
  render: lazyDeckRender<DeckContourProps>('deck_contour'),
};
