/** The deck.gl multiple-layer chart plugin. */
import type { ChartPlugin } from '../../types';
import { lazyDeckRender } from '../deck-shared/lazy-render';
import { buildDeckMultiQuery } from './build-query';
import { loadDeckLayers } from './load-layers';
import { transformDeckMultiProps } from './transform-props';
import type { DeckMultiProps } from './types';

/**
 * deck.gl Multiple Layers (viz_type 'deck_multi'): saved deck charts (form data `deck_slices`) drawn as
 * layers of one map, each with its own form data and data, all narrowed by the multi chart's filters.
 *
 * @example
 * createChartRegistry().register(deckMultiPlugin).get('deck_multi').metadata.name; // 'deck.gl Multiple Layers'
 */
export const deckMultiPlugin: ChartPlugin<DeckMultiProps> = {
  metadata: {
    vizType: 'deck_multi',
    name: 'deck.gl Multiple Layers',
    category: 'Map',
    description: 'Compose multiple layers together to form complex visuals.',
    tags: ['deckGL', 'Geo', 'Multi-Layers', 'Multi-Variables', '3D', 'Scatter', 'Advanced'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect x="2" y="5" width="28" height="22" rx="2" fill="#E6F6F9"/><path d="M6 22Q14 6 26 19" fill="none" stroke="#FF7F44" stroke-width="2"/><circle cx="10" cy="13" r="3" fill="#1FA8C9"/><circle cx="21" cy="20" r="3" fill="#0D5C70" opacity=".8"/><path d="M16 9l7 3-7 3-7-3z" fill="#1FA8C9" opacity=".5"/></svg>',
    // No INTERACTIVE_CHART: the incumbent's deck_multi emits no cross filters (docs/packages/charts.md).
    behaviors: [],
  },
  buildQuery: buildDeckMultiQuery,
  transformProps: transformDeckMultiProps,
  render: lazyDeckRender<DeckMultiProps>('deck_multi'),
  loadData: loadDeckLayers,
};
