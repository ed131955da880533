// What the in-browser render benchmarks share (charts.mjs, hierarchy.mjs, sankey.mjs): each page's script
// bundled from test/bench/charts/ with esbuild, served from a loopback server, opened on fresh tabs of one
// headless Chromium, and the median of rounds.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const pagesDir = fileURLToPath(new URL('../charts/', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));

/** test/bench/charts/<file>.js bundled and minified as a production page script (core from source). */
async function bundlePage(file) {
  const out = await build({
    entryPoints: [`${pagesDir}${file}.js`],
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

/**
 * Bundles each page (name -> file under test/bench/charts/, without .js), serves them as /<name>.html and
 * launches Chromium. `open(name)` answers a fresh tab with the page loaded and its window.runBench ready;
 * `close()` stops the browser and the server.
 *
 * @example
 * const bench = await startBrowserBench({ lumen: 'sankey-lumen', echarts: 'sankey-echarts' });
 * const tab = await bench.open('lumen');
 * const time = await tab.evaluate((n) => window.runBench(n), 500);
 */
export async function startBrowserBench(pages) {
  const scripts = Object.fromEntries(await Promise.all(Object.entries(pages).map(async ([name, file]) => [name, await bundlePage(file)])));
  const server = createServer((req, res) => {
    const name = (req.url ?? '/').replace(/^\//, '').replace(/\.(html|js)$/, '');
    if (!scripts[name]) return res.writeHead(404).end();
    if (req.url.endsWith('.js')) return res.writeHead(200, { 'content-type': 'text/javascript' }).end(scripts[name]);
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><meta charset="utf-8"><body style="margin:0"><script type="module" src="/${name}.js"></script>`);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: process.env.LUMEN_CHROMIUM_PATH ?? '/usr/bin/chromium',
    // expose-gc: pages collect the payload's garbage before their clock starts, so a GC pause lands on none.
    args: ['--js-flags=--expose-gc', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  return {
    async open(name) {
      const tab = await browser.newPage({ viewport: { width: 1100, height: 500 } });
      await tab.goto(`${base}/${name}.html`);
      await tab.waitForFunction(() => typeof window.runBench === 'function');
      return tab;
    },
    async close() {
      await browser.close();
      server.close();
    },
  };
}

/** The median of a list of numbers (the upper one of an even count). */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Medians of Lumen's and ECharts' rounds (each { drawn, painted } ms, the chart's own drawn signal and the
 * next painted frame) and the ECharts/Lumen ratios, as medians of per-round ratios.
 *
 * @example
 * rows.push({ links, ...lumenAgainstECharts(times) });
 */
export function lumenAgainstECharts(times) {
  const ratio = (key) => median(times.echarts.map((t, i) => t[key] / times.lumen[i][key]));
  return {
    lumen: median(times.lumen.map((t) => t.painted)),
    lumenDrawn: median(times.lumen.map((t) => t.drawn)),
    echarts: median(times.echarts.map((t) => t.painted)),
    echartsDrawn: median(times.echarts.map((t) => t.drawn)),
    ratio: ratio('painted'),
    ratioDrawn: ratio('drawn'),
  };
}
