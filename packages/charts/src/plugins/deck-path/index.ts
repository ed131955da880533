/** The deck.gl Path plugin. */
import type { ChartPlugin } from '../../types';
import { lazyDeckRender } from '../deck-shared/lazy-render';
import { buildDeckPathQuery, transformDeckPathProps, type DeckPathProps } from './transform-props';

/**
 * deck.gl Path (viz_type 'deck_path').
 *
 * @example
 * createChartRegistry().register(deckPathPlugin).get('deck_path').metadata.name; // 'deck.gl Path'
 */
export const deckPathPlugin: ChartPlugin<DeckPathProps> = {
  metadata: {
    vizType: 'deck_path',
    name: 'deck.gl Path',
    category: 'Map',
    description: 'Visualizes connected points, which form a path, on a map.',
    tags: ['deckGL', 'Geo', '2D'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect x="2" y="5" width="28" height="22" rx="2" fill="#E6F6F9"/><path d="M5 22l6-8 5 4 5-9 6 5" fill="none" stroke="#0D5C70" stroke-width="2"/></svg>',
    behaviors: [],
  },
  buildQuery: buildDeckPathQuery,
  transformProps: transformDeckPathProps,
  render: lazyDeckRender<DeckPathProps>('deck_path'),
};
