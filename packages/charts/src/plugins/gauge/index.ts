/** The gauge chart plugin. */
import type { ChartPlugin } from '../../types';
import { buildGaugeQuery } from './build-query';
import { renderGauge } from './render';
import { transformGaugeProps } from './transform-props';
import type { GaugeProps } from './types';

/**
 * Gauge chart (viz_type 'gauge_chart').
 *
 * @example
 * registry.register(gaugePlugin); registry.get('gauge_chart').metadata.category; // 'KPI'
 */
export const gaugePlugin: ChartPlugin<GaugeProps> = {
  metadata: {
    vizType: 'gauge_chart',
    name: 'Gauge Chart',
    category: 'KPI',
    description: 'A metric against a range, as a dial with optional coloured intervals.',
    tags: ['Business', 'Comparison', 'Progress', 'Report'],
    thumbnail: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><path d="M5 24A12 12 0 1 1 27 24" fill="none" stroke="#e5e7eb" stroke-width="4"/><path d="M5 24A12 12 0 0 1 16 6" fill="none" stroke="#1FA8C9" stroke-width="4"/><line x1="16" y1="18" x2="22" y2="10" stroke="#333" stroke-width="2"/></svg>',
    behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
  },
  buildQuery: buildGaugeQuery,
  transformProps: transformGaugeProps,
  render: renderGauge,
};
