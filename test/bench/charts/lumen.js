// Lumen's echarts_timeseries_line plugin on what Lumen's chart hosts really receive: the parsed
// result_layout 'columns' response, decoded by the core client (withLazyRecords), then transformProps
// and render(), timed until the chart's rendered event.
import { withLazyRecords } from '@lumen-bi/core';
// The plugin's own module, as the lazy <bi-chart> chunk loads it (not every plugin of the package index).
import { lineChartPlugin } from '../../../packages/charts/src/plugins/timeseries/index';
import { RENDERED_EVENT } from '../../../packages/charts/src/shared/mount';
import { HEIGHT, WIDTH, mountPoint, parsedResponse, settle } from './data.js';

export function runLumen(response, formData, decode) {
  const el = mountPoint();
  return new Promise((resolve) => {
    const t0 = performance.now();
    el.addEventListener(RENDERED_EVENT, () => resolve(performance.now() - t0), { once: true });
    const queriesData = decode ? response.map(withLazyRecords) : response;
    const props = lineChartPlugin.transformProps({ formData, queriesData, width: WIDTH, height: HEIGHT, confirmedLargeRender: true });
    lineChartPlugin.render(el, props);
  });
}

export const FORM_DATA = { datasource: '1__table', viz_type: 'echarts_timeseries_line', x_axis: 'ds', metrics: ['SUM(num)'], show_legend: false };

window.runBench = async (n) => {
  const response = parsedResponse(n, 'columns');
  await settle();
  return runLumen(response, FORM_DATA, true);
};
