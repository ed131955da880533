/** The pop_kpi plugin: Big Number with Time Period Comparison. */
import type { ChartPlugin } from '../../types';
import { buildPopKpiQuery } from './build-query';
import { renderPopKpi } from './render';
import { transformPopKpiProps } from './transform-props';
import type { PopKpiProps } from './types';

const THUMBNAIL =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 32" width="48" height="32"><text x="22" y="15" text-anchor="middle" font-size="11" font-family="sans-serif" fill="currentColor">12.3k</text><text x="40" y="15" font-size="9" fill="#1FA8C9">↑</text><rect x="3" y="21" width="12" height="7" rx="2" fill="currentColor" opacity=".2"/><rect x="18" y="21" width="12" height="7" rx="2" fill="#1FA8C9" opacity=".6"/><rect x="33" y="21" width="12" height="7" rx="2" fill="#1FA8C9" opacity=".6"/></svg>';

/**
 * Big Number with Time Period Comparison (viz_type 'pop_kpi').
 *
 * @example
 * registry.register(popKpiPlugin); registry.get('pop_kpi').metadata.category; // 'KPI'
 */
export const popKpiPlugin: ChartPlugin<PopKpiProps> = {
  metadata: {
    vizType: 'pop_kpi',
    name: 'Big Number with Time Period Comparison',
    category: 'KPI',
    description: 'Showcases a metric along with a comparison of value, change, and percent change for a selected time period.',
    tags: ['Comparison', 'Business', 'Percentages', 'Report', 'Advanced-Analytics'],
    thumbnail: THUMBNAIL,
    behaviors: [],
  },
  buildQuery: (formData) => buildPopKpiQuery(formData),
  transformProps: transformPopKpiProps,
  render: renderPopKpi,
};
