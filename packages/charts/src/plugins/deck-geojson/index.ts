/** The deck.gl Geojson plugin. */
import type { ChartPlugin } from '../../types';
import { lazyDeckRender } from '../deck-shared/lazy-render';
import { buildDeckGeojsonQuery, transformDeckGeojsonProps, type DeckGeojsonProps } from './transform-props';

/**
 * deck.gl Geojson (viz_type 'deck_geojson').
 *
 * @example
 * createChartRegistry().register(deckGeojsonPlugin).get('deck_geojson').metadata.name; // 'deck.gl Geojson'
 */
export const deckGeojsonPlugin: ChartPlugin<DeckGeojsonProps> = {
  metadata: {
    vizType: 'deck_geojson',
    name: 'deck.gl Geojson',
    category: 'Map',
    description: 'The GeoJsonLayer takes in GeoJSON formatted data and renders it as interactive polygons, lines and points (circles, icons and/or texts).',
    tags: ['deckGL', 'Geo', '2D'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect x="2" y="5" width="28" height="22" rx="2" fill="#E6F6F9"/><path d="M6 12l7-4 5 5-4 7-7-2z" fill="#8FD3E4" stroke="#0D5C70"/><circle cx="23" cy="19" r="3" fill="#1FA8C9"/></svg>',
    behaviors: [],
  },
  buildQuery: buildDeckGeojsonQuery,
  transformProps: transformDeckGeojsonProps,
  render: lazyDeckRender<DeckGeojsonProps>('deck_geojson'),
};
