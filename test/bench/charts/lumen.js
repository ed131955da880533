// Lumen's echarts_timeseries_line plugin on the same columnar data raw uPlot gets (a columnar
// chart-data result): transformProps then render(), timed until the chart's rendered event.
import { lineChartPlugin, RENDERED_EVENT } from '../../../packages/charts/src/index';
import { HEIGHT, WIDTH, makeColumns, mountPoint } from './data.js';

export function runLumen(result, formData) {
  const el = mountPoint();
  return new Promise((resolve) => {
    const t0 = performance.now();
    el.addEventListener(RENDERED_EVENT, () => resolve(performance.now() - t0), { once: true });
    const props = lineChartPlugin.transformProps({ formData, queriesData: [result], width: WIDTH, height: HEIGHT, confirmedLargeRender: true });
    lineChartPlugin.render(el, props);
  });
}

export const FORM_DATA = { datasource: '1__table', viz_type: 'echarts_timeseries_line', x_axis: 'ds', metrics: ['SUM(num)'], show_legend: false };
const meta = { is_cached: false, query: '', cache_key: null, cached_dttm: null };

window.runBench = (n) => {
  const { x, y } = makeColumns(n);
  return runLumen({ colnames: ['ds', 'SUM(num)'], coltypes: [2, 0], columns: [x, y], rowcount: n, ...meta }, FORM_DATA);
};
