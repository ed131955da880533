import { afterAll, describe, expect, it } from 'vitest';
import { executeColumns } from './columnar';
import { duckdbSpec, releaseDuckDBInstance } from './duckdb';
import { sqliteSpec } from './sqlite';
import type { ConnectTarget, EngineClient } from './types';

const target = (database: string): ConnectTarget => ({ backend: 'x', driver: null, host: null, port: null, username: null, password: null, database, query: {} });
const SQL = "SELECT 1 AS n, 'a' AS s, '2024-01-02 03:04:05' AS t UNION ALL SELECT 2, NULL, NULL UNION ALL SELECT 3, 'c', '2024-01-03'";

describe('executeColumns', () => {
  afterAll(() => releaseDuckDBInstance(':memory:'));

  it("transposes execute's rows on an engine without a columnar path (SQLite), with the same options applied", async () => {
    const client: EngineClient = await sqliteSpec.connect(target(':memory:'));
    try {
      expect(client.executeColumns).toBeUndefined();
      const result = await executeColumns(client, SQL, [], { maxRows: 2, temporalColumns: ['t'] });
      expect(result.values).toEqual([[1, 2], ['a', null], [Date.UTC(2024, 0, 2, 3, 4, 5), null]]);
      expect(result.rowcount).toBe(2);
      expect(result.columns.find((c) => c.name === 't')).toMatchObject({ is_dttm: true, generic_type: 'TEMPORAL' });
    } finally {
      await client.close();
    }
  });

  it("uses the engine's own columnar path where there is one (DuckDB)", async () => {
    const client = await duckdbSpec.connect(target(':memory:'));
    try {
      const result = await executeColumns(client, `${SQL} ORDER BY n`, [], { temporalColumns: ['t'], temporalAs: 'iso' });
      expect(result.values).toEqual([[1, 2, 3], ['a', null, 'c'], ['2024-01-02T03:04:05.000Z', null, '2024-01-03T00:00:00.000Z']]);
    } finally {
      await client.close();
    }
  });
});
