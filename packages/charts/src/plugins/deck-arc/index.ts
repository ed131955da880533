/** The deck.gl Arc plugin. */
import type { ChartPlugin } from '../../types';
import { lazyDeckRender } from '../deck-shared/lazy-render';
import { buildDeckArcQuery, transformDeckArcProps, type DeckArcProps } from './transform-props';

/**
 * deck.gl Arc (viz_type 'deck_arc').
 *
 * @example
 * createChartRegistry().register(deckArcPlugin).get('deck_arc').metadata.name; // 'deck.gl Arc'
 */
export const deckArcPlugin: ChartPlugin<DeckArcProps> = {
  metadata: {
    vizType: 'deck_arc',
    name: 'deck.gl Arc',
    category: 'Map',
    description: 'Plot the distance (like flight paths) between origin and destination.',
    tags: ['deckGL', 'Geo', '2D'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect x="2" y="5" width="28" height="22" rx="2" fill="#E6F6F9"/><path d="M6 22Q14 4 26 20" fill="none" stroke="#1FA8C9" stroke-width="2"/><path d="M8 22Q16 12 22 21" fill="none" stroke="#FF7F44" stroke-width="2"/></svg>',
    behaviors: ['INTERACTIVE_CHART'],
  },
  buildQuery: buildDeckArcQuery,
  transformProps: transformDeckArcProps,
  render: lazyDeckRender<DeckArcProps>('deck_arc'),
};
