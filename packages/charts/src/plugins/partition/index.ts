/** The partition plugin (viz_type 'partition'): icicles of a hierarchy per metric, zoomable. */
import type { ChartPlugin } from '../../types';
import { buildPartitionQuery } from './build-query';
import { renderPartition } from './render';
import { transformPartitionProps } from './transform-props';
import type { PartitionProps } from './types';

/**
 * Partition chart (viz_type 'partition').
 *
 * @example
 * registry.register(partitionPlugin).get('partition').metadata.name; // 'Partition Chart'
 */
export const partitionPlugin: ChartPlugin<PartitionProps> = {
  metadata: {
    vizType: 'partition',
    name: 'Partition Chart',
    category: 'Part of a Whole',
    description: 'Compare the same summarized metric across multiple groups; each level of the hierarchy is a column, each group a box as tall as its share. Click a box to zoom into it.',
    tags: ['Categorical', 'Comparison', 'Multi-Levels', 'Proportional'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect x="2" y="3" width="9" height="26" fill="#1FA8C9"/><rect x="12" y="3" width="9" height="15" fill="#454E7C"/><rect x="12" y="19" width="9" height="10" fill="#5AC189"/><rect x="22" y="3" width="8" height="9" fill="#FF7F44"/><rect x="22" y="13" width="8" height="5" fill="#666666"/><rect x="22" y="19" width="8" height="10" fill="#E04355"/></svg>',
    behaviors: [],
  },
  buildQuery: buildPartitionQuery,
  transformProps: transformPartitionProps,
  render: renderPartition,
};
