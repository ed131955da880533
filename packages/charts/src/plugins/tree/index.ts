/** The tree chart plugin. */
import type { ChartPlugin } from '../../types';
import { buildTreeQuery } from './build-query';
import { renderTree } from './render';
import { transformTreeProps } from './transform-props';
import type { TreeProps } from './types';

/**
 * Tree chart (viz_type 'tree_chart'): rows of id and parent id drawn as a tree, orthogonal or radial.
 *
 * @example
 * createChartRegistry().register(treePlugin).get('tree_chart').metadata.name; // 'Tree Chart'
 */
export const treePlugin: ChartPlugin<TreeProps> = {
  metadata: {
    vizType: 'tree_chart',
    name: 'Tree Chart',
    category: 'Part of a Whole',
    description: 'A hierarchy from rows that name their parent: each node linked to its children, orthogonal or radial.',
    tags: ['Categorical', 'Multi-Levels', 'Structural'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><g fill="none" stroke="#8e94b0" stroke-width="1.5"><path d="M6 16C12 16 12 7 18 7M6 16C12 16 12 25 18 25M18 7C22 7 22 4 26 4M18 7C22 7 22 11 26 11"/></g><g fill="#fff" stroke="#1FA8C9" stroke-width="2"><circle cx="6" cy="16" r="3"/><circle cx="18" cy="7" r="3"/><circle cx="18" cy="25" r="3"/><circle cx="26" cy="4" r="2"/><circle cx="26" cy="11" r="2"/></g></svg>',
    behaviors: [],
  },
  buildQuery: buildTreeQuery,
  transformProps: transformTreeProps,
  render: renderTree,
};
