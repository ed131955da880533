/** The deck.gl Polygon plugin. */
import type { ChartPlugin } from '../../types';
import { lazyDeckRender } from '../deck-shared/lazy-render';
import { buildDeckPolygonQuery, transformDeckPolygonProps, type DeckPolygonProps } from './transform-props';

/**
 * deck.gl Polygon (viz_type 'deck_polygon').
 *
 * @example
 * createChartRegistry().register(deckPolygonPlugin).get('deck_polygon').metadata.name; // 'deck.gl Polygon'
 */
export const deckPolygonPlugin: ChartPlugin<DeckPolygonProps> = {
  metadata: {
    vizType: 'deck_polygon',
    name: 'deck.gl Polygon',
    category: 'Map',
    description: 'Visualizes geographic areas from your data as polygons on a Mapbox rendered map. Polygons can be colored using a metric.',
    tags: ['deckGL', 'Geo', '2D'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect x="2" y="5" width="28" height="22" rx="2" fill="#E6F6F9"/><path d="M6 10l8-3 4 6-6 7-6-2z" fill="#1FA8C9"/><path d="M18 13l8-2 1 9-9 3z" fill="#0D5C70"/></svg>',
    behaviors: ['INTERACTIVE_CHART'],
  },
  buildQuery: buildDeckPolygonQuery,
  transformProps: transformDeckPolygonProps,
  render: lazyDeckRender<DeckPolygonProps>('deck_polygon'),
};
