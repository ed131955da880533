/** The graph chart plugin. */
import type { ChartPlugin } from '../../types';
import { buildGraphQuery } from './build-query';
import { renderGraph } from './render';
import { transformGraphProps } from './transform-props';
import type { GraphProps } from './types';

/**
 * Graph chart (viz_type 'graph_chart'): force or circular layout, node categories.
 *
 * @example
 * createChartRegistry().register(graphPlugin).get('graph_chart').metadata.name; // 'Graph Chart'
 */
export const graphPlugin: ChartPlugin<GraphProps> = {
  metadata: {
    vizType: 'graph_chart',
    name: 'Graph Chart',
    category: 'Flow',
    description: 'The relationships between entities as a network: a node per value, an edge per pair, sized by the metric.',
    tags: ['Circular', 'Graph', 'Network', 'Relational'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><g stroke="#8e94b0" stroke-width="1.5"><path d="M8 9L22 7M8 9L14 23M22 7L14 23M22 7L27 20M14 23L27 20"/></g><circle cx="8" cy="9" r="4" fill="#1FA8C9"/><circle cx="22" cy="7" r="3" fill="#454E7C"/><circle cx="14" cy="23" r="5" fill="#1FA8C9"/><circle cx="27" cy="20" r="3" fill="#5AC189"/></svg>',
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  buildQuery: buildGraphQuery,
  transformProps: transformGraphProps,
  render: renderGraph,
};
