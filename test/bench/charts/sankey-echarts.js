// ECharts' sankey (the incumbent's renderer) with the same data and the incumbent's options (nodes coloured
// by name, links by their source, animation off): nodes and links are built from the records inside the
// clock, as the incumbent's transformProps builds them, timed until 'finished' and until the browser painted.
import * as echarts from 'echarts';
import { withLazyRecords } from '@lumen-bi/core';
import { HEIGHT, WIDTH, mountPoint, settle } from './data.js';
import { painted } from './hierarchy-data.js';
import { parsedResponse } from './sankey-data.js';

const PALETTE = ['#1FA8C9', '#454E7C', '#5AC189', '#FF7F44', '#666666', '#E04355', '#FCC700', '#A868B7', '#3CCCCB', '#A38F79'];

function option(records) {
  const names = new Map();
  const links = records.map((r) => {
    for (const name of [r.source, r.target]) if (!names.has(name)) names.set(name, PALETTE[names.size % PALETTE.length]);
    return { source: String(r.source), target: String(r.target), value: r['SUM(sales)'] };
  });
  return {
    animation: false,
    tooltip: { trigger: 'item' },
    series: { type: 'sankey', animation: false, lineStyle: { color: 'source' }, data: [...names].map(([name, color]) => ({ name, itemStyle: { color } })), links },
  };
}

window.runBench = async (links) => {
  const queriesData = parsedResponse(links).map(withLazyRecords);
  await settle();
  const el = mountPoint();
  const t0 = performance.now();
  const chart = echarts.init(el, null, { renderer: 'canvas', width: WIDTH, height: HEIGHT });
  const finished = new Promise((resolve) => chart.on('finished', () => resolve(performance.now() - t0)));
  chart.setOption(option(queriesData[0].data));
  const drawn = await finished;
  await painted();
  return { drawn, painted: performance.now() - t0 };
};
