import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EngineClient, getEngineSpec, parseConnectTarget } from '../engines';
import { LumenError } from '../errors';
import { compileCheckedQuery } from './checked-compile';
import type { DatasetModel } from './dataset-model';
import { parseQueryObject } from './query-object';
import { shiftInterval } from './time-shift';

/** A deterministic fixture: 240 rows over 2023-01..2024-12 with NULLs in region and qty. */
const REGIONS = ['North', 'South', 'East', 'West', null];
const PRODUCTS = ['Bike', 'Car', "O'Brien Van"];
const rows = Array.from({ length: 240 }, (_, i) => {
  const day = new Date(Date.UTC(2023, 0, 1) + i * 3 * 86_400_000 + (i % 24) * 3_600_000);
  return {
    id: i + 1,
    ds: day.toISOString().slice(0, 19).replace('T', ' '),
    region: REGIONS[i % 5],
    product: PRODUCTS[i % 3],
    qty: i % 7 === 0 ? null : (i * 13) % 50,
    price: Math.round(((i * 7.3) % 100) * 100) / 100,
    flag: i % 4 === 0,
  };
});

const dataset = (table: string): DatasetModel => ({
  id: 1,
  uuid: 'x',
  table_name: table,
  schema: null,
  catalog: null,
  sql: null,
  database_id: 1,
  main_dttm_col: 'ds',
  cache_timeout: null,
  changed_on: '',
  fetch_values_predicate: null,
  always_filter_main_dttm: false,
  columns: [
    { column_name: 'id', type: 'INTEGER', expression: null, is_dttm: false, python_date_format: null, filterable: true, groupby: true },
    { column_name: 'ds', type: 'TIMESTAMP', expression: null, is_dttm: true, python_date_format: null, filterable: true, groupby: true },
    { column_name: 'region', type: 'VARCHAR', expression: null, is_dttm: false, python_date_format: null, filterable: true, groupby: true },
    { column_name: 'product', type: 'VARCHAR', expression: null, is_dttm: false, python_date_format: null, filterable: true, groupby: true },
    { column_name: 'qty', type: 'INTEGER', expression: null, is_dttm: false, python_date_format: null, filterable: true, groupby: true },
    { column_name: 'price', type: 'DOUBLE', expression: null, is_dttm: false, python_date_format: null, filterable: true, groupby: true },
    { column_name: 'flag', type: 'BOOLEAN', expression: null, is_dttm: false, python_date_format: null, filterable: true, groupby: true },
    { column_name: 'revenue', type: 'DOUBLE', expression: 'qty * price', is_dttm: false, python_date_format: null, filterable: true, groupby: true },
  ],
  metrics: [
    { metric_name: 'count', expression: 'COUNT(*)', verbose_name: 'COUNT(*)', d3format: null },
    { metric_name: 'sum__qty', expression: 'SUM(qty)', verbose_name: null, d3format: null },
  ],
});

interface EngineCase {
  name: string;
  uri: string;
  boolType: string;
  tsType: string;
  setup?: (client: EngineClient) => Promise<void>;
  teardown?: (client: EngineClient) => Promise<void>;
}

