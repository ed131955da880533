/** The deck.gl 3D Hexagon plugin. */
import type { ChartPlugin } from '../../types';
import { buildAggregationQuery } from '../deck-shared/aggregation';
import { cellTransformProps, type DeckCellProps } from '../deck-shared/cell-aggregation';
import { lazyDeckRender } from '../deck-shared/lazy-render';

/**
 * deck.gl 3D Hexagon (viz_type 'deck_hex').
 *
 * @example
 * createChartRegistry().register(deckHexPlugin).get('deck_hex').metadata.name; // 'deck.gl 3D Hexagon'
 */
export const deckHexPlugin: ChartPlugin<DeckCellProps> = {
  metadata: {
    vizType: 'deck_hex',
    name: 'deck.gl 3D Hexagon',
    category: 'Map',
    description: 'Visualize geospatial data like 3D buildings, landscapes, or objects in grid view.',
    tags: ['deckGL', '3D', 'Geo', 'Intensity', 'Density'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect x="2" y="5" width="28" height="22" rx="2" fill="#E6F6F9"/><path d="M10 9l4 2v4l-4 2-4-2v-4z" fill="#1FA8C9"/><path d="M18 13l4 2v4l-4 2-4-2v-4z" fill="#0D5C70"/><path d="M22 7l3 2v3l-3 2-3-2V9z" fill="#8FD3E4"/></svg>',
    behaviors: [],
  },
  buildQuery: buildAggregationQuery,
  transformProps: cellTransformProps('Hexagon map'),
  render: lazyDeckRender<DeckCellProps>('deck_hex'),
};
