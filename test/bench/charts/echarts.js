// ECharts line chart with the same data, animation off (so 'finished' means drawn, not animated). Its
// [x, y] pairs are built before the clock starts: that is ECharts' own input format.
import * as echarts from 'echarts';
import { HEIGHT, WIDTH, mountPoint, parsedResponse, settle } from './data.js';

window.runBench = async (n) => {
  const [result] = parsedResponse(n, 'columns');
  const [x, y] = result.columns;
  const points = new Array(n);
  for (let i = 0; i < n; i++) points[i] = [x[i], y[i]];
  await settle();
  const el = mountPoint();
  return new Promise((resolve) => {
    const t0 = performance.now();
    const chart = echarts.init(el, null, { renderer: 'canvas', width: WIDTH, height: HEIGHT });
    chart.on('finished', () => resolve(performance.now() - t0));
    chart.setOption({
      animation: false,
      xAxis: { type: 'time' },
      yAxis: { type: 'value', scale: true },
      tooltip: { trigger: 'axis' },
      series: [{ type: 'line', data: points, showSymbol: false }],
    });
  });
};
