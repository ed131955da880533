import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSalesDataset } from '../embedding/test-seed';
import { closeAllConnections } from '../engines';
import type { AsyncEvent } from '../events/event-stream';
import { createRedisEventStream, eventStreamKey } from '../events/redis-event-stream';
import { buildApp } from '../app';
import { nowIso, openMetadataStore } from '../metadata/connect';
import { createTestApp, type TestApp } from '../testing/harness';

/**
 * Scale-out end to end: a server app with Redis (BullMQ runner, Redis Streams) and real `lumen worker`
 * child processes built from these sources. Each run uses its own key prefix and removes its keys.
 */
const REDIS_URL = process.env.LUMEN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const here = dirname(fileURLToPath(import.meta.url));
const serverRoot = resolve(here, '../..');
const prefix = `lumen-test-${randomBytes(4).toString('hex')}`;
const buildDir = join(serverRoot, 'node_modules/.cache', prefix);
const cli = join(buildDir, 'cli.mjs');
/** About three seconds of DuckDB work on two cores: long enough to kill a worker in the middle. */
const SLOW_SQL = 'SELECT sum(hash(range)) AS s FROM range(200000000)';

let t: TestApp;
let redis: Redis;
let datasetId: number;
let databaseId: number;
const children = new Set<ChildProcess>();

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, [cli, 'worker'], {
    env: {
      ...process.env,
      LUMEN_METADATA_URL: t.config.metadataUrl,
      LUMEN_SECRET_KEY: t.config.secretKey,
      LUMEN_DATA_DIR: t.config.dataDir,
      LUMEN_REDIS_URL: REDIS_URL,
      LUMEN_ASYNC_PREFIX: prefix,
      LUMEN_LOAD_EXAMPLES: 'false',
      LUMEN_LOG_LEVEL: 'warn',
      LUMEN_WORKER_CONCURRENCY: '1',
      LUMEN_WORKER_LOCK_MS: '1500',
      LUMEN_WORKER_STALLED_MS: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (code && code !== 0) process.stderr.write(`worker exited ${code} ${signal}: ${output}\n`);
  });
  children.add(child);
  return child;
}

