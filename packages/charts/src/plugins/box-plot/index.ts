/** The box plot plugin (server-side `boxplot` statistics). */
import type { ChartPlugin } from '../../types';
import { buildBoxPlotQuery } from './build-query';
import { renderBoxPlot } from './render';
import { transformBoxPlotProps } from './transform-props';
import type { BoxPlotProps } from './types';

/**
 * Box plot (viz_type 'box_plot').
 *
 * @example
 * registry.register(boxPlotPlugin).get('box_plot').metadata.category; // 'Distribution'
 */
export const boxPlotPlugin: ChartPlugin<BoxPlotProps> = {
  metadata: {
    vizType: 'box_plot',
    name: 'Box Plot',
    category: 'Distribution',
    description: 'The distribution of a metric across groups: quartiles, median, whiskers and outliers.',
    tags: ['Comparison', 'Distribution', 'Statistical'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32" fill="none" stroke="#1FA8C9" stroke-width="1.5"><line x1="9" y1="4" x2="9" y2="28"/><rect x="5" y="10" width="8" height="10" fill="#fff"/><line x1="5" y1="15" x2="13" y2="15"/><line x1="23" y1="8" x2="23" y2="24" stroke="#454E7C"/><rect x="19" y="12" width="8" height="8" fill="#fff" stroke="#454E7C"/><line x1="19" y1="16" x2="27" y2="16" stroke="#454E7C"/></svg>',
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  buildQuery: buildBoxPlotQuery,
  transformProps: transformBoxPlotProps,
  render: renderBoxPlot,
};
