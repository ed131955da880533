/** The horizon chart plugin. */
import type { ChartPlugin } from '../../types';
import { buildHorizonQuery } from './build-query';
import { renderHorizon } from './render';
import { transformHorizonProps } from './transform-props';
import type { HorizonProps } from './types';

/**
 * Horizon chart (viz_type 'horizon').
 *
 * @example
 * createChartRegistry().register(horizonPlugin).get('horizon').metadata.name; // 'Horizon Chart'
 */
export const horizonPlugin: ChartPlugin<HorizonProps> = {
  metadata: {
    vizType: 'horizon',
    name: 'Horizon Chart',
    category: 'Evolution',
    description: 'How a metric changes over time in many groups at once: a thin row per group, its values folded into coloured bands.',
    tags: ['Legacy'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><path d="M2 14h6V9h6v3h6V6h6v4h4v4H2Z" fill="#fee090"/><path d="M8 14V11h6v3ZM20 14V9h6v5Z" fill="#f46d43"/><path d="M2 18h28v3h-6v4h-8v-2H8v5H2Z" fill="#abd9e9"/><path d="M16 18v4h8v-4ZM2 18v6h6v-6Z" fill="#4575b4"/></svg>',
    behaviors: [],
  },
  buildQuery: buildHorizonQuery,
  transformProps: transformHorizonProps,
  render: renderHorizon,
};
