/** The sunburst plugin (viz_type 'sunburst_v2'): rings of a hierarchy, laid out with d3-hierarchy's partition. */
import type { ChartPlugin } from '../../types';
import { buildSunburstQuery } from './build-query';
import { renderSunburst } from './render';
import { transformSunburstProps } from './transform-props';
import type { SunburstProps } from './types';

/**
 * Sunburst (viz_type 'sunburst_v2').
 *
 * @example
 * registry.register(sunburstPlugin).get('sunburst_v2').metadata.name; // 'Sunburst Chart'
 */
export const sunburstPlugin: ChartPlugin<SunburstProps> = {
  metadata: {
    vizType: 'sunburst_v2',
    name: 'Sunburst Chart',
    category: 'Part of a Whole',
    description: 'Uses circles to visualize the flow of data through different stages of a system. Hover over individual paths in the visualization to understand the stages a value took. Useful for multi-stage, multi-group visualizing funnels and pipelines.',
    tags: ['Aesthetic', 'Multi-Levels', 'Proportional', 'Featured'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><path d="M16 2A14 14 0 0 1 30 16H23A7 7 0 0 0 16 9Z" fill="#1FA8C9"/><path d="M30 16A14 14 0 0 1 9 28.1L12.5 22.1A7 7 0 0 0 23 16Z" fill="#454E7C"/><path d="M9 28.1A14 14 0 0 1 16 2V9A7 7 0 0 0 12.5 22.1Z" fill="#5AC189"/></svg>',
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  buildQuery: buildSunburstQuery,
  transformProps: transformSunburstProps,
  render: renderSunburst,
};
