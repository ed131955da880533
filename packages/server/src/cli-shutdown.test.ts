import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnsQuery, seedVirtualDataset } from './chart-data/virtual-dataset.test-helpers';
import { loadConfig } from './config';
import { parseConnectTarget, withTemporaryConnection } from './engines';
import { openMetadataStore } from './metadata/connect';
import { migrateToLatest } from './metadata/migrate';
import { issueToken } from './security/access-tokens';
import { createUser, seedRoles } from './security/bootstrap';
import { TEST_PG_URL } from './testing/harness';
import { createPostgresReadOnlyRole, type ReadOnlyFixture } from './testing/read-only-roles';

/**
 * `lumen start` as a real process (built from these sources like tsup does): SIGTERM with a chart-data
 * query running in the engine cancels it and exits well within the grace period.
 */
const here = dirname(fileURLToPath(import.meta.url));
const serverRoot = resolve(here, '..');
const buildDir = join(serverRoot, 'node_modules/.cache', `lumen-cli-shutdown-${randomBytes(4).toString('hex')}`);
const cli = join(buildDir, 'cli.mjs');
const GRACE_SECONDS = 10;

let dataDir: string;
let fixture: ReadOnlyFixture;
const config = () =>
  loadConfig({}, { dataDir, metadataUrl: `sqlite:///${join(dataDir, 'lumen.db')}`, secretKey: 'cli-shutdown-secret-key-0123456789', loadExamples: false, logLevel: 'silent' });

const activeStatements = () =>
  withTemporaryConnection(parseConnectTarget(`${TEST_PG_URL}/test`), async (client) =>
    Number((await client.execute(`SELECT count(*) FROM pg_stat_activity WHERE usename = $1 AND state = 'active'`, [fixture.role])).rows[0]![0]),
  );

async function waitUntil(probe: () => Promise<boolean>, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > until) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts `lumen start`; resolves with the child and its port once it says it is ready. */
function startLumen(): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const c = config();
  const child = spawn(process.execPath, [cli, 'start'], {
    env: {
      ...process.env,
      LUMEN_DATA_DIR: c.dataDir,
      LUMEN_METADATA_URL: c.metadataUrl,
      LUMEN_SECRET_KEY: c.secretKey,
      LUMEN_LOAD_EXAMPLES: 'false',
      LUMEN_ADMIN_PASSWORD: 'admin-password-1',
      LUMEN_HOST: '127.0.0.1',
      LUMEN_PORT: '0',
      LUMEN_LOG_LEVEL: 'warn',
      LUMEN_SHUTDOWN_GRACE: String(GRACE_SECONDS),
      LUMEN_REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (d) => (output += d));
  return new Promise((resolvePort, reject) => {
    child.stdout!.on('data', (d) => {
      output += d;
      const match = /ready in [\d.]+s on http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolvePort({ child, port: Number(match[1]), output: () => output });
    });
    child.once('exit', (code) => reject(new Error(`lumen exited ${code} before it was ready: ${output}`)));
  });
}

beforeAll(async () => {
  mkdirSync(buildDir, { recursive: true });
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
  dataDir = mkdtempSync(join(tmpdir(), 'lumen-cli-shutdown-'));
  fixture = await createPostgresReadOnlyRole();
}, 120_000);
afterAll(async () => {
  await fixture?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(buildDir, { recursive: true, force: true });
});

describe('lumen start', () => {
  it('stops on SIGTERM within its grace period with a chart query in flight, cancelling it in the engine', async () => {
    // The metadata (an admin and a virtual dataset on PostgreSQL) is written before the server starts.
    const c = config();
    const store = openMetadataStore(c.metadataUrl);
    let token: string;
    let datasetId: number;
    try {
      await migrateToLatest(store);
      await seedRoles({ store });
      const adminId = await createUser({ store }, { username: 'admin', password: 'admin-password-1', first_name: 'A', last_name: 'D', roles: ['Admin'] });
      token = await issueToken(c, adminId, 'access');
      ({ datasetId } = await seedVirtualDataset({ ctx: { store } }, {
        uri: fixture.roleUri,
        backend: 'postgresql',
        sql: 'SELECT count(*) AS total FROM generate_series(1, 200000) a, generate_series(1, 200000) b',
        columns: [['total', 'BIGINT']],
      }));
    } finally {
      await store.close();
    }

    const { child, port, output } = await startLumen();
    const exited = new Promise<{ code: number | null; at: number }>((r) => child.once('exit', (code) => r({ code, at: Date.now() })));
    const answer = fetch(`http://127.0.0.1:${port}/api/v1/chart/data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(columnsQuery(datasetId, ['total'])),
    }).then((res) => res.status, () => null);
    await waitUntil(async () => (await activeStatements()) === 1, 10_000);

    const signalled = Date.now();
    child.kill('SIGTERM');
    const { code, at } = await exited;
    const stopMs = at - signalled;
    expect(code, output()).toBe(0);
    expect(stopMs).toBeLessThan(GRACE_SECONDS * 1000);
    expect(stopMs).toBeLessThan(3000);
    expect(await answer).toBeGreaterThanOrEqual(400);
    await waitUntil(async () => (await activeStatements()) === 0, 2000);
  }, 60_000);
});
