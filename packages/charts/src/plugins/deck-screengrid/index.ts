/** The deck.gl Screen Grid plugin. */
import type { ChartPlugin } from '../../types';
import { buildAggregationQuery } from '../deck-shared/aggregation';
import { lazyDeckRender } from '../deck-shared/lazy-render';
import { transformDeckScreengridProps, type DeckScreengridProps } from './transform-props';

/**
 * deck.gl Screen Grid (viz_type 'deck_screengrid').
 *
 * @example
 * createChartRegistry().register(deckScreengridPlugin).get('deck_screengrid').metadata.name; // 'deck.gl Screen Grid'
 */
export const deckScreengridPlugin: ChartPlugin<DeckScreengridProps> = {
  metadata: {
    vizType: 'deck_screengrid',
    name: 'deck.gl Screen Grid',
    category: 'Map',
    description: 'Aggregates data within the boundary of grid cells and maps the aggregated values to a dynamic color scale',
    tags: ['deckGL', '3D', 'Geo', 'Intensity', 'Density'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect x="2" y="5" width="28" height="22" rx="2" fill="#E6F6F9"/><rect x="6" y="8" width="5" height="5" fill="#1FA8C9" opacity=".4"/><rect x="12" y="8" width="5" height="5" fill="#1FA8C9"/><rect x="18" y="14" width="5" height="5" fill="#1FA8C9" opacity=".7"/><rect x="12" y="14" width="5" height="5" fill="#1FA8C9" opacity=".5"/></svg>',
    behaviors: [],
  },
  buildQuery: buildAggregationQuery,
  transformProps: transformDeckScreengridProps,
  render: lazyDeckRender<DeckScreengridProps>('deck_screengrid'),
};
