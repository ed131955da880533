// Load benchmark for the scale-out deployment: two stateless server processes on loopback sharing
// PostgreSQL metadata and a Redis chart-data cache, driven by a bounded number of concurrent "dashboard
// viewers" for a bounded time, then chart data at 1, 10 and 50 connections with coalescing on and off.
// Prints throughput, p50/p99 latency and errors; asserts nothing. Loopback only.
// Needs the machine's PostgreSQL and Redis (see .ci/run) and a built server (npm run build).
// Then uncached chart data at 50 connections with admission control on and off (support/admission-load.mjs),
// and the list endpoints on SQLite and PostgreSQL metadata, the list answer cache on and off
// (support/list-endpoints.mjs; test/bench/lists.mjs runs that part alone).
// Run: node test/bench/load.mjs   (LOAD_VIEWERS, LOAD_SECONDS, LOAD_EVENTS_ROWS, LOAD_CELL_SECONDS,
// LOAD_ADMISSION_SECONDS, LOAD_LIST_SECONDS tune it)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { admissionOnAndOff } from './support/admission-load.mjs';
import { benchListEndpoints } from './support/list-endpoints.mjs';
import { freePort, waitHealthy } from './support/local-server.mjs';
import { measure } from './support/measure-load.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pgModule = await import(join(root, 'node_modules/pg/lib/index.js'));
const pg = pgModule.default ?? pgModule;
const VIEWERS = Number(process.env.LOAD_VIEWERS ?? 16);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 15);
const EVENTS_ROWS = process.env.LOAD_EVENTS_ROWS ?? '1000000';
const PG_BASE = process.env.LUMEN_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.LUMEN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
/** Seconds per cell of the coalescing table, and each request's client time-out. */
const CELL_SECONDS = Number(process.env.LOAD_CELL_SECONDS ?? 5);
const CLIENT_TIMEOUT_SECONDS = Number(process.env.LOAD_CLIENT_TIMEOUT ?? 30);
/** Seconds of each side of the admission control comparison. */
const ADMISSION_SECONDS = Number(process.env.LOAD_ADMISSION_SECONDS ?? 20);

const dbName = `lumen_load_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
await admin.end();
const dataDir = mkdtempSync(join(tmpdir(), 'lumen-load-'));
const password = `load-${randomBytes(6).toString('hex')}`;
const env = {
  ...process.env,
  LUMEN_DATA_DIR: dataDir,
  LUMEN_METADATA_URL: `${PG_BASE}/${dbName}`,
  LUMEN_REDIS_URL: REDIS_URL,
  LUMEN_SECRET_KEY: randomBytes(32).toString('hex'),
  LUMEN_ADMIN_USERNAME: 'load',
  LUMEN_ADMIN_PASSWORD: password,
  LUMEN_EXAMPLES_EVENTS_ROWS: EVENTS_ROWS,
  LUMEN_LOG_LEVEL: 'warn',
  // The load generator is one client address: keep login throttling out of the measurement.
  LUMEN_HOST: '127.0.0.1',
};
const children = [];
const urls = [];

/** Two processes on the shared state; the first start migrates and generates the examples. */
async function startProcesses(extraEnv = {}) {
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const child = spawn(process.execPath, [join(root, 'packages/server/dist/cli.js'), 'start'], { env: { ...env, ...extraEnv, LUMEN_PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(child);
    const url = `http://127.0.0.1:${port}`;
    const started = performance.now();
    await waitHealthy(url, child);
    console.log(`process ${i + 1} ready on ${url} in ${((performance.now() - started) / 1000).toFixed(1)} s${Object.keys(extraEnv).length ? ` (${Object.entries(extraEnv).map(([k, v]) => `${k}=${v}`).join(' ')})` : ''}`);
    urls.push(url);
  }
}

async function stopProcesses() {
  const exits = children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null));
  for (const child of children) child.kill('SIGTERM');
  await Promise.race([Promise.all(exits), new Promise((r) => setTimeout(r, 10_000))]);
  children.length = 0;
  urls.length = 0;
}

