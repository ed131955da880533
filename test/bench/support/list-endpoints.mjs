// The list endpoints under load (issue 18), on SQLite and on PostgreSQL metadata: one server process per
// store, with the examples, then the lists the front end asks for at 1, 10 and 50 connections; and the bytes
// of the default chart and dataset lists (issue 19). Loopback only; prints, asserts nothing.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const rison = (text) => encodeURIComponent(text);

/** What the list pages and pickers ask for: the first page of each list, newest first, and one filtered list. */
export const LIST_REQUESTS = [
  ['charts', `/api/v1/chart/?q=${rison('(order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:25)')}`],
  ['dashboards', `/api/v1/dashboard/?q=${rison('(order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:25)')}`],
  ['datasets', `/api/v1/dataset/?q=${rison('(order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:25)')}`],
  ['charts by type', `/api/v1/chart/?q=${rison('(filters:!((col:viz_type,opr:eq,value:pie)),order_column:slice_name,order_direction:asc,page:0,page_size:25)')}`],
];

/** The list answer cache's time to live while measured with it on (the default). */
const LIST_CACHE_SECONDS = 5;

/** Default lists (no select_columns, the incumbent's page size 25) whose size issue 19 compares. */
const SIZE_REQUESTS = [
  ['chart', `/api/v1/chart/?q=${rison('(page:0,page_size:25)')}`],
  ['dataset', `/api/v1/dataset/?q=${rison('(page:0,page_size:25)')}`],
];

async function startServer({ root, env, freePort, waitHealthy }) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'packages/server/dist/cli.js'), 'start'], { env: { ...env, LUMEN_PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(url, child);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  const stop = () => new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(resolve, 10_000);
  });
  return { url, stop, pid: child.pid };
}

/** CPU time (user + system) a process has used, in ms, from /proc (Linux; NaN elsewhere). */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return NaN;
  }
}

/**
 * `measure` plus the server's CPU per request: on a machine shared with other work, latency and throughput
 * move with the load; the CPU one request costs the server moves much less.
 */
async function measureWithCpu(measure, pid, connections, seconds, request) {
  let sent = 0;
  const before = cpuMsOf(pid);
  const result = await measure(connections, seconds, () => {
    sent++;
    return request();
  });
  return { ...result, cpuMsPerRequest: (cpuMsOf(pid) - before) / sent };
}

async function signIn(url, password) {
  const res = await fetch(`${url}/api/v1/security/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'lists', password, provider: 'db' }) });
  return { authorization: `Bearer ${(await res.json()).access_token}` };
}

/** The metadata stores measured: SQLite in the data directory, and a fresh PostgreSQL database. */
function stores(pg, pgBase) {
  return [
    { name: 'SQLite', url: (dataDir) => `sqlite:///${join(dataDir, 'metadata.db')}`, drop: async () => undefined },
    {
      name: 'PostgreSQL',
      async url() {
        this.db = `lumen_lists_${randomBytes(4).toString('hex')}`;
        const admin = new pg.Client({ connectionString: `${pgBase}/postgres` });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${this.db}`);
        await admin.end();
        return `${pgBase}/${this.db}`;
      },
      async drop() {
        const admin = new pg.Client({ connectionString: `${pgBase}/postgres` });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${this.db} WITH (FORCE)`);
        await admin.end();
      },
    },
  ];
}

/** One server on the store with the list answer cache on or off: the default lists' sizes and every cell. */
async function measureServer(env, listCache, { root, freePort, waitHealthy, measure, seconds, connections, password }) {
  const server = await startServer({ root, env: { ...env, LUMEN_LIST_CACHE_SECONDS: listCache ? String(LIST_CACHE_SECONDS) : '0' }, freePort, waitHealthy });
  try {
    const headers = await signIn(server.url, password);
    const sizes = [];
    for (const [resource, path] of SIZE_REQUESTS) {
      const body = await (await fetch(`${server.url}${path}`, { headers })).text();
      sizes.push({ resource, bytes: Buffer.byteLength(body), rows: JSON.parse(body).result.length });
    }
    const rows = [];
    for (const [label, path] of LIST_REQUESTS) {
      const request = () => fetch(`${server.url}${path}`, { headers, signal: AbortSignal.timeout(30_000) });
      for (const n of connections) rows.push({ label, listCache, connections: n, ...(await measureWithCpu(measure, server.pid, n, seconds, request)) });
    }
    return { sizes, rows };
  } finally {
    await server.stop();
  }
}

/** The store measured with the list answer cache on, then off (a second process on the same store). */
async function measureStore(store, options) {
  const dataDir = mkdtempSync(join(tmpdir(), 'lumen-lists-'));
  const password = `lists-${randomBytes(6).toString('hex')}`;
  const env = {
    ...process.env,
    LUMEN_DATA_DIR: dataDir,
    LUMEN_METADATA_URL: await store.url(dataDir),
    LUMEN_SECRET_KEY: randomBytes(32).toString('hex'),
    LUMEN_ADMIN_USERNAME: 'lists',
    LUMEN_ADMIN_PASSWORD: password,
    // The lists read metadata only; a small events table keeps the examples' start short.
    LUMEN_EXAMPLES_EVENTS_ROWS: '1000',
    LUMEN_LOG_LEVEL: 'warn',
    LUMEN_HOST: '127.0.0.1',
  };
  delete env.LUMEN_REDIS_URL;
  try {
    const on = await measureServer(env, true, { ...options, password });
    const off = await measureServer(env, false, { ...options, password });
    return { sizes: on.sizes, rows: [...on.rows, ...off.rows] };
  } finally {
    await store.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs the list benchmark on both metadata stores, the list answer cache on and off, and prints one table per
 * store. `measure(connections, seconds, request)` is the caller's bounded load loop (load.mjs), returning
 * {rps, p50, p99, errors}. The cached cells ask the same list as the same user again and again: the best case
 * of the cache (every viewer of a list with the same rights shares one answer per metadata version).
 */
export async function benchListEndpoints({ root, pg, pgBase, freePort, waitHealthy, measure, seconds = 3, connections = [1, 10, 50] }) {
  for (const store of stores(pg, pgBase)) {
    const { sizes, rows } = await measureStore(store, { root, freePort, waitHealthy, measure, seconds, connections });
    console.log(`\nlist endpoints, ${store.name} metadata, 1 process, examples loaded, ${seconds} s per cell`);
    console.log(`default list bytes (page_size 25): ${sizes.map((s) => `${s.resource} ${s.bytes} B for ${s.rows} rows`).join(', ')}`);
    console.log('list            | cache | conns |  req/s |  p50 ms |  p99 ms | errors | server CPU ms/req');
    for (const row of rows) {
      console.log(`${row.label.padEnd(15)} | ${(row.listCache ? 'on' : 'off').padEnd(5)} | ${String(row.connections).padStart(5)} | ${row.rps.toFixed(0).padStart(6)} | ${row.p50.toFixed(1).padStart(7)} | ${row.p99.toFixed(1).padStart(7)} | ${String(row.errors).padStart(6)} | ${row.cpuMsPerRequest.toFixed(2).padStart(17)}`);
    }
  }
}
