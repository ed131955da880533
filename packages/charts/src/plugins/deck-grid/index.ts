/** The deck.gl Grid plugin. */
import type { ChartPlugin } from '../../types';
import { buildAggregationQuery } from '../deck-shared/aggregation';
import { cellTransformProps, type DeckCellProps } from '../deck-shared/cell-aggregation';
import { lazyDeckRender } from '../deck-shared/lazy-render';

/**
 * deck.gl Grid (viz_type 'deck_grid').
 *
 * @example
 * createChartRegistry().register(deckGridPlugin).get('deck_grid').metadata.name; // 'deck.gl Grid'
 */
export const deckGridPlugin: ChartPlugin<DeckCellProps> = {
  metadata: {
    vizType: 'deck_grid',
    name: 'deck.gl Grid',
    category: 'Map',
    description: 'Visualize geospatial data like 3D buildings, landscapes, or objects in grid view.',
    tags: ['deckGL', '3D', 'Geo', 'Intensity', 'Density'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect x="2" y="5" width="28" height="22" rx="2" fill="#E6F6F9"/><rect x="7" y="9" width="6" height="6" fill="#1FA8C9"/><rect x="14" y="9" width="6" height="6" fill="#0D5C70"/><rect x="14" y="16" width="6" height="6" fill="#8FD3E4"/><rect x="21" y="16" width="6" height="6" fill="#1FA8C9"/></svg>',
    behaviors: [],
  },
  buildQuery: buildAggregationQuery,
  transformProps: cellTransformProps('Grid map'),
  render: lazyDeckRender<DeckCellProps>('deck_grid'),
};
