/** The treemap plugin (viz_type 'treemap_v2'): nested rectangles sized by a metric, laid out with d3-hierarchy. */
import type { ChartPlugin } from '../../types';
import { buildTreemapQuery } from './build-query';
import { renderTreemap } from './render';
import { transformTreemapProps } from './transform-props';
import type { TreemapProps } from './types';

/**
 * Treemap (viz_type 'treemap_v2').
 *
 * @example
 * registry.register(treemapPlugin).get('treemap_v2').metadata.name; // 'Treemap'
 */
export const treemapPlugin: ChartPlugin<TreemapProps> = {
  metadata: {
    vizType: 'treemap_v2',
    name: 'Treemap',
    category: 'Part of a Whole',
    description: 'Show hierarchical relationships of data, with the value represented by area, showing proportion and contribution to the whole.',
    tags: ['Categorical', 'Comparison', 'Multi-Levels', 'Percentages', 'Proportional', 'Featured'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect x="3" y="3" width="15" height="26" fill="#1FA8C9"/><rect x="19" y="3" width="10" height="14" fill="#454E7C"/><rect x="19" y="18" width="10" height="5" fill="#5AC189"/><rect x="19" y="24" width="10" height="5" fill="#FF7F44"/></svg>',
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  buildQuery: buildTreemapQuery,
  transformProps: transformTreemapProps,
  render: renderTreemap,
};
