// ECharts' treemap and sunburst (the incumbent's renderer) with the same data and the incumbent's main
// options, animation off: its nested data is built from the records inside the clock, as the incumbent's
// transformProps builds it, timed until 'finished' and until the browser painted.
import * as echarts from 'echarts';
import { withLazyRecords } from '@lumen-bi/core';
import { HEIGHT, WIDTH, mountPoint, settle } from './data.js';
import { echartsTree, painted, parsedResponse } from './hierarchy-data.js';

const LEVELS = ['region', 'country', 'product'];

function option(kind, data) {
  if (kind === 'treemap') {
    return {
      animation: false,
      tooltip: { trigger: 'item' },
      series: [{
        type: 'treemap', width: '100%', height: '100%', breadcrumb: { show: false }, roam: false, nodeClick: false,
        label: { show: true, formatter: '{b}: {c}' }, upperLabel: { show: true, formatter: '{b}: {c}' },
        levels: [{ itemStyle: { gapWidth: 1 } }, { colorSaturation: [0.7, 0.4], itemStyle: { gapWidth: 1 } }],
        data: [{ name: 'SUM(sales)', children: data }],
      }],
    };
  }
  const radius = Math.min(WIDTH - 10, HEIGHT - 20) / 2;
  return {
    animation: false,
    tooltip: { trigger: 'item' },
    series: [{ type: 'sunburst', nodeClick: false, radius: [radius * 0.3, radius], label: { show: true, minAngle: 18, width: (radius * 0.6) / 3, overflow: 'breakAll' }, data }],
  };
}

window.runBench = async (kind, leaves) => {
  const response = parsedResponse(leaves);
  const queriesData = response.map(withLazyRecords);
  await settle();
  const el = mountPoint();
  const t0 = performance.now();
  const chart = echarts.init(el, null, { renderer: 'canvas', width: WIDTH, height: HEIGHT });
  const finished = new Promise((resolve) => chart.on('finished', () => resolve(performance.now() - t0)));
  chart.setOption(option(kind, echartsTree(queriesData[0].data, LEVELS, 'SUM(sales)')));
  const drawn = await finished;
  await painted();
  return { drawn, painted: performance.now() - t0 };
};
