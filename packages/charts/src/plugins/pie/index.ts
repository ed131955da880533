/** The pie chart plugin (donut via `donut: true`). */
import type { ChartPlugin } from '../../types';
import { buildPieQuery } from './build-query';
import { renderPie } from './render';
import { transformPieProps } from './transform-props';
import type { PieProps } from './types';

/** Pie / donut chart (viz_type 'pie'). */
export const piePlugin: ChartPlugin<PieProps> = {
  metadata: {
    vizType: 'pie',
    name: 'Pie Chart',
    category: 'Part of a Whole',
    description: 'Shares of a total by category, as a pie or a donut.',
    tags: ['Categorical', 'Percentages', 'Popular'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><circle cx="16" cy="16" r="12" fill="#454E7C"/><path d="M16 16V4A12 12 0 0 1 28 16Z" fill="#1FA8C9"/></svg>',
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  buildQuery: buildPieQuery,
  transformProps: transformPieProps,
  render: renderPie,
};
