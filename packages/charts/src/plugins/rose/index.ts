/** The Nightingale rose plugin. */
import type { ChartPlugin } from '../../types';
import { buildRoseQuery } from './build-query';
import { renderRose } from './render';
import { transformRoseProps } from './transform-props';
import type { RoseProps } from './types';

/**
 * Nightingale rose chart (viz_type 'rose').
 *
 * @example
 * createChartRegistry().register(rosePlugin).get('rose').metadata.name; // 'Nightingale Rose Chart'
 */
export const rosePlugin: ChartPlugin<RoseProps> = {
  metadata: {
    vizType: 'rose',
    name: 'Nightingale Rose Chart',
    category: 'Ranking',
    description: 'A polar coordinate chart where the circle is broken into wedges of equal angle, one per time step, and the value of each series is the depth of its segment from the centre.',
    tags: ['Legacy', 'Advanced-Analytics', 'Circular', 'Multi-Layers', 'Pattern', 'Time', 'Trend'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><path d="M16 16V3A13 13 0 0 1 27 9.5Z" fill="#1FA8C9"/><path d="M16 16l7-4a8 8 0 0 1 0 8Z" fill="#454E7C"/><path d="M16 16l8 4.6A9.2 9.2 0 0 1 16 25.2Z" fill="#5AC189"/><path d="M16 16v6a6 6 0 0 1-5.2-3Z" fill="#FF7F44"/><path d="M16 16l-10.4 6A12 12 0 0 1 5.6 10Z" fill="#1FA8C9"/><path d="M16 16L8.2 11.5A9 9 0 0 1 16 7Z" fill="#FCC700"/></svg>',
    behaviors: [],
  },
  buildQuery: buildRoseQuery,
  transformProps: transformRoseProps,
  render: renderRose,
};
