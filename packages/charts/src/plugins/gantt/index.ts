/** The Gantt chart plugin. */
import type { ChartPlugin } from '../../types';
import { buildGanttQuery } from './build-query';
import { renderGantt } from './render';
import { transformGanttProps } from './transform-props';
import type { GanttProps } from './types';

/**
 * Gantt chart (viz_type 'gantt_chart').
 *
 * @example
 * createChartRegistry().register(ganttPlugin).get('gantt_chart').metadata.name; // 'Gantt Chart'
 */
export const ganttPlugin: ChartPlugin<GanttProps> = {
  metadata: {
    vizType: 'gantt_chart',
    name: 'Gantt Chart',
    category: 'Evolution',
    description: 'Events over a time span: each one a bar from its start to its end, on the row of its category.',
    tags: ['Featured', 'Timeline', 'Time'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect x="3" y="5" width="12" height="5" rx="1" fill="#1FA8C9"/><rect x="10" y="13" width="14" height="5" rx="1" fill="#454E7C"/><rect x="18" y="21" width="11" height="5" rx="1" fill="#5AC189"/></svg>',
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
  },
  buildQuery: buildGanttQuery,
  transformProps: transformGanttProps,
  render: renderGantt,
};