const suffix = randomBytes(4).toString('hex');
const dir = mkdtempSync(join(tmpdir(), 'lumen-compile-'));
const ENGINES: EngineCase[] = [
  { name: 'duckdb', uri: `duckdb:///${join(dir, 'c.duckdb')}`, boolType: 'BOOLEAN', tsType: 'TIMESTAMP' },
  { name: 'sqlite', uri: `sqlite:///${join(dir, 'c.sqlite')}`, boolType: 'BOOLEAN', tsType: 'TEXT' },
  { name: 'postgresql', uri: 'postgresql://postgres@127.0.0.1:5432/test', boolType: 'BOOLEAN', tsType: 'TIMESTAMP' },
  { name: 'mysql', uri: 'mysql://root@127.0.0.1:3306/test', boolType: 'BOOLEAN', tsType: 'DATETIME' },
];

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(ENGINES)('compileQuery on $name', (engine) => {
  const spec = getEngineSpec(engine.name);
  const table = `compile_fixture_${suffix}`;
  let client: EngineClient;
  const run = async (sql: string, params: unknown[] = []) => (await client.execute(sql, params, { temporalAs: 'iso' })).rows;
  const compileAndRun = async (raw: Record<string, unknown>, rls: string[] = []) => {
    const compiled = await compileCheckedQuery({ spec, dataset: dataset(table), query: parseQueryObject(raw), maxRowLimit: 100_000, rlsClauses: rls, now: new Date('2024-06-15T12:00:00Z') });
    const result = await client.execute(compiled.sql, compiled.params, { temporalAs: 'iso', temporalColumns: compiled.temporalLabels });
    return { compiled, rows: result.rows, columns: result.columns };
  };
  const norm = (values: unknown[][]) =>
    values.map((r) => r.map((v) => (typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : typeof v === 'boolean' ? Number(v) : v)));

  beforeAll(async () => {
    client = await spec.connect(parseConnectTarget(engine.uri));
    await client.execute(`DROP TABLE IF EXISTS ${table}`);
    await client.execute(
      `CREATE TABLE ${table} (id INTEGER, ds ${engine.tsType}, region VARCHAR(20), product VARCHAR(20), qty INTEGER, price DOUBLE PRECISION, flag ${engine.boolType})`.replace(
        'DOUBLE PRECISION',
        engine.name === 'sqlite' ? 'REAL' : 'DOUBLE PRECISION',
      ),
    );
    for (let start = 0; start < rows.length; start += 60) {
      const chunk = rows.slice(start, start + 60);
      const placeholders: string[] = [];
      const params: unknown[] = [];
      for (const r of chunk) {
        const base = params.length;
        placeholders.push(`(${Array.from({ length: 7 }, (_, k) => spec.placeholder(base + k + 1)).join(', ')})`);
        params.push(r.id, r.ds, r.region, r.product, r.qty, r.price, engine.name === 'sqlite' ? Number(r.flag) : r.flag);
      }
      await client.execute(`INSERT INTO ${table} VALUES ${placeholders.join(', ')}`, params);
    }
  });
  afterAll(async () => {
    await client.execute(`DROP TABLE IF EXISTS ${table}`);
    await client.close();
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['== on strings', { columns: ['product'], metrics: ['count'], filters: [{ col: 'region', op: '==', val: 'North' }], orderby: [['product', true]] }, `SELECT product, COUNT(*) FROM T WHERE region = 'North' GROUP BY product ORDER BY product`],
    ['!= keeps SQL NULL semantics', { columns: ['region'], metrics: ['count'], filters: [{ col: 'region', op: '!=', val: 'North' }], orderby: [['region', true]] }, `SELECT region, COUNT(*) FROM T WHERE region <> 'North' GROUP BY region ORDER BY region`],
    ['> < >= <= on numbers', { columns: [], metrics: ['count', 'sum__qty'], filters: [{ col: 'qty', op: '>', val: 10 }, { col: 'qty', op: '<=', val: '40' }, { col: 'price', op: '>=', val: 5 }, { col: 'price', op: '<', val: 90 }] }, `SELECT COUNT(*), SUM(qty) FROM T WHERE qty > 10 AND qty <= 40 AND price >= 5 AND price < 90`],
    ['IN with NULL', { columns: ['region'], metrics: ['count'], filters: [{ col: 'region', op: 'IN', val: ['East', null] }], orderby: [['region', true]] }, `SELECT region, COUNT(*) FROM T WHERE region IN ('East') OR region IS NULL GROUP BY region ORDER BY region`],
    ['NOT IN', { columns: [], metrics: ['count'], filters: [{ col: 'product', op: 'NOT IN', val: ['Bike', "O'Brien Van"] }] }, `SELECT COUNT(*) FROM T WHERE product NOT IN ('Bike', 'O''Brien Van')`],
    ['LIKE / NOT LIKE', { columns: [], metrics: ['count'], filters: [{ col: 'product', op: 'LIKE', val: 'B%' }, { col: 'region', op: 'NOT LIKE', val: '%th' }] }, `SELECT COUNT(*) FROM T WHERE product LIKE 'B%' AND region NOT LIKE '%th'`],
    ['ILIKE', { columns: [], metrics: ['count'], filters: [{ col: 'product', op: 'ILIKE', val: "o'%" }] }, `SELECT COUNT(*) FROM T WHERE LOWER(product) LIKE 'o''%'`],
    ['IS NULL / IS NOT NULL', { columns: [], metrics: ['count'], filters: [{ col: 'qty', op: 'IS NULL' }, { col: 'region', op: 'IS NOT NULL' }] }, `SELECT COUNT(*) FROM T WHERE qty IS NULL AND region IS NOT NULL`],
    ['IS TRUE / IS FALSE', { columns: ['flag'], metrics: ['count'], filters: [{ col: 'flag', op: 'IS TRUE' }] }, `SELECT flag, COUNT(*) FROM T WHERE flag = TRUE GROUP BY flag`],
    ['IS FALSE', { columns: [], metrics: ['count'], filters: [{ col: 'flag', op: 'IS FALSE' }] }, `SELECT COUNT(*) FROM T WHERE flag = FALSE`],
    ['TEMPORAL_RANGE with ISO dates', { columns: [], metrics: ['count'], filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2023-03-01 : 2023-06-01' }] }, `SELECT COUNT(*) FROM T WHERE id BETWEEN 20 AND 50`],
    ['granularity + time_range Last year', { granularity: 'ds', time_range: 'Last year', columns: [], metrics: ['count'] }, `SELECT COUNT(*) FROM T WHERE ds >= '2023-06-15' AND ds < '2024-06-15'`],
    ['simple aggregates incl. COUNT_DISTINCT and AVG', { columns: ['product'], metrics: [{ expressionType: 'SIMPLE', aggregate: 'COUNT_DISTINCT', column: { column_name: 'region' } }, { expressionType: 'SIMPLE', aggregate: 'AVG', column: { column_name: 'price' } }, { expressionType: 'SIMPLE', aggregate: 'MAX', column: { column_name: 'qty' } }, { expressionType: 'SIMPLE', aggregate: 'MIN', column: { column_name: 'qty' } }], orderby: [['product', true]] }, `SELECT product, COUNT(DISTINCT region), AVG(price), MAX(qty), MIN(qty) FROM T GROUP BY product ORDER BY product`],
    ['SQL metric and calculated column', { columns: ['product'], metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(qty * price)', label: 'rev' }, { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'revenue' } }], orderby: [['product', true]] }, `SELECT product, SUM(qty * price), SUM(qty * price) FROM T GROUP BY product ORDER BY product`],
    ['extras where and having', { columns: ['region'], metrics: ['count'], extras: { where: "product <> 'Car'", having: 'COUNT(*) > 30' }, orderby: [['region', true]] }, `SELECT region, COUNT(*) FROM T WHERE product <> 'Car' GROUP BY region HAVING COUNT(*) > 30 ORDER BY region`],
    ['row limit and offset with metric order', { columns: ['region', 'product'], metrics: ['sum__qty'], orderby: [['sum__qty', false], ['region', true], ['product', true]], row_limit: 3, row_offset: 2 }, `SELECT region, product, SUM(qty) FROM T GROUP BY region, product ORDER BY SUM(qty) DESC, region, product LIMIT 3 OFFSET 2`],
    ['raw mode', { columns: ['id', 'product'], metrics: [], orderby: [['id', false]], row_limit: 5 }, `SELECT id, product FROM T ORDER BY id DESC LIMIT 5`],
    ['series limit keeps the top series', { columns: ['product'], metrics: ['sum__qty'], series_limit: 2, series_limit_metric: 'sum__qty', orderby: [['product', true]] }, `SELECT t.product, SUM(t.qty) FROM T t JOIN (SELECT product FROM T GROUP BY product ORDER BY SUM(qty) DESC LIMIT 2) s ON t.product = s.product GROUP BY t.product ORDER BY t.product`],
  ];

  it.each(cases)('%s matches hand-written SQL', async (_name, raw, handSql) => {
    const { rows: got } = await compileAndRun(raw);
    let sql = handSql.replace(/\bT\b/g, table);
    if (engine.name === 'postgresql' || engine.name === 'duckdb') sql = sql.replace("LOWER(product) LIKE 'o''%'", "product ILIKE 'o''%'");
    const expected = await run(sql);
    expect(norm(got)).toEqual(norm(expected));
  });

  it('groups by a time grain on the x-axis', async () => {
    const { rows: got, compiled } = await compileAndRun({
      columns: [{ sqlExpression: 'ds', label: 'ds', columnType: 'BASE_AXIS', timeGrain: 'P1M' }],
      metrics: ['count'],
      filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2023-01-01 : 2023-04-01' }],
    });
    expect(compiled.temporalLabels).toEqual(['ds']);
    const months = got.map((r) => String(r[0]).slice(0, 7));
    expect(months).toEqual(['2023-01', '2023-02', '2023-03']);
    const expected = [0, 1, 2].map((m) => rows.filter((r) => r.ds.startsWith(`2023-0${m + 1}`)).length);
    expect(got.map((r) => Number(r[1]))).toEqual(expected);
  });

  it('a time offset shifts the TEMPORAL_RANGE filter too (the comparison period, not the same one)', async () => {
    const query = parseQueryObject({ columns: [], metrics: ['count'], filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2024-04-01' }] });
    const options = { spec, dataset: dataset(table), query, maxRowLimit: 100_000, now: new Date('2024-06-15T12:00:00Z') };
    const shifted = await compileCheckedQuery({ ...options, shiftTemporalRange: (range) => shiftInterval(range, '1 year ago') });
    const count = async (c: typeof shifted) => Number((await client.execute(c.sql, c.params, { temporalAs: 'iso' })).rows[0][0]);
    expect(await count(shifted)).toBe(rows.filter((r) => r.ds >= '2023-01-01' && r.ds < '2023-04-01').length);
    expect(await count(await compileCheckedQuery(options))).toBe(rows.filter((r) => r.ds >= '2024-01-01' && r.ds < '2024-04-01').length);
  });

  it('ignores the time grain of a text x-axis, as Explore sends one for a bar chart by category', async () => {
    const { rows: got, compiled } = await compileAndRun({
      columns: [{ sqlExpression: 'product', label: 'product', columnType: 'BASE_AXIS', timeGrain: 'P1D' }],
      metrics: ['count'],
      extras: { time_grain_sqla: 'P1D' },
      orderby: [['product', true]],
    });
    expect(compiled.temporalLabels).toEqual([]);
    expect(got.map((r) => String(r[0]))).toEqual([...new Set(rows.map((r) => r.product))].sort());
  });

  it('applies a legacy is_timeseries grain as __timestamp', async () => {
    const { rows: got, compiled } = await compileAndRun({ is_timeseries: true, granularity: 'ds', extras: { time_grain_sqla: 'P1Y' }, columns: [], metrics: ['count'] });
    expect(compiled.labels).toEqual(['__timestamp', 'count']);
    expect(got.map((r) => [String(r[0]).slice(0, 4), Number(r[1])])).toEqual([
      ['2023', rows.filter((r) => r.ds.startsWith('2023')).length],
      ['2024', rows.filter((r) => r.ds.startsWith('2024')).length],
    ]);
  });

  it('adds RLS clauses to every query', async () => {
    const { rows: got } = await compileAndRun({ columns: [], metrics: ['count'] }, ["region = 'West'"]);
    expect(Number(got[0][0])).toBe(rows.filter((r) => r.region === 'West').length);
  });

  it('binds hostile values as parameters', async () => {
    const hostile = "x' OR '1'='1";
    const { rows: got, compiled } = await compileAndRun({ columns: [], metrics: ['count'], filters: [{ col: 'product', op: '==', val: hostile }] });
    expect(compiled.sql).not.toContain(hostile);
    expect(compiled.params).toContain(hostile);
    expect(Number(got[0][0])).toBe(0);
  });
});

describe('compileQuery refusals (no query reaches a database)', () => {
  const spec = getEngineSpec('duckdb');
  const compile = (raw: Record<string, unknown>, rls: string[] = []) =>
    compileCheckedQuery({ spec, dataset: dataset('t'), query: parseQueryObject(raw), maxRowLimit: 1000, rlsClauses: rls });
  const errorOf = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch (error) {
      return error as LumenError;
    }
    throw new Error('expected an error');
  };

  it('reports a time range it could not apply (no time column) as rejected, and one it applied as applied', async () => {
    const skipped = await compile({ columns: ['region'], metrics: ['count'], time_range: 'Last year' });
    expect(skipped.rejectedFilters).toContainEqual({ column: '__time_range', reason: 'no_temporal_column' });
    expect(skipped.sql).not.toMatch(/ds >=/);
    const applied = await compile({ columns: ['region'], metrics: ['count'], time_range: 'Last year', granularity: 'ds' });
    expect(applied.appliedFilters).toContainEqual({ column: '__time_range' });
    expect(applied.rejectedFilters).toEqual([]);
    const none = await compile({ columns: ['region'], metrics: ['count'], time_range: 'No filter' });
    expect(none.rejectedFilters).toEqual([]);
  });

  it('names unknown columns and metrics', async () => {
    expect((await errorOf(() => compile({ columns: ['nope'], metrics: ['count'] }))).message).toBe("Column 'nope' does not exist in dataset t");
    expect((await errorOf(() => compile({ columns: [], metrics: ['nope'] }))).message).toBe("Metric 'nope' does not exist in dataset t");
    expect((await errorOf(() => compile({ columns: [], metrics: ['count'], filters: [{ col: 'x"; DROP', op: '==', val: 1 }] }))).statusCode).toBe(400);
  });

  it('rejects unknown operators, bad time ranges and injection in every SQL field', async () => {
    expect((await errorOf(() => compile({ metrics: ['count'], filters: [{ col: 'id', op: 'BETWIXT', val: 1 }] }))).message).toMatch(/BETWIXT' is not a filter operator/);
    expect((await errorOf(() => compile({ metrics: ['count'], time_range: 'Last eon', granularity: 'ds' }))).message).toMatch(/Invalid time range 'Last eon'/);
    expect((await errorOf(() => compile({ metrics: ['count'], extras: { where: '1=1; DROP TABLE t' } }))).errorType).toBe('INVALID_SQL_ERROR');
    expect((await errorOf(() => compile({ metrics: [{ expressionType: 'SQL', sqlExpression: '(SELECT 1)' }] }))).errorType).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
    expect((await errorOf(() => compile({ columns: [{ sqlExpression: 'id) FROM t; --', label: 'x' }], metrics: ['count'] }))).errorType).toBe('INVALID_SQL_ERROR');
    expect((await errorOf(() => compile({ metrics: ['count'], extras: { having: 'COUNT(*) > 1 UNION SELECT 1' } }))).statusCode).toBe(400);
    expect((await errorOf(() => compile({ metrics: ['count'] }, ['1=1 --']))).statusCode).toBe(400);
    expect((await errorOf(() => compile({ metrics: ['count'], row_limit: 'ten' }))).message).toMatch(/row_limit is expected to be an integer/);
    expect((await errorOf(() => compile({ metrics: ['count'], filters: [{ col: 'product', op: 'LIKE', val: 3 }] }))).message).toMatch(/string pattern/);
    for (const grain of ['constructor', '__proto__', 'toString']) {
      const error = await errorOf(() => compile({ metrics: ['count'], is_timeseries: true, granularity: 'ds', extras: { time_grain_sqla: grain } }));
      expect(error.statusCode, grain).toBe(400);
      expect(error.message).toMatch(/No grain spec for/);
    }
  });

  it('caps the row limit by configuration and refuses empty and duplicate-label queries', async () => {
    expect((await compile({ columns: ['id'], row_limit: 50_000 })).rowLimit).toBe(1000);
    expect((await errorOf(() => compile({ columns: [], metrics: [] }))).message).toMatch(/Empty query/);
    expect((await errorOf(() => compile({ columns: ['count'], metrics: [] }))).message).toMatch(/does not exist/);
    expect((await errorOf(() => compile({ columns: [{ sqlExpression: 'id', label: 'count' }], metrics: ['count'] }))).message).toMatch(/Duplicate column\/metric labels: 'count'/);
  });
});
