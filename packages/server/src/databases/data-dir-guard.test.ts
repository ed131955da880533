import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections, getEngineSpec, parseConnectTarget } from '../engines';
import { importVia, zipOf } from '../import-export/test-support';
import { nowIso } from '../metadata/connect';
import { createTestApp, type TestApp } from '../testing/harness';
import { assertNotLumenFile } from './data-dir-guard';

/**
 * Database URIs that reach Lumen's own files are refused on create, update, test_connection,
 * validate_parameters and import, in every notation a driver accepts; a refused attempt leaves the live
 * metadata database (file-backed SQLite in WAL mode here) untouched, WAL included.
 */
let t: TestApp;
let dataDir: string;
let outside: string;
let metadataFile: string;
const refusal = /Lumen cannot connect to: it (is inside Lumen's data directory|is Lumen's metadata database|is a link to one of Lumen's own files)/;

/** Every way of writing a URI that opens a file under the data directory. */
function dataDirUris(): [string, string][] {
  const encoded = metadataFile.replace(/lumen\.db$/, 'lumen.d%62');
  return [
    ['absolute DuckDB path', `duckdb:///${metadataFile}`],
    ['SQLite engine', `sqlite:///${metadataFile}`],
    ['relative path', `duckdb:///${relative(process.cwd(), metadataFile)}`],
    ['dot segments', `duckdb:///${dataDir}/../${basename(dataDir)}/./lumen.db`],
    ['doubled slashes', `sqlite:///${dataDir}//lumen.db`],
    ['percent-encoding', `duckdb:///${encoded}`],
    ['query string', `duckdb:///${metadataFile}?access_mode=read_only`],
    ['SQLite file: URI', `sqlite:///file:${metadataFile}?mode=ro&uri=true`],
    ['file://localhost URI', `sqlite:///file://localhost${metadataFile}`],
    ['symlink outside the data directory', `duckdb:///${join(outside, 'innocent.db')}`],
    ['symlinked directory', `duckdb:///${join(outside, 'data-link', 'lumen.db')}`],
    ['hard link outside the data directory', `sqlite:///${join(outside, 'hard.db')}`],
    ['other case', `duckdb:///${metadataFile.toUpperCase()}`],
    ['the secret key', `duckdb:///${join(dataDir, 'secret_key')}`],
    ['the examples file', `duckdb:///${join(dataDir, 'examples.duckdb')}`],
    ['the WAL itself', `sqlite:///${metadataFile}-wal`],
    ['a new file in the data directory', `duckdb:///${join(dataDir, 'new.duckdb')}`],
  ];
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lumen-datadir-'));
  outside = mkdtempSync(join(tmpdir(), 'lumen-outside-'));
  metadataFile = join(dataDir, 'lumen.db');
  t = await createTestApp({ dataDir, config: { metadataUrl: `sqlite:///${metadataFile}` } });
  writeFileSync(join(dataDir, 'examples.duckdb'), '');
  writeFileSync(join(dataDir, 'secret_key'), 'k');
  symlinkSync(metadataFile, join(outside, 'innocent.db'));
  symlinkSync(dataDir, join(outside, 'data-link'));
  linkSync(metadataFile, join(outside, 'hard.db'));
}, 30_000);
afterAll(async () => {
  await closeAllConnections();
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const api = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers: t.headers('admin'), payload });

