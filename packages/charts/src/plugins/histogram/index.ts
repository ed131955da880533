/** The histogram plugin (server-side binning). */
import type { ChartPlugin } from '../../types';
import { buildHistogramQuery } from './build-query';
import { renderHistogram } from './render';
import { transformHistogramProps } from './transform-props';
import type { HistogramProps } from './types';

/**
 * Histogram (viz_type 'histogram_v2').
 *
 * @example
 * registry.register(histogramPlugin).get('histogram_v2').metadata.name; // 'Histogram'
 */
export const histogramPlugin: ChartPlugin<HistogramProps> = {
  metadata: {
    vizType: 'histogram_v2',
    name: 'Histogram',
    category: 'Distribution',
    description: 'How the values of a numeric column are distributed, counted in equal-width bins, optionally per group.',
    tags: ['Comparison', 'Distribution', 'Popular'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><g fill="#1FA8C9"><rect x="3" y="20" width="5" height="9"/><rect x="9" y="10" width="5" height="19"/><rect x="15" y="4" width="5" height="25"/><rect x="21" y="14" width="5" height="15"/><rect x="27" y="23" width="3" height="6"/></g></svg>',
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  buildQuery: buildHistogramQuery,
  transformProps: transformHistogramProps,
  render: renderHistogram,
};
