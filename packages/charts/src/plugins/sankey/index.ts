/** The Sankey diagram plugin. */
import type { ChartPlugin } from '../../types';
import { buildSankeyQuery } from './build-query';
import { renderSankey } from './render';
import { transformSankeyProps } from './transform-props';
import type { SankeyProps } from './types';

/**
 * Sankey diagram (viz_type 'sankey_v2').
 *
 * @example
 * createChartRegistry().register(sankeyPlugin).get('sankey_v2').metadata.name; // 'Sankey Chart'
 */
export const sankeyPlugin: ChartPlugin<SankeyProps> = {
  metadata: {
    vizType: 'sankey_v2',
    name: 'Sankey Chart',
    category: 'Flow',
    description: 'How a metric flows between the values of two columns: band widths are proportional to the flow.',
    tags: ['Directional', 'Distribution', 'Flow'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><path d="M6 7C16 7 16 12 26 12" stroke="#1FA8C9" stroke-width="6" fill="none" opacity=".5"/><path d="M6 19C16 19 16 24 26 24" stroke="#454E7C" stroke-width="8" fill="none" opacity=".5"/><path d="M6 12C16 12 16 19 26 19" stroke="#1FA8C9" stroke-width="4" fill="none" opacity=".5"/><rect x="2" y="3" width="4" height="26" fill="#1FA8C9"/><rect x="26" y="8" width="4" height="21" fill="#5AC189"/></svg>',
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  buildQuery: buildSankeyQuery,
  transformProps: transformSankeyProps,
  render: renderSankey,
};
