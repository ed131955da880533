/** The waterfall chart plugin. */
import type { ChartPlugin } from '../../types';
import { buildWaterfallQuery } from './build-query';
import { renderWaterfall } from './render';
import { transformWaterfallProps } from './transform-props';
import type { WaterfallProps } from './types';

/**
 * Waterfall chart (viz_type 'waterfall').
 *
 * @example
 * createChartRegistry().register(waterfallPlugin).get('waterfall').metadata.name; // 'Waterfall Chart'
 */
export const waterfallPlugin: ChartPlugin<WaterfallProps> = {
  metadata: {
    vizType: 'waterfall',
    name: 'Waterfall Chart',
    category: 'Evolution',
    description: 'The cumulative effect of positive and negative values introduced one after another, by time or by category.',
    tags: ['Categorical', 'Comparison', 'Featured'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect x="3" y="16" width="5" height="12" fill="#5AC189"/><rect x="10" y="8" width="5" height="8" fill="#5AC189"/><rect x="17" y="8" width="5" height="6" fill="#E04355"/><rect x="24" y="14" width="5" height="14" fill="#666666"/></svg>',
    behaviors: ['INTERACTIVE_CHART'],
  },
  buildQuery: buildWaterfallQuery,
  transformProps: transformWaterfallProps,
  render: renderWaterfall,
};
