// Sankey render benchmark: Lumen's sankey_v2 (d3-sankey layout, SVG) vs ECharts' sankey (the incumbent's
// renderer) on the same flows (500 links by default), in headless Chromium. Run with
// `node test/bench/sankey.mjs [LINKS...]` (not part of `npm test`; BENCH_RUNS=n sets the rounds). Every page
// gets the parsed chart-data response before its clock starts; both build their nodes and links from the
// records inside it. Times run to the chart's own "drawn" signal (Lumen's rendered event, ECharts'
// 'finished') and on to the browser's next painted frame. Rounds interleave the pages on fresh tabs; ratios
// are medians of per-round ratios. Goals are printed, not asserted.
import { lumenAgainstECharts, startBrowserBench } from './support/browser-bench.mjs';

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
const LINKS = sizes.length ? sizes : [500];
const ROUNDS = Number(process.env.BENCH_RUNS) || 9;
const PAGES = ['lumen', 'echarts'];

const bench = await startBrowserBench(Object.fromEntries(PAGES.map((p) => [p, `sankey-${p}`])));
const rows = [];
try {
  for (const links of LINKS) {
    const times = Object.fromEntries(PAGES.map((p) => [p, []]));
    for (let r = 0; r < ROUNDS; r++) {
      for (const page of PAGES) {
        const tab = await bench.open(page);
        times[page].push(await tab.evaluate((n) => window.runBench(n), links));
        await tab.close();
      }
    }
    for (const page of PAGES) process.stderr.write(`  sankey ${page} ${links}: ${times[page].map((t) => `${t.drawn.toFixed(0)}/${t.painted.toFixed(0)}`).join(', ')} ms\n`);
    rows.push({
      links,
      ...lumenAgainstECharts(times),
    });
  }
} finally {
  await bench.close();
}

const pad = (s, w) => String(s).padStart(w);
console.log(`\n${pad('links', 6)} ${pad('Lumen ms', 9)} ${pad('ECharts ms', 11)} ${pad('ECharts/Lumen', 14)}   ${pad('(to drawn: Lumen', 17)} ${pad('ECharts', 8)} ${pad('ratio)', 7)}`);
for (const r of rows) {
  console.log(`${pad(r.links, 6)} ${pad(r.lumen.toFixed(1), 9)} ${pad(r.echarts.toFixed(1), 11)} ${pad(r.ratio.toFixed(2), 14)}   ${pad(r.lumenDrawn.toFixed(1), 17)} ${pad(r.echartsDrawn.toFixed(1), 8)} ${pad(r.ratioDrawn.toFixed(2), 7)}`);
}
console.log(`Medians of ${ROUNDS} interleaved rounds to the first painted frame (ratios: medians of per-round ratios).`);
console.log('\nGoal (not asserted): Lumen at least as fast as ECharts (ECharts/Lumen >= 1) for a Sankey of 500 links.');
