/** Test helpers shared by the SVG plugins' tests: fixtures in the response shape and a mount helper. */
import type { AdhocFilter, ChartDataResponseResult } from '@lumen-bi/core';
import { RENDERED_EVENT } from '../../shared/mount';
import type { ChartInstance, ChartPlugin } from '../../types';

/** A chart-data result around records. */
export function result(data: Array<Record<string, unknown>>, colnames?: string[], coltypes?: number[]): ChartDataResponseResult {
  return { is_cached: false, query: '', cache_key: null, cached_dttm: null, data, rowcount: data.length, colnames: colnames ?? Object.keys(data[0] ?? {}), ...(coltypes ? { coltypes } : {}) };
}

/** The base query fields buildQueryObject produces for the examples' "No filter" temporal filter. */
export const BASE_QUERY = {
  applied_time_extras: {},
  filters: [{ col: 'order_date', op: 'TEMPORAL_RANGE', val: 'No filter' }],
  extras: { having: '', where: '' },
  annotation_layers: [],
  series_limit: 0,
  order_desc: true,
  url_params: {},
  custom_params: {},
  custom_form_data: {},
};

/** The examples' adhoc filter. */
export const NO_FILTER: AdhocFilter[] = [{ clause: 'WHERE', subject: 'order_date', operator: 'TEMPORAL_RANGE', comparator: 'No filter', expressionType: 'SIMPLE' } as AdhocFilter];

/** Mounts a plugin's chart and resolves once it has drawn. */
export async function mount<P extends object>(plugin: ChartPlugin<P>, props: P): Promise<{ el: HTMLElement; chart: ChartInstance<P>; redrawn(): Promise<unknown> }> {
  const el = document.createElement('div');
  document.body.append(el);
  const redrawn = () => new Promise((r) => el.addEventListener(RENDERED_EVENT, r, { once: true }));
  const first = redrawn();
  const chart = plugin.render(el, props);
  await first;
  return { el, chart, redrawn };
}
