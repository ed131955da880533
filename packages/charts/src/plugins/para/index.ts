/** The parallel coordinates plugin. */
import type { ChartPlugin } from '../../types';
import { buildParaQuery } from './build-query';
import { renderPara } from './render';
import { transformParaProps } from './transform-props';
import type { ParaProps } from './types';

/**
 * Parallel coordinates (viz_type 'para').
 *
 * @example
 * createChartRegistry().register(paraPlugin).get('para').metadata.category; // 'Ranking'
 */
export const paraPlugin: ChartPlugin<ParaProps> = {
  metadata: {
    vizType: 'para',
    name: 'Parallel Coordinates',
    category: 'Ranking',
    description: 'Many metrics of each group side by side: a vertical axis per metric and a line per group across them, to see how the metrics move together.',
    tags: ['Legacy', 'Comparison', 'Directional', 'Multi-Dimensions'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32" fill="none" stroke-linejoin="round"><path d="M4 4v24M12 4v24M20 4v24M28 4v24" stroke="#cccccc"/><path d="M4 8l8 12 8-8 8 10" stroke="#1FA8C9" stroke-width="1.5"/><path d="M4 22l8-14 8 12 8-14" stroke="#454E7C" stroke-width="1.5"/><path d="M4 15l8 3 8 4 8-16" stroke="#5AC189" stroke-width="1.5"/></svg>',
    behaviors: [],
  },
  buildQuery: buildParaQuery,
  transformProps: transformParaProps,
  render: renderPara,
};
