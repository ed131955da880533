// deck.gl render benchmark: Lumen's deck_scatter and deck_hex (the plugin's transformProps and render, over
// the offline base map) vs raw deck.gl (a ScatterplotLayer / GPU HexagonLayer written by hand, no base
// map) on the same 1M points, in headless Chromium (WebGL in software: SwiftShader, so absolute times are
// far above a GPU's; the ratio is the figure). Run with `node test/bench/deck.mjs [POINTS...]` (not part of
// `npm test`; BENCH_RUNS=n sets the rounds, DECK_KINDS=scatter,hexbin the charts). Rounds interleave the pages on fresh tabs; ratios are medians
// of per-round ratios. Goals are printed, not asserted.
import { median, startBrowserBench } from './support/browser-bench.mjs';

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
const POINTS = sizes.length ? sizes : [1_000_000];
const ROUNDS = Number(process.env.BENCH_RUNS) || 3;
const KINDS = (process.env.DECK_KINDS ?? 'scatter,hexbin').split(',');
const PAGES = ['lumen', 'raw'];

const bench = await startBrowserBench({ lumen: 'deck-lumen', raw: 'deck-raw' });
const rows = [];
try {
  for (const points of POINTS) {
    for (const kind of KINDS) {
      const times = Object.fromEntries(PAGES.map((p) => [p, []]));
      for (let r = 0; r < ROUNDS; r++) {
        for (const page of PAGES) {
          const tab = await bench.open(page);
          const time = await tab.evaluate(([k, n]) => window.runBench(k, n), [kind, points]);
          // A chart that drew an error or a row gate instead of the map would time nothing worth comparing.
          if (/could not|error|rows/i.test(time.text)) throw new Error(`${page} ${kind}: ${time.text}`);
          times[page].push(time);
          await tab.close();
        }
      }
      for (const page of PAGES) process.stderr.write(`  ${kind} ${page} ${points}: ${times[page].map((t) => `${t.transformed === undefined ? '' : `${t.transformed.toFixed(0)}/`}${t.drawn.toFixed(0)}/${t.painted.toFixed(0)}`).join(', ')} ms (${page === 'lumen' ? 'transformProps/' : ''}drawn/painted)\n`);
      rows.push({
        kind,
        points,
        lumen: median(times.lumen.map((t) => t.painted)),
        raw: median(times.raw.map((t) => t.painted)),
        ratio: median(times.lumen.map((t, i) => t.painted / times.raw[i].painted)),
      });
    }
  }
} finally {
  await bench.close();
}

const pad = (s, w) => String(s).padStart(w);
console.log(`\n${pad('chart', 8)} ${pad('points', 9)} ${pad('Lumen ms', 9)} ${pad('deck.gl ms', 11)} ${pad('Lumen/deck.gl', 14)}`);
for (const r of rows) console.log(`${pad(r.kind, 8)} ${pad(r.points, 9)} ${pad(r.lumen.toFixed(0), 9)} ${pad(r.raw.toFixed(0), 11)} ${pad(r.ratio.toFixed(2), 14)}`);
console.log(`Medians of ${ROUNDS} interleaved rounds to the first painted frame (ratio: median of per-round ratios).`);
console.log('\nGoal (not asserted): Lumen within 1.2x of hand-written deck.gl (Lumen/deck.gl <= 1.2) for 1M points.');
