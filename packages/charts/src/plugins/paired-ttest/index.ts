/** The paired t-test table plugin. */
import type { ChartPlugin } from '../../types';
import { buildPairedTTestQuery } from './build-query';
import { renderPairedTTest } from './render';
import { transformPairedTTestProps } from './transform-props';
import type { PairedTTestProps } from './types';

/**
 * Paired t-test table (viz_type 'paired_ttest').
 *
 * @example
 * createChartRegistry().register(pairedTTestPlugin).get('paired_ttest').metadata.category; // 'Correlation'
 */
export const pairedTTestPlugin: ChartPlugin<PairedTTestProps> = {
  metadata: {
    vizType: 'paired_ttest',
    name: 'Paired t-test Table',
    category: 'Correlation',
    description: 'Whether groups differ significantly over time: a table of p-values and lift of each group against a control group, from a paired t-test of their time series.',
    tags: ['Legacy', 'Statistical', 'Tabular'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32" fill="none"><rect x="3" y="5" width="26" height="22" rx="1" stroke="#cccccc"/><path d="M3 11h26M3 17h26M3 22h26M12 5v22M21 5v22" stroke="#cccccc"/><rect x="3.5" y="11.5" width="25" height="5" fill="#1FA8C9" fill-opacity=".35"/><path d="M23 20l2-2 2 2M23 24l2 2 2-2" stroke="#5AC189" stroke-width="1.5"/></svg>',
    behaviors: [],
  },
  buildQuery: buildPairedTTestQuery,
  transformProps: transformPairedTTestProps,
  render: renderPairedTTest,
};
