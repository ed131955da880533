// Chart-data benchmark: the same GROUP BY over the examples `events` table (10M rows by default) through
// the HTTP API and directly on DuckDB (the statement run and its chunks read, no conversion to JS values),
// side by side in one run, with the engine client's row path (execute) beside them; the API uncached both for a
// client that accepts no compression and for one that accepts brotli (answers read, not decoded or parsed);
// then a cached ~1 MB answer (stored bytes against serialising again, 304, sizes with and without compression,
// the first hit's fast copy and the well-compressed copy written over it). Prints figures and ratios;
// asserts nothing (timed assertions are not tests). Run: npm run bench -- chart-data
// (LUMEN_EXAMPLES_EVENTS_ROWS=1000000 for a quicker run; LUMEN_BENCH_DATA_DIR keeps the examples between runs)
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const server = await import('../../packages/server/dist/index.js');
const rows = Number(process.env.LUMEN_EXAMPLES_EVENTS_ROWS ?? 10_000_000);
const dataDir = process.env.LUMEN_BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'lumen-bench-'));
const benchEnv = { LUMEN_DATA_DIR: dataDir, LUMEN_EXAMPLES_EVENTS_ROWS: String(rows), LUMEN_ADMIN_USERNAME: 'bench', LUMEN_ADMIN_PASSWORD: 'bench-password-1', LUMEN_LOG_LEVEL: 'warn', LUMEN_ROW_LIMIT: '100000' };
const config = server.loadConfig(benchEnv, { port: 0, host: '127.0.0.1' });
const { app, store } = await server.prepareServer(config);
let t0 = performance.now();
const examples = await server.ensureExamples(app.lumen);
console.log(`examples: ${examples.created ? 'generated' : 'reused'} (${rows.toLocaleString()} event rows) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}`;

const login = await (await fetch(`${base}/api/v1/security/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench', password: 'bench-password-1', provider: 'db' }) })).json();
const headers = { authorization: `Bearer ${login.access_token}`, 'content-type': 'application/json' };
const events = await store.db.selectFrom('tables').select(['id', 'database_id']).where('table_name', '=', 'events').executeTakeFirstOrThrow();
const database = await store.db.selectFrom('dbs').selectAll().where('id', '=', events.database_id).executeTakeFirstOrThrow();
const client = await server.getConnection(app.lumen, database);
const spec = server.getEngineSpec(database.backend);
const dataset = await server.loadDatasetModel(app.lumen, events.id);
const duckTarget = server.connectTargetOf(database);
const duck = await server.getDuckDBInstance(duckTarget.database, { readOnly: duckTarget.readOnly });
/** The statement on DuckDB itself: run, every chunk read, nothing converted (the engine's own time). */
async function onDuckDB(sql, params) {
  const connection = await duck.connect();
  try {
    await connection.runAndReadAll(sql, params.length ? params.map((v) => (v instanceof Date ? v.toISOString() : v)) : undefined);
  } finally {
    connection.closeSync();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
async function time(fn, runs) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}
/** Chart data through fetch, parsed: the probe that reads the row count. */
async function chartData(query, force) {
  const res = await fetch(`${base}/api/v1/chart/data`, { method: 'POST', headers: { ...headers, 'accept-encoding': 'identity' }, body: JSON.stringify({ datasource: { id: events.id, type: 'table' }, queries: [query], force }) });
  if (res.status !== 200) throw new Error(`chart data answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Posts chart data over one keep-alive connection; answers status, headers and the raw (undecoded) bytes. */
function rawPost(target, body, extraHeaders = {}) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const headers = { ...target.headers, 'content-length': Buffer.byteLength(payload), ...extraHeaders };
    const req = http.request(`${target.base}/api/v1/chart/data`, { method: 'POST', agent: target.agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * One timed chart-data request: the answer's bytes read as they arrive on a keep-alive connection, neither
 * decompressed nor parsed (the server's time, as the DuckDB leg is the engine's). `encoding` is what the
 * client accepts: 'identity', or 'br' as browsers send it.
 */
async function timedChartData(target, query, force, encoding, layout = 'records') {
  const res = await rawPost(target, { datasource: { id: events.id, type: 'table' }, queries: [query], force, result_layout: layout }, { 'accept-encoding': encoding });
  if (res.status !== 200) throw new Error(`chart data answered ${res.status}: ${res.bytes.toString().slice(0, 300)}`);
}
const target = { base, headers, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) };

const scenarios = [
  ['GROUP BY event_type, country (aggregate)', { columns: ['event_type', 'country'], metrics: ['count', { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'revenue' }, label: 'revenue' }], row_limit: 10000 }],
  ['monthly time series by device', { columns: [{ sqlExpression: 'event_time', label: 'event_time', columnType: 'BASE_AXIS', timeGrain: 'P1M' }, 'device'], metrics: ['count'], row_limit: 10000 }],
  // The hourly series answers ~17,500 rows, the answer size issue 18 measured.
  ['hourly time series (~17.5k rows)', { columns: [{ sqlExpression: 'event_time', label: 'event_time', columnType: 'BASE_AXIS', timeGrain: 'PT1H' }], metrics: ['count', { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'revenue' }, label: 'revenue' }], row_limit: 50000 }],
  // No metrics at all is raw mode (metrics: [] would group by every column).
  ['raw rows (100k)', { columns: ['event_time', 'event_type', 'country', 'device', 'user_id', 'duration_ms', 'revenue'], row_limit: 100000, orderby: [['user_id', true]] }],
];

const compiledScenarios = [];
// "columns" is Lumen's own charts' layout (result_layout: 'columns'): the same answer without row objects.
console.log('\nscenario                                   | DuckDB ms | execute ms (rows) | API ms (uncached) | API/DuckDB | API br ms (uncached) | br/DuckDB | columns ms | cols/DuckDB | API ms (cached) | rows');
console.log('-------------------------------------------|-----------|-------------------|-------------------|------------|----------------------|-----------|------------|-------------|-----------------|--------');
for (const [name, query] of scenarios) {
  const probe = await chartData(query, true);
  // The engine legs run exactly the statement and parameters the API compiles.
  const compiled = await server.compileCheckedQuery({ spec, dataset, query: server.parseQueryObject(query), maxRowLimit: config.rowLimit });
  const runs = name.startsWith('raw') ? 3 : 5;
  const duckMs = await time(() => onDuckDB(compiled.sql, compiled.params), runs);
  const engineMs = await time(() => client.execute(compiled.sql, compiled.params, { maxRows: compiled.rowLimit, temporalColumns: compiled.temporalLabels }), runs);
  const apiMs = await time(() => timedChartData(target, query, true, 'identity'), runs);
  const apiBrMs = await time(() => timedChartData(target, query, true, 'br'), runs);
  const columnsMs = await time(() => timedChartData(target, query, true, 'identity', 'columns'), runs);
  const cachedMs = await time(() => timedChartData(target, query, false, 'identity'), 20);
  compiledScenarios.push({ name, query, runs, duckMs });
  console.log(
    `${name.padEnd(43)}| ${duckMs.toFixed(1).padStart(9)} | ${engineMs.toFixed(1).padStart(17)} | ${apiMs.toFixed(1).padStart(17)} | ${(apiMs / duckMs).toFixed(2).padStart(10)} | ${apiBrMs.toFixed(1).padStart(20)} | ${(apiBrMs / duckMs).toFixed(2).padStart(9)} | ${columnsMs.toFixed(1).padStart(10)} | ${(columnsMs / duckMs).toFixed(2).padStart(11)} | ${cachedMs.toFixed(1).padStart(15)} | ${String(probe.result[0].rowcount).padStart(6)}`,
  );
}

// A cached ~1 MB answer (17,400 raw rows): each hit answers the stored bytes. Beside it, what the same hit
// costs when the cache holds the answer as data to serialise again (JSON.parse + JSON.stringify of the same
// body, in this process, no HTTP), the 304 of a conditional request, and the sizes on the wire. With
// LUMEN_BENCH_BASELINE=<an older build's packages/server/dist> the same hits are then timed on that build,
// on the same data, in the same run (e.g. `git archive <commit> packages/server tsconfig.base.json | tar -x
// -C /tmp/base`, a node_modules link to this checkout's, `npx tsup` in /tmp/base/packages/server).
const bigQuery = { columns: ['event_time', 'country', 'user_id', 'revenue'], row_limit: 17400, orderby: [['event_id', true]] };
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;

/** The cached answer's body in a layout, after one forced run; throws unless the hit answers 200. */
async function warmHit(target, body) {
  await rawPost(target, { ...body, force: true });
  const hit = await rawPost(target, body);
  if (hit.status !== 200) throw new Error(`chart data answered ${hit.status}: ${hit.bytes.toString().slice(0, 300)}`);
  return hit;
}

/**
 * A hit's compressed copies: the first hit's (compressed at the fast setting) and, once the server has
 * written the well-compressed copy over it off the request path, the one later hits get.
 */
async function compressedCopies(target, body, encoding) {
  const first = await rawPost(target, body, { 'accept-encoding': encoding });
  for (const deadline = performance.now() + 20_000; performance.now() < deadline; ) {
    await new Promise((done) => setTimeout(done, 200));
    const later = await rawPost(target, body, { 'accept-encoding': encoding });
    if (!later.bytes.equals(first.bytes)) return { first, best: later };
  }
  return { first, best: first };
}

const bigBody = (datasetId, layout) => ({ datasource: { id: datasetId, type: 'table' }, queries: [bigQuery], result_layout: layout });
console.log('\ncached ~1 MB answer | rows   | stored bytes ms | re-serialise +ms | br hit ms | 304 ms | identity | gzip first -> best | br first -> best');
console.log('--------------------|--------|-----------------|------------------|-----------|--------|----------|------------------|-----------------');
for (const layout of ['records', 'columns']) {
  const body = bigBody(events.id, layout);
  const hit = await warmHit(target, body);
  const rowsCount = JSON.parse(hit.bytes.toString()).result[0].rowcount;
  const storedMs = await time(() => rawPost(target, body), 30);
  const reserialisedMs = await time(() => Buffer.from(JSON.stringify(JSON.parse(hit.bytes.toString()))), 30);
  const br = await compressedCopies(target, body, 'br');
  const gz = await compressedCopies(target, body, 'gzip');
  const brMs = await time(() => rawPost(target, body, { 'accept-encoding': 'br' }), 30);
  const notModifiedMs = await time(async () => {
    const res = await rawPost(target, body, { 'if-none-match': hit.headers.etag });
    if (res.status !== 304) throw new Error(`expected 304, got ${res.status}`);
  }, 30);
  console.log(
    `${layout.padEnd(20)}| ${String(rowsCount).padStart(6)} | ${storedMs.toFixed(2).padStart(15)} | ${reserialisedMs.toFixed(2).padStart(16)} | ${brMs.toFixed(2).padStart(9)} | ${notModifiedMs.toFixed(2).padStart(6)} | ${kb(hit.bytes.length).padStart(8)} | ${`${kb(gz.first.bytes.length)} -> ${kb(gz.best.bytes.length)}`.padStart(16)} | ${`${kb(br.first.bytes.length)} -> ${kb(br.best.bytes.length)}`.padStart(16)}`,
  );
}
target.agent.destroy();

await app.close();
await server.closeAllConnections();
await store.close();

if (process.env.LUMEN_BENCH_BASELINE) {
  const baseline = await import(pathToFileURL(join(resolve(process.env.LUMEN_BENCH_BASELINE), 'index.js')).href);
  const prepared = await baseline.prepareServer(baseline.loadConfig(benchEnv, { port: 0, host: '127.0.0.1' }));
  await baseline.ensureExamples(prepared.app.lumen);
  await prepared.app.listen({ port: 0, host: '127.0.0.1' });
  const baselineBase = `http://127.0.0.1:${prepared.app.server.address().port}`;
  const token = (await (await fetch(`${baselineBase}/api/v1/security/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'bench', password: 'bench-password-1', provider: 'db' }) })).json()).access_token;
  const old = { base: baselineBase, headers: { ...headers, authorization: `Bearer ${token}` }, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) };
  // The uncached scenarios on the older build, against the DuckDB times measured above.
  for (const { name, query, runs, duckMs } of compiledScenarios) {
    const apiMs = await time(() => timedChartData(old, query, true, 'identity'), runs);
    const apiBrMs = await time(() => timedChartData(old, query, true, 'br'), runs);
    console.log(`baseline ${name.padEnd(34)}| ${duckMs.toFixed(1).padStart(9)} | ${'-'.padStart(17)} | ${apiMs.toFixed(1).padStart(17)} | ${(apiMs / duckMs).toFixed(2).padStart(10)} | ${apiBrMs.toFixed(1).padStart(20)} | ${(apiBrMs / duckMs).toFixed(2).padStart(9)}`);
  }
  for (const layout of ['records', 'columns']) {
    const body = bigBody(events.id, layout);
    const hit = await warmHit(old, body);
    const ms = await time(() => rawPost(old, body), 30);
    console.log(`${`baseline ${layout}`.padEnd(20)}| ${'-'.padStart(6)} | ${ms.toFixed(2).padStart(15)} | (${process.env.LUMEN_BENCH_BASELINE}, ${kb(hit.bytes.length)})`);
  }
  old.agent.destroy();
  await prepared.app.close();
  await baseline.closeAllConnections();
  await prepared.store.close();
}
console.log('goal (DESIGN.md): a cached 1 MB answer within 5 ms on localhost');
if (!process.env.LUMEN_BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