async function waitFor<T>(probe: () => Promise<T | undefined>, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the query row with this client id says running (a worker or server has started it). */
const waitUntilRunning = (clientId: string) =>
  waitFor(async () => {
    const row = await t.ctx.store.db.selectFrom('query').select('status').where('client_id', '=', clientId).executeTakeFirst();
    return row?.status === 'running' ? true : undefined;
  }, 30_000);

const eventFor = (user: string, jobId: string) => async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/async_event/', headers: t.headers(user) });
  return (res.json().result as AsyncEvent[]).find((e) => e.job_id === jobId);
};

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await Promise.race([exited, new Promise((r) => setTimeout(r, 8000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

beforeAll(async () => {
  mkdirSync(buildDir, { recursive: true });
  // The worker runs the code under test, bundled like tsup does (workspace packages from source).
  await build({
    entryPoints: [join(serverRoot, 'src/cli.ts')],
    outfile: cli,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@lumen-bi/core': resolve(serverRoot, '../core/src/index.ts') },
    banner: { js: "import { createRequire as __lumenCreateRequire } from 'node:module'; const require = __lumenCreateRequire(import.meta.url);" },
    logLevel: 'error',
  });
  t = await createTestApp({ dialect: 'postgresql', config: { redisUrl: REDIS_URL, asyncPrefix: prefix, featureFlags: { GlobalAsyncQueries: true } } });
  redis = new Redis(REDIS_URL);
  datasetId = await seedSalesDataset(t, 'worker_sales');
  // DuckDB files take one writer process: release ours so the workers can open it.
  await closeAllConnections();
  databaseId = (await t.ctx.store.db.selectFrom('tables').select('database_id').where('id', '=', datasetId).executeTakeFirstOrThrow()).database_id;
  await t.ctx.store.db.updateTable('dbs').set({ expose_in_sqllab: 1, allow_run_async: 1, changed_on: nowIso() } as never).where('id', '=', databaseId).execute();
}, 120_000);

afterAll(async () => {
  await Promise.all([...children].map((c) => stopChild(c, 'SIGKILL')));
  await t?.close();
  await closeAllConnections();
  if (redis) {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }
  rmSync(buildDir, { recursive: true, force: true });
});

describe('Redis event stream', () => {
  it('appends with XADD and reads after the last id, per channel', async () => {
    const stream = createRedisEventStream({ redisUrl: REDIS_URL, prefix });
    const event = { channel_id: 'c', job_id: 'j1', user_id: 1, status: 'done' as const, result_url: '/r', errors: [] };
    const first = await stream.publish('c', event);
    await stream.publish('c', { ...event, job_id: 'j2' });
    await stream.publish('d', { ...event, job_id: 'other' });
    expect((await stream.read('c', null, 10)).map((e) => e.job_id)).toEqual(['j1', 'j2']);
    expect((await stream.read('c', first, 10)).map((e) => e.job_id)).toEqual(['j2']);
    expect(await redis.exists(eventStreamKey(prefix, 'c'))).toBe(1);
    await stream.close();
  });

  it("pushes a publish from another process's stream to this channel's subscribers only", async () => {
    const writer = createRedisEventStream({ redisUrl: REDIS_URL, prefix });
    const reader = createRedisEventStream({ redisUrl: REDIS_URL, prefix });
    const calls: string[] = [];
    const notified = new Promise<void>((resolve) => {
      reader.subscribe!('mine', () => {
        calls.push('mine');
        resolve();
      });
      reader.subscribe!('theirs', () => calls.push('theirs'));
    });
    // SUBSCRIBE is asynchronous: wait until Redis counts our subscriber before publishing.
    for (let i = 0; i < 50 && Number((await redis.pubsub('NUMSUB', `${prefix}:async:notify:mine`))[1]) < 1; i += 1) await new Promise((r) => setTimeout(r, 20));
    const event = { channel_id: 'mine', job_id: 'pushed', user_id: 1, status: 'done' as const, result_url: '/r', errors: [] };
    await writer.publish('mine', event);
    await notified;
    expect(calls).toEqual(['mine']);
    expect((await reader.read('mine', null, 10)).map((e) => e.job_id)).toEqual(['pushed']);
    await Promise.all([writer.close(), reader.close()]);
  });
});

describe('lumen worker (BullMQ)', () => {
  it('runs async chart data in a worker process; the server serves result_url', async () => {
    const worker = startWorker();
    const payload = { datasource: { id: datasetId, type: 'table' }, queries: [{ columns: ['region'], metrics: ['count'], orderby: [['region', true]] }], force: true };
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: t.headers('alpha'), payload });
    expect(res.statusCode).toBe(202);
    const event = await waitFor(eventFor('alpha', res.json().job_id), 30_000);
    expect(event.errors).toEqual([]);
    expect(event).toMatchObject({ status: 'done', result_url: res.json().result_url, user_id: t.users.alpha.id });
    const result = await t.app.inject({ method: 'GET', url: event.result_url!, headers: t.headers('alpha') });
    expect(result.statusCode).toBe(200);
    expect(result.json().result[0].data).toEqual([
      { region: 'East', count: 40 },
      { region: 'North', count: 40 },
      { region: 'South', count: 40 },
    ]);
    // gamma polls its own channel only.
    const gamma = await t.app.inject({ method: 'GET', url: '/api/v1/async_event/', headers: t.headers('gamma') });
    expect(gamma.json().result).toEqual([]);
    await stopChild(worker);
  }, 60_000);

  it('stops a query a worker process is running: the engine statement is cancelled there', async () => {
    const worker = startWorker(); // concurrency 1: the next job can only start once the slow one has ended
    // Minutes of DuckDB work: only a real cancel in the worker frees its one slot within the test.
    const endless = 'SELECT sum(hash(range)) AS s FROM range(100000000000)';
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/sqllab/execute/', headers: t.headers('admin'), payload: { database_id: databaseId, sql: endless, runAsync: true, client_id: 'stopme1' } });
    expect(res.statusCode).toBe(202);
    await waitUntilRunning('stopme1');
    const stop = await t.app.inject({ method: 'POST', url: '/api/v1/query/stop', headers: t.headers('admin'), payload: { client_id: 'stopme1' } });
    expect(stop.statusCode).toBe(200);
    const stopped = await waitFor(eventFor('admin', 'stopme1'), 30_000);
    expect(stopped.status).toBe('error');
    expect(stopped.errors[0]?.message).toBe('The query was stopped.');
    // The worker's slot is free again: a quick query behind it completes.
    const next = await t.app.inject({ method: 'POST', url: '/api/v1/sqllab/execute/', headers: t.headers('admin'), payload: { database_id: databaseId, sql: 'SELECT 42 AS answer', runAsync: true, client_id: 'afterstop1' } });
    expect(next.statusCode).toBe(202);
    expect((await waitFor(eventFor('admin', 'afterstop1'), 30_000)).status).toBe('done');
    const row = await t.ctx.store.db.selectFrom('query').select('status').where('client_id', '=', 'stopme1').executeTakeFirstOrThrow();
    expect(row.status).toBe('stopped');
    await stopChild(worker);
  }, 90_000);

  it('stops a synchronous query another server is running (stop sent to a different server)', async () => {
    // A second server on the same metadata and Redis, as behind a load balancer.
    const otherStore = openMetadataStore(t.config.metadataUrl);
    const other = await buildApp({ config: t.config, store: otherStore, logger: false });
    await other.ready();
    try {
      const endless = 'SELECT sum(hash(range)) AS s FROM range(100000000000)';
      const running = other.inject({ method: 'POST', url: '/api/v1/sqllab/execute/', headers: t.headers('admin'), payload: { database_id: databaseId, sql: endless, runAsync: false, client_id: 'syncstop1' } });
      await waitUntilRunning('syncstop1');
      const stop = await t.app.inject({ method: 'POST', url: '/api/v1/query/stop', headers: t.headers('admin'), payload: { client_id: 'syncstop1' } });
      expect(stop.statusCode).toBe(200);
      // Without the broadcast this request would run for minutes; the test's timeout is the proof.
      const response = await running;
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].message).toBe('The query was stopped.');
    } finally {
      await other.close();
      await otherStore.close();
    }
  }, 90_000);

  it('finishes a job whose worker was killed mid-query in another worker', async () => {
    const first = startWorker();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/sqllab/execute/', headers: t.headers('admin'), payload: { database_id: databaseId, sql: SLOW_SQL, runAsync: true, client_id: 'killme1' } });
    expect(res.statusCode).toBe(202);
    // Wait until the first worker is running it, then kill it without warning.
    await waitUntilRunning('killme1');
    await stopChild(first, 'SIGKILL');
    startWorker();
    const event = await waitFor(eventFor('admin', 'killme1'), 40_000);
    expect(['done', 'error']).toContain(event.status);
    expect(event.status).toBe('done');
    const results = await t.app.inject({ method: 'GET', url: event.result_url!, headers: t.headers('admin') });
    expect(results.statusCode).toBe(200);
    expect(results.json().data).toHaveLength(1);
  }, 60_000);
});