describe('database URIs into the data directory', () => {
  it('are refused on create, in every notation', async () => {
    for (const [notation, uri] of dataDirUris()) {
      const res = await api('POST', '/api/v1/database/', { database_name: `x-${notation}`, sqlalchemy_uri: uri });
      expect(res.statusCode, `${notation}: ${uri} ${res.body}`).toBe(400);
      expect(res.json().message, notation).toMatch(refusal);
    }
    expect(await t.ctx.store.db.selectFrom('dbs').select('id').execute()).toEqual([]);
  });

  it('are refused from the parameters form, on create and validate_parameters', async () => {
    const parameters = { database: join(dataDir, 'lumen.db') };
    const create = await api('POST', '/api/v1/database/', { database_name: 'params', engine: 'duckdb', parameters, configuration_method: 'dynamic_form' });
    expect(create.statusCode).toBe(400);
    expect(create.json().message).toMatch(refusal);
    const validate = await api('POST', '/api/v1/database/validate_parameters/', { engine: 'sqlite', parameters });
    expect(validate.statusCode).toBe(400);
    expect(validate.json().message).toMatch(refusal);
  });

  it('are refused on test_connection, in every notation', async () => {
    for (const [notation, uri] of dataDirUris()) {
      const res = await api('POST', '/api/v1/database/test_connection/', { sqlalchemy_uri: uri });
      expect(res.statusCode, `${notation}: ${res.body}`).toBe(400);
      expect(res.json().message, notation).toMatch(refusal);
    }
  });

  it('are refused on update, while a database keeping its stored URI can still be edited', async () => {
    const own = join(outside, 'own.duckdb');
    const created = await api('POST', '/api/v1/database/', { database_name: 'own', sqlalchemy_uri: `duckdb:///${own}` });
    expect(created.statusCode).toBe(201);
    for (const [notation, uri] of dataDirUris()) {
      const res = await api('PUT', `/api/v1/database/${created.json().id}`, { sqlalchemy_uri: uri });
      expect(res.statusCode, `${notation}: ${res.body}`).toBe(400);
      expect(res.json().message, notation).toMatch(refusal);
    }
    // Lumen's examples database lives in the data directory; renaming it and testing it keep working.
    const examplesUri = `duckdb:///${join(dataDir, 'examples.duckdb')}`;
    const now = nowIso();
    const examples = await t.ctx.store.db
      .insertInto('dbs')
      .values({ uuid: randomUUID(), database_name: 'examples', sqlalchemy_uri: examplesUri, backend: 'duckdb', created_on: now, changed_on: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const renamed = await api('PUT', `/api/v1/database/${examples.id}`, { database_name: 'examples', sqlalchemy_uri: examplesUri });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const moved = await api('PUT', `/api/v1/database/${examples.id}`, { sqlalchemy_uri: `duckdb:///${metadataFile}` });
    expect(moved.statusCode).toBe(400);
  });

  it('are refused on import, naming the bundle file', async () => {
    const meta = 'version: 1.0.0\ntype: Database\ntimestamp: 2024-01-01T00:00:00+00:00\n';
    const database = stringify({ database_name: 'sneaky', sqlalchemy_uri: `sqlite:///file:${metadataFile}?mode=ro&uri=true`, expose_in_sqllab: true, extra: {}, uuid: randomUUID(), version: '1.0.0' });
    const res = await importVia(t, 'database', { file: zipOf({ 'metadata.yaml': meta, 'databases/sneaky.yaml': database }) });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toMatch(/databases\/sneaky\.yaml.*Lumen cannot connect to: it is inside Lumen's data directory/);
    expect(await t.ctx.store.db.selectFrom('dbs').select('id').where('database_name', '=', 'sneaky').execute()).toEqual([]);
  });

  it('leaves files outside the data directory usable', async () => {
    const path = join(outside, 'sales.duckdb');
    const client = await getEngineSpec('duckdb').connect(parseConnectTarget(`duckdb:///${path}`));
    await client.execute('CREATE TABLE t AS SELECT 1 AS a');
    await closeAllConnections();
    const tested = await api('POST', '/api/v1/database/test_connection/', { sqlalchemy_uri: `duckdb:///${path}` });
    expect(tested.statusCode, tested.body).toBe(200);
    const created = await api('POST', '/api/v1/database/', { database_name: 'sales', sqlalchemy_uri: `duckdb:///${path}` });
    expect(created.statusCode, created.body).toBe(201);
  });

  it('keeps the metadata database WAL and its writes after a refused attempt', async () => {
    const wal = `${metadataFile}-wal`;
    mkdirSync(outside, { recursive: true });
    // Writes that live in the WAL until a checkpoint.
    await api('POST', '/api/v1/database/', { database_name: 'before', sqlalchemy_uri: `duckdb:///${join(outside, 'before.duckdb')}` });
    expect(existsSync(wal)).toBe(true);
    const walBefore = statSync(wal).size;
    expect(walBefore).toBeGreaterThan(0);
    for (const uri of [`duckdb:///${metadataFile}`, `sqlite:///${metadataFile}`, `duckdb:///${join(outside, 'innocent.db')}`]) {
      expect((await api('POST', '/api/v1/database/test_connection/', { sqlalchemy_uri: uri })).statusCode).toBe(400);
    }
    expect(existsSync(wal)).toBe(true);
    expect(statSync(wal).size).toBeGreaterThanOrEqual(walBefore);
    // Another process opens and closes the file: had this process's SQLite locks been dropped, it would
    // take itself for the last connection, checkpoint and delete the live WAL.
    const script = `const D = require('better-sqlite3'); const d = new D(${JSON.stringify(metadataFile)}); process.stdout.write(String(d.prepare("SELECT count(*) AS n FROM dbs WHERE database_name = 'before'").get().n)); d.close();`;
    expect(execFileSync(process.execPath, ['-e', script], { cwd: join(__dirname, '..', '..') }).toString()).toBe('1');
    expect(existsSync(wal)).toBe(true);
    const reader = new Database(metadataFile, { readonly: true });
    try {
      expect(reader.prepare("SELECT count(*) AS n FROM dbs WHERE database_name = 'before'").get()).toEqual({ n: 1 });
    } finally {
      reader.close();
    }
  });
});

describe('a metadata file outside the data directory', () => {
  it('is refused with its WAL and journal files, and nothing more', () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'lumen-meta-'));
    try {
      const config = { dataDir: join(elsewhere, 'data'), metadataUrl: `sqlite:///${join(elsewhere, 'meta', 'lumen.db')}` };
      const check = (file: string) => () => assertNotLumenFile(config, parseConnectTarget(`sqlite:///${file}`));
      for (const name of ['lumen.db', 'lumen.db-wal', 'lumen.db-shm', 'LUMEN.DB-journal']) {
        expect(check(join(elsewhere, 'meta', name)), name).toThrow(/Lumen cannot connect to: it is Lumen's metadata database/);
      }
      expect(check(join(elsewhere, 'data', 'anything.duckdb'))).toThrow(/inside Lumen's data directory/);
      expect(check(join(elsewhere, 'meta', 'lumen.db2'))).not.toThrow();
      expect(check(join(elsewhere, 'meta', 'sales.db'))).not.toThrow();
      expect(() => assertNotLumenFile(config, parseConnectTarget('sqlite://'))).not.toThrow();
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
