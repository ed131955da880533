// ECharts line chart with the same data, animation off (so 'finished' means drawn, not animated).
import * as echarts from 'echarts';
import { HEIGHT, WIDTH, makeColumns, mountPoint } from './data.js';

window.runBench = (n) => {
  const { x, y } = makeColumns(n);
  const points = new Array(n);
  for (let i = 0; i < n; i++) points[i] = [x[i], y[i]];
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
