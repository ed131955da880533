import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EngineClient, getEngineSpec, parseConnectTarget } from '../engines';
import { compileCheckedQuery } from './checked-compile';
import type { DatasetColumnModel, DatasetModel } from './dataset-model';
import { parseQueryObject } from './query-object';
import { parseDateFormat, temporalColumnSql } from './temporal-expression';

/**
 * Temporal columns stored as numbers or text (the incumbent's Video Game Sales `year` BIGINT with
 * python_date_format '%Y', epoch seconds and milliseconds, formatted text) on the real engines: the time
 * grain, the time axis and the time range all work on the converted timestamp, and a year is never read
 * as epoch milliseconds.
 */
interface Row {
  id: number;
  year: number | null;
  year_text: string | null;
  ymd: number | null;
  dmy: string | null;
  epoch_s: number | null;
  epoch_ms: number | null;
  plain_year: number | null;
}

const at = (iso: string) => Date.parse(`${iso}Z`);
const rows: Row[] = [
  { id: 1, year: 2006, year_text: '2006', ymd: 20060105, dmy: '05/01/2006 10:30', epoch_s: at('2006-01-05T10:30:00') / 1000, epoch_ms: at('2006-01-05T10:30:00'), plain_year: 2006 },
  { id: 2, year: 2006, year_text: '2006', ymd: 20060217, dmy: '17/02/2006 08:00', epoch_s: at('2006-02-17T08:00:00') / 1000, epoch_ms: at('2006-02-17T08:00:00'), plain_year: 2006 },
  { id: 3, year: 1985, year_text: '1985', ymd: 19850913, dmy: '13/09/1985 23:59', epoch_s: at('1985-09-13T23:59:00') / 1000, epoch_ms: at('1985-09-13T23:59:00'), plain_year: 1985 },
  { id: 4, year: 2008, year_text: '2008', ymd: 20080410, dmy: '10/04/2008 00:00', epoch_s: at('2008-04-10T00:00:00') / 1000, epoch_ms: at('2008-04-10T00:00:00'), plain_year: 2008 },
  // The incumbent's CSV has 'N/A' years: NULL after loading, unparseable as text.
  { id: 5, year: null, year_text: 'N/A', ymd: null, dmy: 'N/A', epoch_s: null, epoch_ms: null, plain_year: null },
];

const column = (column_name: string, type: string, python_date_format: string | null, is_dttm = true): DatasetColumnModel => ({
  column_name,
  type,
  expression: null,
  is_dttm,
  python_date_format,
  filterable: true,
  groupby: true,
});

const dataset = (table: string, textType: string): DatasetModel => ({
  id: 1,
  uuid: 'x',
  table_name: table,
  schema: null,
  catalog: null,
  sql: null,
  database_id: 1,
  main_dttm_col: 'year',
  cache_timeout: null,
  changed_on: '',
  fetch_values_predicate: null,
  always_filter_main_dttm: false,
  columns: [
    column('id', 'INTEGER', null, false),
    column('year', 'BIGINT', '%Y'),
    column('year_text', textType, '%Y'),
    column('ymd', 'BIGINT', '%Y%m%d'),
    column('dmy', textType, '%d/%m/%Y %H:%M'),
    column('epoch_s', 'BIGINT', 'epoch_s'),
    column('epoch_ms', 'BIGINT', 'epoch_ms'),
    column('plain_year', 'BIGINT', null),
  ],
  metrics: [{ metric_name: 'count', expression: 'COUNT(*)', verbose_name: null, d3format: null }],
});

const dir = mkdtempSync(join(tmpdir(), 'lumen-temporal-'));
const suffix = randomBytes(4).toString('hex');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ENGINES = [
  { name: 'duckdb', uri: `duckdb:///${join(dir, 't.duckdb')}`, text: 'VARCHAR' },
  { name: 'sqlite', uri: `sqlite:///${join(dir, 't.sqlite')}`, text: 'TEXT' },
  { name: 'postgresql', uri: 'postgresql://postgres@127.0.0.1:5432/test', text: 'VARCHAR(40)' },
  { name: 'mysql', uri: 'mysql://root@127.0.0.1:3306/test', text: 'VARCHAR(40)' },
];

