/** The funnel chart plugin. */
import type { ChartPlugin } from '../../types';
import { buildFunnelQuery } from './build-query';
import { renderFunnel } from './render';
import { transformFunnelProps } from './transform-props';
import type { FunnelProps } from './types';

/**
 * Funnel chart (viz_type 'funnel').
 *
 * @example
 * createChartRegistry().register(funnelPlugin).get('funnel').metadata.name; // 'Funnel Chart'
 */
export const funnelPlugin: ChartPlugin<FunnelProps> = {
  metadata: {
    vizType: 'funnel',
    name: 'Funnel Chart',
    category: 'KPI',
    description: 'How a metric narrows through the stages of a process, e.g. a sales pipeline.',
    tags: ['Business', 'Progressive', 'Sequential'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><path d="M2 4h28l-4 7H6Z" fill="#1FA8C9"/><path d="M6 12h20l-4 7h-12Z" fill="#454E7C"/><path d="M10 20h12l-3 7h-6Z" fill="#5AC189"/></svg>',
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  buildQuery: buildFunnelQuery,
  transformProps: transformFunnelProps,
  render: renderFunnel,
};
