import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections, getConnection, withTemporaryConnection } from './connections';
import { getEngineSpec } from './registry';
import { parseConnectTarget } from './uri';

/**
 * test_connection opens DuckDB files read-only and closes what it opened: afterwards another process can
 * open the file for writing (a DuckDB instance left open in the server would hold a lock on it).
 */
let dir: string;
let path: string;

/** Opens the file read-write in another process and adds a row; returns the row count it sees. */
const writeFromAnotherProcess = (file: string): string =>
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { DuckDBInstance } from '@duckdb/node-api';
       const instance = await DuckDBInstance.create(${JSON.stringify(file)});
       const connection = await instance.connect();
       await connection.run('INSERT INTO t VALUES (2)');
       process.stdout.write(String((await connection.runAndReadAll('SELECT count(*) FROM t')).getRows()[0][0]));
       connection.closeSync();
       instance.closeSync();`,
    ],
    { cwd: resolve(__dirname, '../..'), stdio: ['ignore', 'pipe', 'pipe'] },
  ).toString();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lumen-temp-conn-'));
  path = join(dir, 'shared.duckdb');
  const client = await getEngineSpec('duckdb').connect(parseConnectTarget(`duckdb:///${path}`));
  await client.execute('CREATE TABLE t AS SELECT 1 AS x');
  await closeAllConnections();
});
afterAll(async () => {
  await closeAllConnections();
  rmSync(dir, { recursive: true, force: true });
});

describe('a temporary DuckDB connection', () => {
  it('opens the file read-only and leaves it unlocked when it closes', async () => {
    const rows = await withTemporaryConnection({ ...parseConnectTarget(`duckdb:///${path}`), readOnly: true }, async (client) => {
      await expect(client.execute('INSERT INTO t VALUES (9)')).rejects.toThrow(/read-only/i);
      return (await client.execute('SELECT count(*) FROM t')).rows;
    });
    expect(rows).toEqual([[1]]);
    expect(writeFromAnotherProcess(path)).toBe('2');
  });

  it('keeps an instance that a pooled connection uses', async () => {
    const pooled = await getConnection(null, { id: 99_001, sqlalchemy_uri: `duckdb:///${path}`, password: null, backend: 'duckdb', allow_dml: 0 });
    expect((await pooled.execute('SELECT count(*) FROM t')).rows).toEqual([[2]]);
    await withTemporaryConnection({ ...parseConnectTarget(`duckdb:///${path}`), readOnly: true }, (client) => client.execute('SELECT 1'));
    expect((await pooled.execute('SELECT count(*) FROM t')).rows).toEqual([[2]]);
    expect(() => writeFromAnotherProcess(path)).toThrow(/lock/i);
    await closeAllConnections();
    expect(writeFromAnotherProcess(path)).toBe('3');
  });
});
