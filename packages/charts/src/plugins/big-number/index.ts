/** big_number (with trendline) and big_number_total plugins. */
import type { ChartPlugin } from '../../types';
import { buildBigNumberQuery, buildBigNumberTotalQuery } from './build-query';
import { renderBigNumber } from './render';
import { transformBigNumberProps, transformBigNumberTotalProps } from './transform-props';
import type { BigNumberProps } from './types';

const thumb = (trend: boolean) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 32" width="48" height="32"><text x="24" y="16" text-anchor="middle" font-size="12" font-family="sans-serif" fill="#333">12.3k</text>${trend ? '<polyline points="4,28 14,24 24,26 34,20 44,22" fill="none" stroke="#1FA8C9"/>' : ''}</svg>`;

/** Big number with trendline (viz_type 'big_number'). */
export const bigNumberPlugin: ChartPlugin<BigNumberProps> = {
  metadata: { vizType: 'big_number', name: 'Big Number with Trendline', category: 'KPI', description: 'One metric, its trend and its change versus an earlier period.', tags: ['Formattable', 'Trend', 'Popular'], thumbnail: thumb(true), behaviors: [] },
  buildQuery: buildBigNumberQuery,
  transformProps: transformBigNumberProps,
  render: renderBigNumber,
};

/** Big number (viz_type 'big_number_total'). */
export const bigNumberTotalPlugin: ChartPlugin<BigNumberProps> = {
  metadata: { vizType: 'big_number_total', name: 'Big Number', category: 'KPI', description: 'One metric, large.', tags: ['Formattable', 'Popular'], thumbnail: thumb(false), behaviors: [] },
  buildQuery: buildBigNumberTotalQuery,
  transformProps: transformBigNumberTotalProps,
  render: renderBigNumber,
};
