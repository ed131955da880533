/**
 * examples/host-vite end to end: the SDK packed (`npm pack`), installed from the tarballs into a copy of the
 * example outside the repository, built with Vite, and loaded in Chromium from a host origin against a
 * running Lumen. The dashboard draws through the React component and the chart through its own entry; the
 * build holds each package once; each page's first-load size (gzip) is printed. Also: the documented
 * /static/elements/ URLs of the real server. Needs `node scripts/ensure-built.mjs`.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartsRendered } from './support/charts-rendered';
import { findId } from './support/embed-fixtures';
import { startEmbeddingStage, type EmbeddingStage } from './support/embedding-stage';
import { packSdk, sdkVersion } from './support/pack-sdk';
import { buildViteHost, duplicatedPackages, firstLoadFiles, packageOf, type ViteHost } from './support/vite-host-build';

const RENDER_TIMEOUT = 60_000;
const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8' };

let stage: EmbeddingStage;
let host: ViteHost;
let itemsSoldChartId: number;

/** Every file under dir, by URL path. */
function filesOf(dir: string, base = dir): [string, Buffer][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesOf(path, base) : [[`/${relative(base, path).split('\\').join('/')}`, readFileSync(path)] as [string, Buffer]];
  });
}

beforeAll(async () => {
  // The server start (examples data) and the host's install and build are independent: run them together.
  // Each part's time is printed, so a slow run shows which part it was (each install and build step stops
  // itself with its name well before the hook's limit).
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  const timedStage = startEmbeddingStage().then((value) => (console.log(`host-vite setup: server ready at ${seconds()} s`), value));
  const timedHost = packSdk()
    .then((tarballs) => (console.log(`host-vite setup: SDK packed at ${seconds()} s`), buildViteHost(tarballs)))
    .then((value) => (console.log(`host-vite setup: host installed in ${value.seconds.install} s, built in ${value.seconds.build} s`), value));
  [stage, host] = await Promise.all([timedStage, timedHost]);
  for (const [path, body] of filesOf(host.distDir)) stage.host.files.set(path, { type: TYPES[extname(path)] ?? 'application/octet-stream', body });
  stage.host.tokenRequest = { resources: [{ type: 'dashboard', id: stage.sales.uuid }], rls: [] };
  itemsSoldChartId = await findId(stage.lumen, 'chart', 'slice_name', 'Items Sold');
}, 900_000);

afterAll(async () => {
  await stage?.stop();
  if (host) rmSync(host.dir, { recursive: true, force: true });
});