try {
  await startProcesses();

  const login = await (await fetch(`${urls[0]}/api/v1/security/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'load', password, provider: 'db' }) })).json();
  const headers = { authorization: `Bearer ${login.access_token}`, 'content-type': 'application/json' };
  const rison = encodeURIComponent('(filters:!((col:dashboard_title,opr:ct,value:Sales)),page_size:10)');
  const dashboards = await (await fetch(`${urls[0]}/api/v1/dashboard/?q=${rison}`, { headers })).json();
  const dashboard = dashboards.result.find((d) => d.dashboard_title === 'Sales Dashboard') ?? dashboards.result[0];
  const charts = (await (await fetch(`${urls[0]}/api/v1/dashboard/${dashboard.id}/charts`, { headers })).json()).result;
  const withContext = [];
  for (const chart of charts) {
    const full = await (await fetch(`${urls[0]}/api/v1/chart/${chart.id}`, { headers })).json();
    if (full.result.query_context) withContext.push({ id: chart.id, body: full.result.query_context });
  }
  console.log(`dashboard '${dashboard.dashboard_title}': ${charts.length} charts, ${withContext.length} with a saved query context`);

  // One viewer = open the dashboard (metadata + chart list), then fetch every chart's data in parallel,
  // alternating between the two processes as a round-robin load balancer would.
  const latencies = [];
  let errors = 0;
  let requests = 0;
  let next = 0;
  const deadline = performance.now() + SECONDS * 1000;
  async function timed(url, init) {
    const start = performance.now();
    try {
      const res = await fetch(url, init);
      await res.arrayBuffer();
      if (!res.ok) errors++;
    } catch {
      errors++;
    }
    latencies.push(performance.now() - start);
    requests++;
  }
  async function viewer() {
    while (performance.now() < deadline) {
      const base = urls[next++ % urls.length];
      await timed(`${base}/api/v1/dashboard/${dashboard.id}`, { headers });
      await timed(`${base}/api/v1/dashboard/${dashboard.id}/charts`, { headers });
      await Promise.all(
        withContext.map((chart, i) =>
          timed(`${urls[(next + i) % urls.length]}/api/v1/chart/data?form_data=${encodeURIComponent(JSON.stringify({ slice_id: chart.id }))}&dashboard_id=${dashboard.id}`, { method: 'POST', headers, body: chart.body }),
        ),
      );
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: VIEWERS }, viewer));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
  console.log(`\n2 processes, ${VIEWERS} concurrent viewers, ${elapsed.toFixed(1)} s`);
  console.log('requests | throughput req/s | p50 ms | p90 ms | p99 ms | max ms | errors');
  console.log(`${String(requests).padStart(8)} | ${(requests / elapsed).toFixed(0).padStart(16)} | ${pct(50).padStart(6)} | ${pct(90).padStart(6)} | ${pct(99).padStart(6)} | ${latencies.at(-1).toFixed(1).padStart(6)} | ${errors}`);
  console.log(`goal: zero errors (${errors === 0 ? 'met' : 'NOT met'}); cached chart data keeps p99 low under load`);

  // Coalescing on and off, at 1, 10 and 50 connections, round robin over the two processes. Uncached: every
  // connection asks the query of the current "wave" (a filter value), and the first answer of a wave starts
  // the next, so concurrent viewers keep asking one new, uncached query, as when a shared dashboard opens;
  // with coalescing they share its engine run (across the processes through Redis). Cached: one query, hits.
  const events = (await (await fetch(`${urls[0]}/api/v1/dataset/?q=${encodeURIComponent('(filters:!((col:table_name,opr:eq,value:events)))')}`, { headers })).json()).result[0];
  const chartData = (base, query) =>
    fetch(`${base}/api/v1/chart/data`, { method: 'POST', headers, body: JSON.stringify({ datasource: { id: events.id, type: 'table' }, queries: [query] }), signal: AbortSignal.timeout(CLIENT_TIMEOUT_SECONDS * 1000) });
  const grouped = (filters) => ({ columns: ['country', 'device'], metrics: ['count'], filters, row_limit: 1000 });
  const table = [];
  let wave = 0;
  for (const coalescing of ['true', 'false']) {
    // The processes above run with the default (coalescing on); restart them only to switch it off.
    if (coalescing === 'false') {
      await stopProcesses();
      await startProcesses({ LUMEN_CHART_DATA_COALESCING: coalescing });
    }
    for (const connections of [1, 10, 50]) {
      const uncached = await measure(connections, CELL_SECONDS, async (i) => {
        const mine = wave;
        const res = await chartData(urls[i % urls.length], grouped([{ col: 'user_id', op: '!=', val: mine }]));
        if (mine === wave) wave++;
        return res;
      });
      const cachedQuery = grouped([]);
      await (await chartData(urls[0], cachedQuery)).arrayBuffer();
      const cached = await measure(connections, CELL_SECONDS, (i) => chartData(urls[i % urls.length], cachedQuery));
      table.push({ coalescing, connections, uncached, cached });
    }
  }
  const cell = (m, width) => [m.rps.toFixed(0).padStart(width), m.p50.toFixed(1).padStart(7), m.p99.toFixed(1).padStart(7), String(m.errors).padStart(6)].join(' | ');
  console.log(`\nchart data, 2 processes, ${CELL_SECONDS} s per cell (client time-out ${CLIENT_TIMEOUT_SECONDS} s)`);
  console.log('coalescing | conns | uncached req/s |  p50 ms |  p99 ms | errors | cached req/s |  p50 ms |  p99 ms | errors');
  for (const row of table) console.log(`${row.coalescing.padEnd(10)} | ${String(row.connections).padStart(5)} | ${cell(row.uncached, 14)} | ${cell(row.cached, 12)}`);

  const restart = async (settings) => {
    await stopProcesses();
    await startProcesses(settings);
  };
  await admissionOnAndOff({ restart, chartData: (i, query) => chartData(urls[i % urls.length], query), seconds: ADMISSION_SECONDS, clientTimeoutSeconds: CLIENT_TIMEOUT_SECONDS });
} finally {
  await stopProcesses();
  const cleanup = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
  await cleanup.connect();
  await cleanup.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await cleanup.end();
  rmSync(dataDir, { recursive: true, force: true });
}

// The list endpoints at 1, 10 and 50 connections on SQLite and PostgreSQL metadata, each on a server of its
// own started after the processes above have stopped (support/list-endpoints.mjs); LOAD_LIST_SECONDS per cell.
await benchListEndpoints({ root, pg, pgBase: PG_BASE, freePort, waitHealthy, measure, seconds: Number(process.env.LOAD_LIST_SECONDS ?? 3) });