const iso = (ms: number) => new Date(ms).toISOString();
const yearStart = (year: number) => iso(Date.UTC(year, 0, 1));

describe.each(ENGINES)('temporal columns stored as numbers or text on $name', (engine) => {
  const spec = getEngineSpec(engine.name);
  const table = `temporal_fixture_${suffix}`;
  let client: EngineClient;
  const run = async (raw: Record<string, unknown>) => {
    const compiled = await compileCheckedQuery({ spec, dataset: dataset(table, engine.text), query: parseQueryObject(raw), maxRowLimit: 1000, now: new Date('2024-06-15T12:00:00Z') });
    const result = await client.execute(compiled.sql, compiled.params, { temporalAs: 'iso', temporalColumns: compiled.temporalLabels });
    return { compiled, rows: result.rows };
  };

  beforeAll(async () => {
    client = await spec.connect(parseConnectTarget(engine.uri));
    await client.execute(`DROP TABLE IF EXISTS ${table}`);
    await client.execute(
      `CREATE TABLE ${table} (id INTEGER, year BIGINT, year_text ${engine.text}, ymd BIGINT, dmy ${engine.text}, epoch_s BIGINT, epoch_ms BIGINT, plain_year BIGINT)`,
    );
    const placeholders = rows.map((_, r) => `(${Array.from({ length: 8 }, (_, k) => spec.placeholder(r * 8 + k + 1)).join(', ')})`);
    await client.execute(
      `INSERT INTO ${table} VALUES ${placeholders.join(', ')}`,
      rows.flatMap((r) => [r.id, r.year, r.year_text, r.ymd, r.dmy, r.epoch_s, r.epoch_ms, r.plain_year]),
    );
  });
  afterAll(async () => {
    await client.execute(`DROP TABLE IF EXISTS ${table}`);
    await client.close();
  });

  it('groups a BIGINT year with python_date_format %Y by a time grain (no DATE_TRUNC(BIGINT) binder error)', async () => {
    const { rows: got, compiled } = await run({
      is_timeseries: true,
      granularity: 'year',
      extras: { time_grain_sqla: 'P1Y' },
      columns: [],
      metrics: ['count'],
      filters: [{ col: 'year', op: 'IS NOT NULL' }],
    });
    expect(compiled.temporalLabels).toEqual(['__timestamp']);
    expect(got.map((r) => [r[0], Number(r[1])])).toEqual([
      [yearStart(1985), 1],
      [yearStart(2006), 2],
      [yearStart(2008), 1],
    ]);
  });

  it('reads the year as a date with no grain at all (the incumbent\'s Games per Genre over time)', async () => {
    const { rows: got } = await run({ is_timeseries: true, granularity: 'year', columns: [], metrics: ['count'], filters: [{ col: 'year', op: 'IS NOT NULL' }] });
    expect(got.map((r) => r[0])).toEqual([yearStart(1985), yearStart(2006), yearStart(2008)]);
  });

  it.each([
    ['year', 'P1Y', [yearStart(1985), yearStart(2006), yearStart(2008)]],
    ['year_text', 'P1Y', [yearStart(1985), yearStart(2006), yearStart(2008)]],
    ['ymd', 'P1M', ['1985-09-01', '2006-01-01', '2006-02-01', '2008-04-01'].map((d) => iso(Date.parse(`${d}T00:00:00Z`)))],
    ['dmy', 'P1D', ['1985-09-13', '2006-01-05', '2006-02-17', '2008-04-10'].map((d) => iso(Date.parse(`${d}T00:00:00Z`)))],
    ['epoch_s', 'PT1H', ['1985-09-13T23', '2006-01-05T10', '2006-02-17T08', '2008-04-10T00'].map((d) => iso(Date.parse(`${d}:00:00Z`)))],
    ['epoch_ms', 'P1D', ['1985-09-13', '2006-01-05', '2006-02-17', '2008-04-10'].map((d) => iso(Date.parse(`${d}T00:00:00Z`)))],
    ['plain_year', 'P1Y', [yearStart(1985), yearStart(2006), yearStart(2008)]],
  ])('puts %s on a time axis with grain %s', async (name, grain, expected) => {
    const { rows: got, compiled } = await run({
      columns: [{ sqlExpression: name, label: name, columnType: 'BASE_AXIS', timeGrain: grain }],
      metrics: ['count'],
      filters: [{ col: name, op: 'IS NOT NULL' }],
    });
    expect(compiled.temporalLabels).toEqual([name]);
    // NULL and unparseable values ('N/A') become NULL; ordered along the time axis.
    expect(got.map((r) => r[0]).filter((v) => v !== null)).toEqual(expected);
  });

  it.each(['year', 'year_text', 'ymd', 'dmy', 'epoch_s', 'epoch_ms', 'plain_year'])('filters a time range on %s against the converted timestamp', async (name) => {
    const { rows: got } = await run({ granularity: name, time_range: '2006-01-01 : 2007-01-01', columns: [], metrics: ['count'] });
    expect(Number(got[0][0])).toBe(2);
    const { rows: temporal } = await run({ columns: [], metrics: ['count'], filters: [{ col: name, op: 'TEMPORAL_RANGE', val: '1980-01-01 : 2006-01-01' }] });
    expect(Number(temporal[0][0])).toBe(1);
  });

  it("keeps raw rows in the table's order without an ordering, as the incumbent (Top 10 Games listed rank 259 first by year)", async () => {
    // Raw query mode leaves metrics out: an empty metrics list would group (the incumbent's rule, compile-query.ts).
    const { rows: got, compiled } = await run({ columns: ['id', 'year'], row_limit: 4 });
    expect(compiled.sql).not.toMatch(/ORDER BY/);
    expect(got.map((r) => Number(r[0]))).toEqual([1, 2, 3, 4]);
    const { rows: ordered } = await run({ columns: ['id', 'year'], orderby: [['year', false], ['id', true]], filters: [{ col: 'year', op: 'IS NOT NULL' }], row_limit: 4 });
    expect(ordered.map((r) => Number(r[0]))).toEqual([4, 1, 2, 3]);
  });

  it('shows a year as it is stored anywhere else (raw columns, samples), never as epoch milliseconds', async () => {
    const { rows: got, compiled } = await run({ columns: ['id', 'year', 'epoch_s', 'epoch_ms'], orderby: [['id', true]], row_limit: 1 });
    expect(compiled.temporalLabels).toEqual(['epoch_ms']);
    expect(got[0].slice(0, 3).map(Number)).toEqual([1, 2006, rows[0].epoch_s]);
    expect(got[0][3]).toBe(iso(rows[0].epoch_ms!));
  });
});

describe('temporalColumnSql', () => {
  it('leaves native temporal columns and unknown types alone', () => {
    expect(temporalColumnSql('duckdb', { sql: 'ds', genericType: 'TEMPORAL', pythonDateFormat: '%Y-%m-%d' })).toBeNull();
    expect(temporalColumnSql('duckdb', { sql: 'ds', genericType: null, pythonDateFormat: null })).toBeNull();
    expect(temporalColumnSql('sqlite', { sql: 'ds', genericType: 'STRING', pythonDateFormat: null })).toBeNull();
  });

  it('writes only formats it can parse into SQL (no quotes or backslashes from the dataset reach a literal)', () => {
    expect(parseDateFormat("%Y' OR '1'='1")).toBeNull();
    expect(parseDateFormat('%Y\\')).toBeNull();
    expect(parseDateFormat('%Q')).toBeNull();
    expect(parseDateFormat('%Y-%m-%d')).toHaveLength(5);
    for (const engine of ['duckdb', 'sqlite', 'postgresql', 'mysql']) {
      const sql = temporalColumnSql(engine, { sql: '"y"', genericType: 'NUMERIC', pythonDateFormat: "%Y' OR '1'='1" });
      expect(sql).not.toContain('OR');
    }
  });
});
