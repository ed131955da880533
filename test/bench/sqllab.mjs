// SQL Lab benchmark: a query returning 100k rows from the examples DuckDB `events` table, (1) through the
// API against the engine alone, to show the server's share (serialisation, result store) of the total, and
// (2) in headless Chromium from clicking Run to the first paint of the results grid. Prints figures only;
// asserts nothing. Run: npm run bench -- sqllab   (LUMEN_EXAMPLES_EVENTS_ROWS sets the table size).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';

const ROWS = 100_000;
const RUNS = Number(process.env.BENCH_RUNS) || 3;
const server = await import('../../packages/server/dist/index.js');
const eventRows = Number(process.env.LUMEN_EXAMPLES_EVENTS_ROWS ?? 200_000);
const dataDir = process.env.LUMEN_BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'lumen-bench-'));
const credentials = { username: 'bench', password: 'bench-password-1' };
const config = server.loadConfig(
  { LUMEN_DATA_DIR: dataDir, LUMEN_EXAMPLES_EVENTS_ROWS: String(eventRows), LUMEN_ADMIN_USERNAME: credentials.username, LUMEN_ADMIN_PASSWORD: credentials.password, LUMEN_LOG_LEVEL: 'warn' },
  { port: 0, host: '127.0.0.1' },
);
const { app, store } = await server.prepareServer(config);
let t0 = performance.now();
const examples = await server.ensureExamples(app.lumen);
console.log(`examples: ${examples.created ? 'generated' : 'reused'} (${eventRows.toLocaleString()} event rows) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}`;
const SQL = `SELECT * FROM events ORDER BY user_id LIMIT ${ROWS}`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const login = await (await fetch(`${base}/api/v1/security/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...credentials, provider: 'db' }) })).json();
const headers = { authorization: `Bearer ${login.access_token}`, 'content-type': 'application/json' };
const database = await store.db.selectFrom('dbs').selectAll().where('database_name', '=', 'examples').executeTakeFirstOrThrow();
const client = await server.getConnection(app.lumen, database);

// 1. Engine alone vs the synchronous execute endpoint (same SQL, same row count).
const engine = [];
const api = [];
let bytes = 0;
for (let i = 0; i < RUNS; i++) {
  let start = performance.now();
  await client.execute(SQL, [], { maxRows: ROWS + 1 });
  engine.push(performance.now() - start);
  start = performance.now();
  const res = await fetch(`${base}/api/v1/sqllab/execute/`, { method: 'POST', headers, body: JSON.stringify({ database_id: database.id, sql: SQL, runAsync: false, queryLimit: ROWS, client_id: `bench-${Date.now()}-${i}` }) });
  const text = await res.text();
  api.push(performance.now() - start);
  if (res.status !== 200) throw new Error(`execute answered ${res.status}: ${text.slice(0, 300)}`);
  bytes = text.length;
  const rows = JSON.parse(text).data.length;
  if (rows !== ROWS) throw new Error(`expected ${ROWS} rows, got ${rows}`);
}
const engineMs = median(engine);
const apiMs = median(api);
console.log(`\nAPI, synchronous execute of ${ROWS.toLocaleString()} rows (${(bytes / 1024 / 1024).toFixed(1)} MB JSON), median of ${RUNS}:`);
console.log(`  engine alone            ${engineMs.toFixed(1).padStart(8)} ms`);
console.log(`  POST /sqllab/execute/   ${apiMs.toFixed(1).padStart(8)} ms`);
console.log(`  server share (API - engine) / API: ${(((apiMs - engineMs) / apiMs) * 100).toFixed(0)}%  (serialisation to records + JSON + result store + HTTP)`);

// 2. Chromium: click Run -> first paint of the grid with the 100k rows loaded.
const browser = await chromium.launch({ executablePath: process.env.LUMEN_CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
const page = await context.newPage();
await page.goto(`${base}/login/`);
await page.getByLabel('Username').fill(credentials.username);
await page.getByLabel('Password').fill(credentials.password);
await Promise.all([page.waitForURL((url) => url.pathname !== '/login/'), page.getByRole('button', { name: 'Sign in' }).click()]);
const samples = { async: [], sync: [] };
for (const mode of ['async', 'sync']) {
  // allow_run_async decides the path the UI takes; flip it on the examples database for the sync leg.
  await store.db.updateTable('dbs').set({ allow_run_async: mode === 'async' ? 1 : 0 }).where('id', '=', database.id).execute();
  for (let i = 0; i < RUNS; i++) {
    await page.goto(`${base}/sqllab/?dbid=${database.id}&sql=${encodeURIComponent(SQL)}`);
    await page.locator('.bi-sql-editor[data-ready="true"]').waitFor({ timeout: 60_000 });
    await page.getByLabel('Limit').selectOption(String(ROWS));
    const ms = await page.evaluate(async (rows) => {
      const button = [...document.querySelectorAll('.bi-sqllab__toolbar button')].find((b) => b.textContent === 'Run');
      const start = performance.now();
      button.click();
      await new Promise((resolve) => {
        const check = () => {
          const bar = document.querySelector('.bi-results[data-query-state="success"] .bi-results__rows');
          if (bar && bar.textContent.replace(/\D/g, '') === String(rows) && document.querySelector('.bi-grid__row')) resolve();
          else requestAnimationFrame(check);
        };
        check();
      });
      // The frame after the DOM holds the grid is the one that paints it.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      return performance.now() - start;
    }, ROWS);
    samples[mode].push(ms);
  }
  await store.db.updateTable('dbs').set({ allow_run_async: 1 }).where('id', '=', database.id).execute();
}
const domRows = await page.locator('.bi-grid__row').count();
console.log(`\nChromium, Run -> first paint of ${ROWS.toLocaleString()} rows (median of ${RUNS}; ${domRows} grid rows in the DOM):`);
console.log(`  synchronous execute     ${median(samples.sync).toFixed(0).padStart(8)} ms   (runs: ${samples.sync.map((t) => t.toFixed(0)).join(', ')})`);
console.log(`  async (1 s poll)        ${median(samples.async).toFixed(0).padStart(8)} ms   (runs: ${samples.async.map((t) => t.toFixed(0)).join(', ')})`);
console.log(`  server share of the sync path: ~${((apiMs / median(samples.sync)) * 100).toFixed(0)}% API (of which ${(((apiMs - engineMs) / median(samples.sync)) * 100).toFixed(0)}% serialisation/store), rest is transfer + JSON.parse + render`);

await browser.close();
await app.close();
await server.closeAllConnections();
await store.close();
if (!process.env.LUMEN_BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