describe('examples/host-vite, built from the packed SDK', () => {
  it('draws the dashboard through <Dashboard> (the host React 19 app)', async () => {
    const page = await stage.browser.newPage();
    try {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${stage.host.origin}/index.html?lumen=${encodeURIComponent(stage.server.url)}&dashboard=${stage.sales.uuid}`);
      await page.waitForSelector('body[data-dashboard-ready]', { timeout: RENDER_TIMEOUT });
      expect(await chartsRendered(page.locator('bi-dashboard'), RENDER_TIMEOUT)).toBeGreaterThan(0);
      expect(await page.locator('#host-error').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('draws one chart through @lumen-bi/elements/define/chart', async () => {
    const page = await stage.browser.newPage();
    try {
      await page.goto(`${stage.host.origin}/chart.html?lumen=${encodeURIComponent(stage.server.url)}&chart=${itemsSoldChartId}`);
      await page.waitForSelector('body[data-chart-ready]', { timeout: RENDER_TIMEOUT });
      await page.locator('bi-chart [data-chart-status="rendered"]').waitFor({ timeout: RENDER_TIMEOUT });
    } finally {
      await page.close();
    }
  });

  it('holds every package once, the SDK packages included', () => {
    expect(duplicatedPackages(host.chunks)).toEqual({});
    const packages = new Set(host.chunks.flatMap((chunk) => chunk.moduleIds).map((id) => packageOf(id)?.name));
    for (const name of ['@lumen-bi/elements', '@lumen-bi/views', '@lumen-bi/charts', '@lumen-bi/core', 'react', 'react-dom']) expect(packages).toContain(name);
  });

  it('prints the first load of each page (gzip and brotli)', async () => {
    const sizes = Object.fromEntries(
      ['dashboard', 'chart'].map((page) => {
        const code = firstLoadFiles(host.chunks, page).map((file) => readFileSync(join(host.distDir, file)));
        const total = (compress: (buffer: Buffer) => Buffer) => code.reduce((sum, buffer) => sum + compress(buffer).length, 0) / 1024;
        return [page, { gzip: total((buffer) => gzipSync(buffer, { level: 9 })), brotli: total((buffer) => brotliCompressSync(buffer)) }];
      }),
    );
    const react = await reactGzipKb(host.dir);
    // Targets of issue 15 / DESIGN.md, printed, and the two element budgets asserted (below). The dashboard
    // page was 204.7 KB gzip with React before chart plugins, markdown, edit-mode dialogs, reports and the save
    // code became lazy chunks; 125.9-126.4 KB after the design system's icons, tooltip, date pickers and chart
    // surface landed; 117.1 KB (2026-11-24) once edit mode (drag and drop, layout editing, its styles and the
    // builder pane), the tooltip's bubble, the time-range picker and its calendar, the filter dialog's styles
    // and the filter-state sync loaded on first use and the first paint's icons were drawn inline (no
    // lucide-react runtime). Code a read-only first paint needs not belongs in a lazy chunk, not here.
    console.log(
      [
        'examples/host-vite first load (minified by Vite; React + react-dom alone are ' + `${react.toFixed(1)} KB gzip):`,
        `  <bi-dashboard> page (<Dashboard>): ${sizes.dashboard.gzip.toFixed(1)} KB gzip (${(sizes.dashboard.gzip - react).toFixed(1)} KB without React), ${sizes.dashboard.brotli.toFixed(1)} KB brotli; target 120 KB gzip with React (${sizes.dashboard.gzip <= 120 ? 'within' : 'OVER'})`,
        `  <bi-chart> page (define/chart):    ${sizes.chart.gzip.toFixed(1)} KB gzip (${(sizes.chart.gzip - react).toFixed(1)} KB without React), ${sizes.chart.brotli.toFixed(1)} KB brotli; target 60 KB gzip`,
      ].join('\n'),
    );
    expect(sizes.chart.gzip).toBeLessThanOrEqual(sizes.dashboard.gzip);
    // <Dashboard>'s page within 120 KB gzip with React (issue 15).
    expect(sizes.dashboard.gzip).toBeLessThanOrEqual(120);
    // <bi-chart>'s own code (beside the host's React) within 60 KB gzip.
    expect(sizes.chart.gzip - react).toBeLessThanOrEqual(60);
  });
});

/** React and react-dom/client as the host installed them, minified for production, gzip KB: the host's share. */
async function reactGzipKb(dir: string): Promise<number> {
  const result = await build({
    stdin: { contents: "import 'react'; import 'react-dom/client';", resolveDir: dir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0].contents, { level: 9 }).length / 1024;
}

describe("the Lumen server's SDK bundle URLs", () => {
  it('serves the documented and the versioned bi-elements.lite.js, compressed, readable cross-origin', async () => {
    const documented = await fetch(`${stage.server.url}/static/elements/bi-elements.lite.js`, { headers: { 'accept-encoding': 'br', origin: stage.host.origin } });
    expect(documented.status).toBe(200);
    expect(documented.headers.get('content-encoding')).toBe('br');
    expect(documented.headers.get('access-control-allow-origin')).toBe('*');
    expect(documented.headers.get('timing-allow-origin')).toBe(stage.host.origin);
    const versioned = await fetch(`${stage.server.url}/static/elements/${sdkVersion()}/bi-elements.lite.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(versioned.status).toBe(200);
    expect(versioned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await versioned.text()).toBe(await (await fetch(`${stage.server.url}/static/elements/bi-elements.lite.js`)).text());
  });
});
