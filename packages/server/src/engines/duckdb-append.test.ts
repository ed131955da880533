import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendRows } from './duckdb-append';

let instance: DuckDBInstance;
let connection: DuckDBConnection;
const rowsOf = async (sql: string) => (await connection.runAndReadAll(sql)).getRowsJS();

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  connection = await instance.connect();
  await connection.run('CREATE TABLE typed (n BIGINT NOT NULL, x DOUBLE, b BOOLEAN, s VARCHAR, d DATE, ts TIMESTAMP)');
});
afterAll(() => {
  connection.closeSync();
  instance.closeSync();
});

describe('appendRows', () => {
  it('appends values by JS type and lets DuckDB cast text to dates, timestamps and wide integers', async () => {
    const count = await appendRows(connection, { schema: 'main', name: 'typed' }, [
      [1, 1.5, true, 'Ada', '2024-02-03', '2024-01-02 03:04:05.123'],
      ['9007199254740993', 2, false, null, null, null],
    ]);
    expect(count).toBe(2);
    expect(await rowsOf("SELECT n::VARCHAR, x, b, s, d::VARCHAR, ts::VARCHAR FROM typed ORDER BY n")).toEqual([
      ['1', 1.5, true, 'Ada', '2024-02-03', '2024-01-02 03:04:05.123'],
      ['9007199254740993', 2, false, null, null, null],
    ]);
  });

  it('rejects a value DuckDB cannot cast or a row breaking a constraint, and a ROLLBACK leaves nothing behind', async () => {
    await connection.run('BEGIN TRANSACTION');
    await expect(appendRows(connection, { schema: 'main', name: 'typed' }, [[3, 0, true, 'x', null, null], ['99999999999999999999', 0, true, 'y', null, null]])).rejects.toThrow(
      "Could not convert string '99999999999999999999' to INT64",
    );
    await expect(appendRows(connection, { schema: 'main', name: 'typed' }, [[4, 0, true, 'z', null, null], [null, 0, true, 'w', null, null]])).rejects.toThrow(/NOT NULL constraint failed/);
    await connection.run('ROLLBACK');
    expect(await rowsOf('SELECT COUNT(*)::INTEGER FROM typed')).toEqual([[2]]);
  });

  it('refuses a row whose width is not the table\'s', async () => {
    await expect(appendRows(connection, { schema: 'main', name: 'typed' }, [[5, 1]])).rejects.toThrow('The appender for typed expects 6 values a row, got 2.');
    expect(await rowsOf('SELECT COUNT(*)::INTEGER FROM typed')).toEqual([[2]]);
  });
});
