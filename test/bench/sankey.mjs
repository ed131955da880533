// Sankey render benchmark: Lumen's sankey_v2 (d3-sankey layout, SVG) vs ECharts' sankey (the incumbent's
// renderer) on the same flows (500 links by default), in headless Chromium. Run with
// `node test/bench/sankey.mjs [LINKS...]` (not part of `npm test`; BENCH_RUNS=n sets the rounds). Every page
// gets the parsed chart-data response before its clock starts; both build their nodes and links from the
// records inside it. Times run to the chart's own "drawn" signal (Lumen's rendered event, ECharts'
// 'finished') and on to the browser's next painted frame. Rounds interleave the pages on fresh tabs; ratios
// are medians of per-round ratios. Goals are printed, not asserted.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));
const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
const LINKS = sizes.length ? sizes : [500];
const ROUNDS = Number(process.env.BENCH_RUNS) || 9;
const PAGES = ['lumen', 'echarts'];

async function bundle(name) {
  const out = await build({
    entryPoints: [`${here}charts/sankey-${name}.js`],
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
  executablePath: process.env.LUMEN_CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
try {
  for (const links of LINKS) {
    const times = Object.fromEntries(PAGES.map((p) => [p, []]));
    for (let r = 0; r < ROUNDS; r++) {
      for (const page of PAGES) {
        const tab = await browser.newPage({ viewport: { width: 1100, height: 500 } });
        await tab.goto(`${base}/${page}.html`);
        await tab.waitForFunction(() => typeof window.runBench === 'function');
        times[page].push(await tab.evaluate((n) => window.runBench(n), links));
        await tab.close();
      }
    }
    const ratio = (key) => median(times.echarts.map((t, i) => t[key] / times.lumen[i][key]));
    for (const page of PAGES) process.stderr.write(`  sankey ${page} ${links}: ${times[page].map((t) => `${t.drawn.toFixed(0)}/${t.painted.toFixed(0)}`).join(', ')} ms\n`);
    rows.push({
      links,
      lumen: median(times.lumen.map((t) => t.painted)),
      lumenDrawn: median(times.lumen.map((t) => t.drawn)),
      echarts: median(times.echarts.map((t) => t.painted)),
      echartsDrawn: median(times.echarts.map((t) => t.drawn)),
      ratio: ratio('painted'),
      ratioDrawn: ratio('drawn'),
    });
  }
} finally {
  await browser.close();
  server.close();
}

const pad = (s, w) => String(s).padStart(w);
console.log(`\n${pad('links', 6)} ${pad('Lumen ms', 9)} ${pad('ECharts ms', 11)} ${pad('ECharts/Lumen', 14)}   ${pad('(to drawn: Lumen', 17)} ${pad('ECharts', 8)} ${pad('ratio)', 7)}`);
for (const r of rows) {
  console.log(`${pad(r.links, 6)} ${pad(r.lumen.toFixed(1), 9)} ${pad(r.echarts.toFixed(1), 11)} ${pad(r.ratio.toFixed(2), 14)}   ${pad(r.lumenDrawn.toFixed(1), 17)} ${pad(r.echartsDrawn.toFixed(1), 8)} ${pad(r.ratioDrawn.toFixed(2), 7)}`);
}
console.log(`Medians of ${ROUNDS} interleaved rounds to the first painted frame (ratios: medians of per-round ratios).`);
console.log('\nGoal (not asserted): Lumen at least as fast as ECharts (ECharts/Lumen >= 1) for a Sankey of 500 links.');
