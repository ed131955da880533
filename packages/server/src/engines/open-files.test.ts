import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMetadataStore } from '../metadata/connect';
import { closeAllConnections } from './connections';
import { getEngineSpec } from './registry';
import type { EngineClient } from './types';
import { parseConnectTarget } from './uri';

/**
 * One database file, one library per process: DuckDB never opens a file SQLite holds open here (nor the
 * reverse), so closing it can never drop the other library's POSIX locks. Checked from the outside: the
 * refusal, and a second process that opens and closes the SQLite file without deleting the live WAL.
 */
let dir: string;
const connect = (uri: string): Promise<EngineClient> => getEngineSpec(uri.split(':')[0]!).connect(parseConnectTarget(uri));

/** Opens and closes the file in another process: with this process's locks intact, the WAL stays. */
const touchFromAnotherProcess = (path: string): string =>
  execFileSync(process.execPath, ['-e', `const D = require('better-sqlite3'); const d = new D(${JSON.stringify(path)}); process.stdout.write(String(d.prepare('SELECT count(*) AS n FROM t').get().n)); d.close();`], {
    cwd: resolve(__dirname, '../..'),
  }).toString();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lumen-open-files-'));
});
afterAll(async () => {
  await closeAllConnections();
  rmSync(dir, { recursive: true, force: true });
});

describe('a database file open in one library', () => {
  it('is refused to DuckDB while SQLite holds it, and SQLite keeps its WAL', async () => {
    const path = join(dir, 'sales.db');
    const sqlite = await connect(`sqlite:///${path}`);
    await sqlite.execute('PRAGMA journal_mode = WAL');
    await sqlite.execute('CREATE TABLE t (x INTEGER)');
    await sqlite.execute('INSERT INTO t VALUES (1), (2)');
    expect(existsSync(`${path}-wal`)).toBe(true);
    symlinkSync(path, join(dir, 'alias.db'));
    for (const uri of [`duckdb:///${path}`, `duckdb:///${join(dir, 'alias.db')}`]) {
      const duck = await connect(uri);
      await expect(duck.execute('SELECT 1')).rejects.toThrow(`${path} is open in Lumen as a SQLite database; DuckDB cannot open it too`);
    }
    expect(touchFromAnotherProcess(path)).toBe('2');
    expect(existsSync(`${path}-wal`)).toBe(true);
    await sqlite.execute('INSERT INTO t VALUES (3)');
    expect((await sqlite.execute('SELECT count(*) FROM t')).rows).toEqual([[3]]);
    await sqlite.close();
    // Released: DuckDB now gets as far as reading the file itself (and refuses a SQLite file on its own).
    await expect((await connect(`duckdb:///${path}`)).execute('SELECT 1')).rejects.not.toThrow(/is open in Lumen/);
  });

  it('is refused to SQLite while DuckDB holds it', async () => {
    const path = join(dir, 'events.duckdb');
    const duck = await connect(`duckdb:///${path}`);
    await duck.execute('CREATE TABLE t AS SELECT 1 AS x');
    const sqlite = await connect(`sqlite:///${path}`);
    await expect(sqlite.execute('SELECT 1')).rejects.toThrow(`${path} is open in Lumen as a DuckDB database; SQLite cannot open it too`);
    expect((await duck.execute('SELECT x FROM t')).rows).toEqual([[1]]);
  });

  it("includes the metadata store's SQLite file", async () => {
    const path = join(dir, 'lumen.db');
    const store = openMetadataStore(`sqlite:///${path}`);
    try {
      await store.db.schema.createTable('t').addColumn('x', 'integer').execute();
      await store.db.insertInto('t' as never).values({ x: 1 } as never).execute();
      await expect((await connect(`duckdb:///${path}`)).execute('SELECT 1')).rejects.toThrow(/is open in Lumen as a SQLite database/);
      expect(touchFromAnotherProcess(path)).toBe('1');
      expect(existsSync(`${path}-wal`)).toBe(true);
    } finally {
      await store.close();
    }
  });
});
