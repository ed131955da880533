// Time-series render benchmark: Lumen's line plugin vs raw uPlot vs ECharts in headless Chromium.
// Run with `node test/bench/charts.mjs [N...]` (not part of `npm test`; BENCH_RUNS=n sets the rounds per size).
// Every page gets the parsed chart-data response of the same series before its clock starts: Lumen the
// result_layout 'columns' body its chart hosts fetch (decode + transformProps + render), raw uPlot the same
// arrays, ECharts its [x, y] pairs. Rounds interleave the pages (so machine noise hits all of them alike),
// each run on a fresh page. The table prints medians from data-ready to first completed draw; the ratios are
// medians of each round's own ratio (pages of one round ran back to back under the same load), which stays
// stable on a busy machine where a ratio of medians swings. Goals are printed, not asserted.
import { median, startBrowserBench } from './support/browser-bench.mjs';

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
const NS = sizes.length ? sizes : [10_000, 100_000, 1_000_000];
// Small sizes take ~20 ms a draw, where one scheduler hiccup on a shared machine is a large fraction:
// they get more rounds (they are cheap); 1M points, dominated by ECharts' seconds, gets fewer.
const roundsFor = (n) => Number(process.env.BENCH_RUNS) || (n <= 100_000 ? 25 : 15);
const PAGES = ['lumen', 'lumen-records', 'uplot', 'echarts'];

const bench = await startBrowserBench(Object.fromEntries(PAGES.map((p) => [p, p])));
const results = {};
const ratios = {};
const pairedRatio = (times, a, b) => median(times[a].map((t, i) => t / times[b][i]));
try {
  for (const n of NS) {
    const times = Object.fromEntries(PAGES.map((p) => [p, []]));
    for (let r = 0; r < roundsFor(n); r++) {
      for (const page of PAGES) {
        const tab = await bench.open(page);
        times[page].push(await tab.evaluate((count) => window.runBench(count), n));
        await tab.close();
      }
    }
    results[n] = Object.fromEntries(PAGES.map((p) => [p, median(times[p])]));
    ratios[n] = { lumen: pairedRatio(times, 'lumen', 'uplot'), echarts: pairedRatio(times, 'echarts', 'lumen'), records: pairedRatio(times, 'lumen-records', 'uplot') };
    for (const page of PAGES) process.stderr.write(`  ${page} N=${n}: ${times[page].map((t) => t.toFixed(1)).join(', ')} ms\n`);
  }
} finally {
  await bench.close();
}

const pad = (s, w) => String(s).padStart(w);
console.log(`\n${pad('N', 9)} ${pad('Lumen ms', 10)} ${pad('uPlot ms', 10)} ${pad('ECharts ms', 11)} ${pad('Lumen/uPlot', 12)} ${pad('ECharts/Lumen', 14)} ${pad('Lumen(records) ms', 18)} ${pad('ratio', 6)}`);
for (const n of NS) {
  const { lumen, uplot, echarts } = results[n];
  const rec = results[n]['lumen-records'];
  const r = ratios[n];
  console.log(`${pad(n, 9)} ${pad(lumen.toFixed(1), 10)} ${pad(uplot.toFixed(1), 10)} ${pad(echarts.toFixed(1), 11)} ${pad(r.lumen.toFixed(2), 12)} ${pad(r.echarts.toFixed(1), 14)} ${pad(rec.toFixed(1), 18)} ${pad(r.records.toFixed(2), 6)}`);
}
console.log(`Medians of ${NS.map((n) => roundsFor(n)).join('/')} interleaved rounds (ratios: medians of per-round ratios). Lumen: the result_layout 'columns' response Lumen's chart hosts fetch (same arrays as raw uPlot);`);
console.log("Lumen(records): the incumbent's default record shape as an external API client would pass it, including the record pass.");
console.log('\nGoals (not asserted): Lumen/uPlot <= 1.5 at every N; ECharts/Lumen >= 8 at 1M points.');
