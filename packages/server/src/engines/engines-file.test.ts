import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from './common';
import { closeAllConnections, getConnection } from './connections';
import { getEngineSpec } from './registry';
import type { EngineClient } from './types';
import { EXPECTED_DATE_GRAINS, EXPECTED_GRAINS as EXPECTED, GRAIN_SAMPLE as SAMPLE } from './grain-fixtures.test-helpers';

const dir = mkdtempSync(join(tmpdir(), 'lumen-engines-'));
const WEIRD = 'we"ird col`s';


const cases = [
  { backend: 'duckdb', uri: `duckdb:///${join(dir, 'test.duckdb')}`, ts: 'TIMESTAMP' },
  { backend: 'sqlite', uri: `sqlite:///${join(dir, 'test.sqlite')}`, ts: 'DATETIME' },
] as const;

afterAll(async () => {
  await closeAllConnections();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(cases)('$backend engine', ({ backend, uri, ts }) => {
  let client: EngineClient;
  const spec = getEngineSpec(backend);
  const q = spec.quoteIdentifier;

  beforeAll(async () => {
    client = await getConnection(null, { id: backend === 'duckdb' ? 9001 : 9002, sqlalchemy_uri: uri, password: null, backend, allow_dml: 1 });
    await client.execute(`CREATE TABLE parent (id INTEGER PRIMARY KEY, name VARCHAR(20))`);
    await client.execute(
      `CREATE TABLE ${q('child table')} (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id), ${q(WEIRD)} VARCHAR(10), amount DECIMAL(10,2), big BIGINT, flag BOOLEAN, ts ${ts}, d DATE)`,
    );
    await client.execute(`CREATE INDEX ix_child_ts ON ${q('child table')} (ts, d)`);
    await client.execute(`CREATE VIEW v_child AS SELECT id FROM ${q('child table')}`);
    await client.execute(`INSERT INTO parent VALUES (1, 'a')`);
    await client.execute(`INSERT INTO ${q('child table')} VALUES (1, 1, 'x', 12.5, 9007199254740, true, '${SAMPLE}', '2024-02-29'), (2, 1, 'y', 1.25, 2, false, '2024-03-01 00:00:00', '2024-03-01')`);
  });

  it('introspects schemas, tables, columns, keys and indexes', async () => {
    expect(await client.getSchemas()).toContain('main');
    const tables = await client.getTables('main');
    expect(tables).toEqual(
      expect.arrayContaining([
        { value: 'child table', type: 'table', extra: null },
        { value: 'parent', type: 'table', extra: null },
        { value: 'v_child', type: 'view', extra: null },
      ]),
    );
    const columns = await client.getColumns({ name: 'child table', schema: 'main' });
    expect(columns.map((c) => c.name)).toEqual(['id', 'parent_id', WEIRD, 'amount', 'big', 'flag', 'ts', 'd']);
    const byName = Object.fromEntries(columns.map((c) => [c.name, c]));
    expect(byName.ts).toMatchObject({ generic_type: 'TEMPORAL', is_dttm: true });
    expect(byName.d).toMatchObject({ generic_type: 'TEMPORAL', is_dttm: true });
    expect(byName.amount!.generic_type).toBe('NUMERIC');
    expect(byName[WEIRD]!.generic_type).toBe('STRING');
    expect(byName.flag!.generic_type).toBe('BOOLEAN');
    expect((await client.getPrimaryKey({ name: 'child table' })).constrained_columns).toEqual(['id']);
    const fks = await client.getForeignKeys({ name: 'child table' });
    expect(fks).toHaveLength(1);
    expect(fks[0]).toMatchObject({ constrained_columns: ['parent_id'], referred_table: 'parent', referred_columns: ['id'] });
    const indexes = await client.getIndexes({ name: 'child table' });
    expect(indexes).toEqual([{ name: 'ix_child_ts', column_names: ['ts', 'd'], unique: false }]);
  });

  it('reports a missing table as TABLE_DOES_NOT_EXIST_ERROR', async () => {
    await expect(client.getColumns({ name: 'nope' })).rejects.toMatchObject({ errorType: 'TABLE_DOES_NOT_EXIST_ERROR' });
    await expect(client.execute('SELECT * FROM nope')).rejects.toMatchObject({ errorType: 'TABLE_DOES_NOT_EXIST_ERROR' });
    await expect(client.execute('SELECT nope_col FROM parent')).rejects.toMatchObject({ errorType: 'COLUMN_DOES_NOT_EXIST_ERROR' });
    await expect(client.execute('SELEC 1')).rejects.toBeInstanceOf(EngineError);
    await expect(client.execute('SELEC 1')).rejects.toMatchObject({ errorType: 'SYNTAX_ERROR' });
  });

  it('quotes weird identifiers and returns plain JS values, temporal as epoch ms', async () => {
    const result = await client.execute(
      `SELECT ${q(WEIRD)} AS ${q('a "b" `c`')}, amount, big, ts, d FROM ${q('child table')} WHERE id = ${spec.placeholder(1)} ORDER BY id`,
      [1],
    );
    expect(result.columns.map((c) => c.name)).toEqual(['a "b" `c`', 'amount', 'big', 'ts', 'd']);
    expect(result.rows).toEqual([['x', 12.5, 9007199254740, Date.parse('2024-01-10T13:47:31Z'), Date.parse('2024-02-29T00:00:00Z')]]);
    expect(result.rowcount).toBe(1);
    const iso = await client.execute(`SELECT ts FROM ${q('child table')} ORDER BY id`, [], { temporalAs: 'iso', maxRows: 1 });
    expect(iso.rows).toEqual([['2024-01-10T13:47:31.000Z']]);
  });

  it('maps day and coarser grains on a DATE column', async () => {
    for (const [grain, expected] of Object.entries(EXPECTED_DATE_GRAINS)) {
      const result = await client.execute(`SELECT ${spec.timeGrainExpression('d', grain)} AS bucket FROM ${q('child table')} WHERE id = 1`, [], {
        temporalAs: 'iso',
        temporalColumns: ['bucket'],
      });
      expect([grain, result.rows[0]![0]]).toEqual([grain, expected]);
    }
  });

  it('maps every time grain to the right bucket', async () => {
    for (const [grain, expected] of Object.entries(EXPECTED)) {
      const expression = spec.timeGrainExpression('ts', grain);
      const result = await client.execute(`SELECT ${expression} AS bucket FROM ${q('child table')} WHERE id = 1`, [], { temporalColumns: ['bucket'], temporalAs: 'iso' });
      expect([grain, result.rows[0]![0]]).toEqual([grain, expected]);
    }
  });

  it('applies limit and offset', async () => {
    const result = await client.execute(`SELECT id FROM ${q('child table')} ORDER BY id${spec.limitClause(1, 1)}`);
    expect(result.rows).toEqual([[2]]);
  });
});

describe('DuckDB streaming and cancel', () => {
  it('stops reading at maxRows without materialising the whole result', async () => {
    const client = await getConnection(null, { id: 9004, sqlalchemy_uri: 'duckdb:///:memory:', password: null, backend: 'duckdb', allow_dml: 1 });
    const started = Date.now();
    const result = await client.execute('SELECT range AS n, range::VARCHAR AS s FROM range(50000000)', [], { maxRows: 5 });
    expect(result.rows).toEqual([[0, '0'], [1, '1'], [2, '2'], [3, '3'], [4, '4']]);
    expect(result.columns).toEqual([
      { name: 'n', type: 'BIGINT', generic_type: 'NUMERIC', is_dttm: false },
      { name: 's', type: 'VARCHAR', generic_type: 'STRING', is_dttm: false },
    ]);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('interrupts a long query on abort and on timeout', async () => {
    const client = await getConnection(null, { id: 9003, sqlalchemy_uri: 'duckdb:///:memory:', password: null, backend: 'duckdb', allow_dml: 1 });
    const slow = 'SELECT COUNT(*) FROM range(100000000000) a WHERE hash(a.range) % 7 = 3';
    const controller = new AbortController();
    const started = Date.now();
    const running = client.execute(slow, [], { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    await expect(running).rejects.toMatchObject({ message: 'The query was cancelled.' });
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect(client.execute(slow, [], { timeoutMs: 300 })).rejects.toMatchObject({ errorType: 'CONNECTION_DATABASE_TIMEOUT' });
  });
});
