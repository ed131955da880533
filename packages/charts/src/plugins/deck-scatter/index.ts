/** The deck.gl scatter plot plugin. */
import type { ChartPlugin } from '../../types';
import { lazyDeckRender } from '../deck-shared/lazy-render';
import { buildDeckScatterQuery } from './build-query';
import { transformDeckScatterProps } from './transform-props';
import type { DeckScatterProps } from './types';

/**
 * deck.gl Scatterplot (viz_type 'deck_scatter'): points sized by a metric or fixed, coloured by a category.
 *
 * @example
 * createChartRegistry().register(deckScatterPlugin).get('deck_scatter').metadata.name; // 'deck.gl Scatterplot'
 */
export const deckScatterPlugin: ChartPlugin<DeckScatterProps> = {
  metadata: {
    vizType: 'deck_scatter',
    name: 'deck.gl Scatterplot',
    category: 'Map',
    description: 'A map that takes rendering circles with a variable radius at latitude/longitude coordinates',
    tags: ['deckGL', 'Comparison', 'Scatter', '2D', 'Geo', 'Intensity', 'Density'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect x="2" y="5" width="28" height="22" rx="2" fill="#E6F6F9"/><circle cx="9" cy="12" r="3" fill="#1FA8C9"/><circle cx="18" cy="18" r="4" fill="#0D5C70" opacity=".8"/><circle cx="24" cy="10" r="2" fill="#FF7F44"/><circle cx="12" cy="21" r="2" fill="#1FA8C9"/></svg>',
    behaviors: ['INTERACTIVE_CHART'],
  },
  buildQuery: buildDeckScatterQuery,
  transformProps: transformDeckScatterProps,
  render: lazyDeckRender<DeckScatterProps>('deck_scatter'),
};
