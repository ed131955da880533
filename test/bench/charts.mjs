// Time-series render benchmark: Lumen's line plugin vs raw uPlot vs ECharts in headless Chromium.
// Run with `node test/bench/charts.mjs [N...]` (not part of `npm test`). Prints medians of 3 fresh-page
// runs from data-ready to first completed draw, and the goals (not asserted).
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));
const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
const NS = sizes.length ? sizes : [10_000, 100_000, 1_000_000];
const RUNS = Number(process.env.BENCH_RUNS) || 3;
const PAGES = ['lumen', 'lumen-records', 'uplot', 'echarts'];

async function bundle(name) {
  const out = await build({
    entryPoints: [`${here}charts/${name}.js`],
    bundle: true,
    write: false,
    format: 'esm',
    minify: true,
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { '@lumen-bi/core': `${root}packages/core/src/index.ts` },
    logLevel: 'error',
  });
  return out.outputFiles[0].text;
}

const scripts = Object.fromEntries(await Promise.all(PAGES.map(async (p) => [p, await bundle(p)])));
const server = createServer((req, res) => {
  const name = (req.url ?? '/').replace(/^\//, '').replace(/\.(html|js)$/, '');
  if (!scripts[name]) return res.writeHead(404).end();
  if (req.url.endsWith('.js')) return res.writeHead(200, { 'content-type': 'text/javascript' }).end(scripts[name]);
  res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><meta charset="utf-8"><body style="margin:0"><script type="module" src="/${name}.js"></script>`);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = {};
try {
  for (const n of NS) {
    results[n] = {};
    for (const page of PAGES) {
      const times = [];
      for (let r = 0; r < RUNS; r++) {
        const tab = await browser.newPage({ viewport: { width: 1100, height: 500 } });
        await tab.goto(`${base}/${page}.html`);
        await tab.waitForFunction(() => typeof window.runBench === 'function');
        times.push(await tab.evaluate((count) => window.runBench(count), n));
        await tab.close();
      }
      results[n][page] = median(times);
      process.stderr.write(`  ${page} N=${n}: ${times.map((t) => t.toFixed(1)).join(', ')} ms\n`);
    }
  }
} finally {
  await browser.close();
  server.close();
}

const pad = (s, w) => String(s).padStart(w);
console.log(`\n${pad('N', 9)} ${pad('Lumen ms', 10)} ${pad('uPlot ms', 10)} ${pad('ECharts ms', 11)} ${pad('Lumen/uPlot', 12)} ${pad('ECharts/Lumen', 14)} ${pad('Lumen(records) ms', 18)} ${pad('ratio', 6)}`);
for (const n of NS) {
  const { lumen, uplot, echarts } = results[n];
  const rec = results[n]['lumen-records'];
  console.log(`${pad(n, 9)} ${pad(lumen.toFixed(1), 10)} ${pad(uplot.toFixed(1), 10)} ${pad(echarts.toFixed(1), 11)} ${pad((lumen / uplot).toFixed(2), 12)} ${pad((echarts / lumen).toFixed(1), 14)} ${pad(rec.toFixed(1), 18)} ${pad((rec / uplot).toFixed(2), 6)}`);
}
console.log('Lumen: columnar result (same data as raw uPlot); Lumen(records): the API record shape, including the record pass.');
console.log('\nGoals (not asserted): Lumen/uPlot <= 1.5 at every N; ECharts/Lumen >= 8 at 1M points.');
