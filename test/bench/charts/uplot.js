// Raw uPlot with options equivalent to Lumen's line chart (time x in ms, one line, formatted axes), on the
// same parsed columnar response Lumen's page gets.
import uPlot from 'uplot';
import { HEIGHT, WIDTH, mountPoint, parsedResponse, settle } from './data.js';

window.runBench = async (n) => {
  const [result] = parsedResponse(n, 'columns');
  await settle();
  const el = mountPoint();
  return new Promise((resolve) => {
    const t0 = performance.now();
    let done = false;
    const opts = {
      width: WIDTH,
      height: HEIGHT,
      ms: 1,
      pxAlign: 0,
      legend: { show: false },
      cursor: { drag: { x: true, y: false }, points: { show: false } },
      scales: { x: { time: true } },
      axes: [{}, { size: 56 }],
      series: [{}, { label: 'SUM(num)', stroke: '#1FA8C9', width: 1.5, points: { show: false } }],
      hooks: { draw: [() => { if (!done) { done = true; resolve(performance.now() - t0); } }] },
    };
    new uPlot(opts, [result.columns[0], result.columns[1]], el);
  });
};
