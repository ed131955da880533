/** The bubble chart plugin. */
import type { ChartPlugin } from '../../types';
import { buildBubbleQuery } from './build-query';
import { renderBubble } from './render';
import { transformBubbleProps } from './transform-props';
import type { BubbleProps } from './types';

/**
 * Bubble chart (viz_type 'bubble_v2').
 *
 * @example
 * registry.register(bubblePlugin).get('bubble_v2').metadata.name; // 'Bubble Chart'
 */
export const bubblePlugin: ChartPlugin<BubbleProps> = {
  metadata: {
    vizType: 'bubble_v2',
    name: 'Bubble Chart',
    category: 'Correlation',
    description: 'Entities placed by two metrics and sized by a third, coloured by series.',
    tags: ['Multi-Dimensions', 'Comparison', 'Scatter', 'Time', 'Trend'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><path d="M3 3v26h26" fill="none" stroke="#999"/><circle cx="10" cy="20" r="4" fill="#1FA8C9" fill-opacity=".7"/><circle cx="19" cy="12" r="7" fill="#454E7C" fill-opacity=".7"/><circle cx="26" cy="22" r="3" fill="#5AC189" fill-opacity=".7"/></svg>',
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  buildQuery: buildBubbleQuery,
  transformProps: transformBubbleProps,
  render: renderBubble,
};
