import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections, getConnection, withTemporaryConnection } from './connections';
import { EXPECTED_DATE_GRAINS, EXPECTED_GRAINS, GRAIN_SAMPLE } from './grain-fixtures.test-helpers';
import { getEngineSpec } from './registry';
import { parseConnectTarget } from './uri';
import type { EngineClient } from './types';

const suffix = randomBytes(4).toString('hex');
const WEIRD = 'we"ird col`s';

const cases = [
  { backend: 'postgresql', uri: 'postgresql://postgres@127.0.0.1:5432/test', schema: `lumen_eng_${suffix}`, ts: 'TIMESTAMP', id: 9101 },
  { backend: 'mysql', uri: 'mysql://root@127.0.0.1:3306/test', schema: `lumen_eng_${suffix}`, ts: 'DATETIME', id: 9102 },
] as const;

afterAll(async () => {
  for (const { uri, backend, schema } of cases) {
    await withTemporaryConnection(parseConnectTarget(uri), (client) =>
      client.execute(backend === 'postgresql' ? `DROP SCHEMA IF EXISTS ${schema} CASCADE` : `DROP DATABASE IF EXISTS ${schema}`),
    ).catch(() => undefined);
  }
  await closeAllConnections();
});

describe.each(cases)('$backend engine', ({ backend, uri, schema, ts, id }) => {
  let client: EngineClient;
  const spec = getEngineSpec(backend);
  const q = spec.quoteIdentifier;
  const t = (name: string) => `${q(schema)}.${q(name)}`;

  beforeAll(async () => {
    client = await getConnection(null, { id, sqlalchemy_uri: uri, password: null, backend, allow_dml: 1 });
    await client.execute(backend === 'postgresql' ? `CREATE SCHEMA ${schema}` : `CREATE DATABASE ${schema}`);
    await client.execute(`CREATE TABLE ${t('parent')} (id INTEGER PRIMARY KEY, name VARCHAR(20))`);
    await client.execute(
      `CREATE TABLE ${t('child table')} (id INTEGER PRIMARY KEY, parent_id INTEGER, ${q(WEIRD)} VARCHAR(10), amount DECIMAL(10,2), big BIGINT, flag BOOLEAN, ts ${ts}, d DATE,
       CONSTRAINT fk_parent FOREIGN KEY (parent_id) REFERENCES ${t('parent')} (id))`,
    );
    await client.execute(`CREATE INDEX ix_child_ts ON ${t('child table')} (ts, d)`);
    await client.execute(`CREATE VIEW ${t('v_child')} AS SELECT id FROM ${t('child table')}`);
    await client.execute(`INSERT INTO ${t('parent')} VALUES (1, 'a')`);
    await client.execute(
      `INSERT INTO ${t('child table')} VALUES (1, 1, 'x', 12.5, 9007199254740, true, '${GRAIN_SAMPLE}', '2024-02-29'), (2, 1, 'y', 1.25, 2, false, '2024-03-01 00:00:00', '2024-03-01')`,
    );
  });

  it('introspects', async () => {
    expect(await client.getSchemas()).toContain(schema);
    if (backend === 'postgresql') expect(await client.getCatalogs()).toContain('test');
    expect(await client.getTables(schema)).toEqual([
      { value: 'child table', type: 'table', extra: null },
      { value: 'parent', type: 'table', extra: null },
      { value: 'v_child', type: 'view', extra: null },
    ]);
    const columns = await client.getColumns({ name: 'child table', schema });
    expect(columns.map((c) => c.name)).toEqual(['id', 'parent_id', WEIRD, 'amount', 'big', 'flag', 'ts', 'd']);
    const byName = Object.fromEntries(columns.map((c) => [c.name, c]));
    expect(byName.ts).toMatchObject({ generic_type: 'TEMPORAL', is_dttm: true });
    expect(byName.d).toMatchObject({ generic_type: 'TEMPORAL', is_dttm: true });
    expect(byName.amount!.generic_type).toBe('NUMERIC');
    expect(byName.flag!.generic_type).toBe('BOOLEAN');
    expect(byName[WEIRD]!.generic_type).toBe('STRING');
    expect((await client.getPrimaryKey({ name: 'child table', schema })).constrained_columns).toEqual(['id']);
    expect(await client.getForeignKeys({ name: 'child table', schema })).toEqual([
      { name: 'fk_parent', constrained_columns: ['parent_id'], referred_schema: schema, referred_table: 'parent', referred_columns: ['id'] },
    ]);
    const indexes = (await client.getIndexes({ name: 'child table', schema })).filter((i) => i.name === 'ix_child_ts');
    expect(indexes).toEqual([{ name: 'ix_child_ts', column_names: ['ts', 'd'], unique: false }]);
    await expect(client.getColumns({ name: 'nope', schema })).rejects.toMatchObject({ errorType: 'TABLE_DOES_NOT_EXIST_ERROR' });
  });

  it('runs queries with bound parameters and converts values', async () => {
    const result = await client.execute(
      `SELECT ${q(WEIRD)} AS ${q('a "b" `c`')}, amount, big, ts, d FROM ${t('child table')} WHERE id = ${spec.placeholder(1)}`,
      [1],
    );
    expect(result.columns.map((c) => c.name)).toEqual(['a "b" `c`', 'amount', 'big', 'ts', 'd']);
    expect(result.columns[3]).toMatchObject({ generic_type: 'TEMPORAL', is_dttm: true });
    expect(result.rows).toEqual([['x', 12.5, 9007199254740, Date.parse('2024-01-10T13:47:31Z'), Date.parse('2024-02-29T00:00:00Z')]]);
    const paged = await client.execute(`SELECT id FROM ${t('child table')} ORDER BY id${spec.limitClause(1, 1)}`);
    expect(paged.rows).toEqual([[2]]);
  });

  it('maps day and coarser grains on a DATE column', async () => {
    for (const [grain, expected] of Object.entries(EXPECTED_DATE_GRAINS)) {
      const result = await client.execute(`SELECT ${spec.timeGrainExpression('d', grain)} AS bucket FROM ${t('child table')} WHERE id = 1`, [], {
        temporalAs: 'iso',
        temporalColumns: ['bucket'],
      });
      expect([grain, result.rows[0]![0]]).toEqual([grain, expected]);
    }
  });

  it('maps every time grain to the right bucket', async () => {
    for (const [grain, expected] of Object.entries(EXPECTED_GRAINS)) {
      const result = await client.execute(`SELECT ${spec.timeGrainExpression('ts', grain)} AS bucket FROM ${t('child table')} WHERE id = 1`, [], {
        temporalAs: 'iso',
        temporalColumns: ['bucket'],
      });
      expect([grain, result.rows[0]![0]]).toEqual([grain, expected]);
    }
  });

  it('maps query errors', async () => {
    await expect(client.execute(`SELECT * FROM ${t('nope')}`)).rejects.toMatchObject({ errorType: 'TABLE_DOES_NOT_EXIST_ERROR' });
    await expect(client.execute(`SELECT nope_col FROM ${t('parent')}`)).rejects.toMatchObject({ errorType: 'COLUMN_DOES_NOT_EXIST_ERROR' });
    await expect(client.execute('SELEC 1')).rejects.toMatchObject({ errorType: 'SYNTAX_ERROR' });
  });

  it('cancels a running query', async () => {
    const sleep = backend === 'postgresql' ? 'SELECT pg_sleep(20)' : 'SELECT SLEEP(20)';
    const started = Date.now();
    await expect(client.execute(sleep, [], { timeoutMs: 300 })).rejects.toMatchObject({ errorType: 'CONNECTION_DATABASE_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('maps connection errors', async () => {
    const [scheme] = uri.split('://');
    const connectError = (target: string) =>
      withTemporaryConnection(parseConnectTarget(target), (c) => c.execute('SELECT 1')).then(
        () => null,
        (error: { errorType?: string }) => error.errorType,
      );
    expect(await connectError(`${scheme}://u@no-such-host.invalid:1/x`)).toBe('CONNECTION_INVALID_HOSTNAME_ERROR');
    expect(await connectError(`${scheme}://u@127.0.0.1:1/x`)).toBe('CONNECTION_PORT_CLOSED_ERROR');
    if (backend === 'postgresql') {
      expect(await connectError(`${scheme}://nobody_${suffix}@127.0.0.1:5432/test`)).toBe('CONNECTION_INVALID_USERNAME_ERROR');
      expect(await connectError(`${scheme}://postgres@127.0.0.1:5432/nodb_${suffix}`)).toBe('CONNECTION_UNKNOWN_DATABASE_ERROR');
    } else {
      expect(await connectError(`${scheme}://root:wrong@127.0.0.1:3306/test`)).toBe('CONNECTION_ACCESS_DENIED_ERROR');
      expect(await connectError(`${scheme}://root@127.0.0.1:3306/nodb_${suffix}`)).toBe('CONNECTION_UNKNOWN_DATABASE_ERROR');
    }
  });
});
