/**
 * Parity with SQL: the same computations in an in-memory DuckDB (GROUP BY, window functions,
 * PIVOT, generate_series) on a few hundred generated rows, compared with a 1e-9 tolerance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPostProcessing, GenericDataType as T, type Frame } from './index';

const DAY = 86_400_000;
const START = Date.UTC(2021, 0, 1);
const ROWS = 300;

let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const data = Array.from({ length: ROWS }, (_, i) => {
  const r = rand();
  return {
    i,
    g: r < 0.08 ? null : ['alpha', 'beta', 'gamma', 'delta'][Math.floor(rand() * 4)],
    // irregular timestamps (gaps) over ~200 days, several per day, sorted
    ts: START + Math.floor((i * 2) / 3) * DAY + Math.floor(rand() * 3) * 3_600_000,
    x: rand() < 0.1 ? null : Math.round(rand() * 100000) / 100 - 200,
  };
}).sort((a, b) => a.ts - b.ts).map((r, i) => ({ ...r, i }));

const frame: Frame = {
  colnames: ['i', 'g', 'ts', 'x'],
  coltypes: [T.NUMERIC, T.STRING, T.TEMPORAL, T.NUMERIC],
  columns: [data.map((r) => r.i), data.map((r) => r.g), data.map((r) => r.ts), data.map((r) => r.x)],
};

type Conn = { runAndReadAll: (sql: string) => Promise<{ getRowObjectsJS: () => Record<string, unknown>[] }> };
let conn: Conn;
let instance: { closeSync?: () => void } | undefined;

beforeAll(async () => {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const inst = await DuckDBInstance.create(':memory:');
  instance = inst as unknown as { closeSync?: () => void };
  conn = (await inst.connect()) as unknown as Conn;
  const values = data.map((r) => `(${r.i}, ${r.g === null ? 'NULL' : `'${r.g}'`}, ${r.ts}, ${r.x === null ? 'NULL' : `${r.x}::DOUBLE`})`).join(',\n');
  await conn.runAndReadAll(`CREATE TABLE t AS SELECT i::INTEGER AS i, g::VARCHAR AS g, ts::BIGINT AS ts, x::DOUBLE AS x FROM (VALUES ${values}) v(i, g, ts, x)`);
});
afterAll(() => instance?.closeSync?.());

const sql = async (q: string) => (await conn.runAndReadAll(q)).getRowObjectsJS();
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const col = (f: Frame, name: string) => f.columns[f.colnames.indexOf(name)];

function expectClose(actual: unknown[], expected: (number | null)[]): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((a, k) => {
    const e = expected[k];
    if (e === null || a === null) {
      expect([k, a]).toEqual([k, e]);
      return;
    }
    const diff = Math.abs((a as number) - e);
    expect(diff <= 1e-9 * Math.max(1, Math.abs(e)), `row ${k}: ${a} vs ${e}`).toBe(true);
  });
}

describe('DuckDB parity', () => {
  it('aggregate = GROUP BY', async () => {
    const out = applyPostProcessing(frame, [{
      operation: 'aggregate',
      options: {
        groupby: ['g'],
        aggregates: {
          s: { column: 'x', operator: 'sum' }, m: { column: 'x', operator: 'mean' }, med: { column: 'x', operator: 'median' },
          lo: { column: 'x', operator: 'min' }, hi: { column: 'x', operator: 'max' }, c: { column: 'x', operator: 'count' },
          sd: { column: 'x', operator: 'std' }, v: { column: 'x', operator: 'var' },
          p: { column: 'x', operator: 'percentile', options: { q: 25 } },
        },
      },
    }]);
    const rows = await sql(`SELECT g, sum(x) s, avg(x) m, median(x) med, min(x) lo, max(x) hi, count(x) c, stddev_pop(x) sd, var_pop(x) v,
      quantile_cont(x, 0.25) p FROM t WHERE g IS NOT NULL GROUP BY g ORDER BY g`);
    expect(col(out, 'g')).toEqual(rows.map((r) => r.g));
    for (const k of ['s', 'm', 'med', 'lo', 'hi', 'c', 'sd', 'v', 'p']) expectClose(col(out, k), rows.map((r) => num(r[k])));
  });

  it('rolling = window functions (min_periods = window)', async () => {
    const w = 7;
    const frameFor = (rolling_type: string) => applyPostProcessing(frame, [{ operation: 'rolling', options: { rolling_type, window: w, columns: { x: 'r' } } }]);
    const rows = await sql(`SELECT
      count(x) OVER win AS n, sum(x) OVER win AS s, avg(x) OVER win AS m, stddev_samp(x) OVER win AS sd,
      min(x) OVER win AS lo, max(x) OVER win AS hi, median(x) OVER win AS med
      FROM t WINDOW win AS (ORDER BY i ROWS BETWEEN ${w - 1} PRECEDING AND CURRENT ROW) ORDER BY i`);
    const gate = (k: string) => rows.map((r) => (Number(r.n) >= w ? num(r[k]) : null));
    expectClose(col(frameFor('sum'), 'r'), gate('s'));
    expectClose(col(frameFor('mean'), 'r'), gate('m'));
    expectClose(col(frameFor('std'), 'r'), gate('sd'));
    expectClose(col(frameFor('min'), 'r'), gate('lo'));
    expectClose(col(frameFor('max'), 'r'), gate('hi'));
    expectClose(col(frameFor('median'), 'r'), gate('med'));
    // min_periods: rows with fewer observations are null, then the first min_periods - 1 rows are dropped.
    const mp = applyPostProcessing(frame, [{ operation: 'rolling', options: { rolling_type: 'sum', window: w, min_periods: 3, columns: { x: 'r' } } }]);
    expectClose(col(mp, 'r'), rows.map((r) => (Number(r.n) >= 3 ? num(r.s) : null)).slice(2));
  });

  it('cum = running window aggregates (nulls stay null)', async () => {
    const rows = await sql(`SELECT x, sum(x) OVER win s, max(x) OVER win hi, min(x) OVER win lo
      FROM t WINDOW win AS (ORDER BY i ROWS UNBOUNDED PRECEDING) ORDER BY i`);
    for (const [op, k] of [['sum', 's'], ['max', 'hi'], ['min', 'lo']] as const) {
      const out = applyPostProcessing(frame, [{ operation: 'cum', options: { operator: op, columns: { x: 'x' } } }]);
      expectClose(col(out, 'x'), rows.map((r) => (r.x === null ? null : num(r[k]))));
    }
  });

  it('pivot = PIVOT', async () => {
    const out = applyPostProcessing(frame, [
      { operation: 'pivot', options: { index: ['ts'], columns: ['g'], aggregates: { x: { operator: 'sum' } }, drop_missing_columns: false } },
      // The modern client pipeline: drop the single metric's level, then flatten.
      { operation: 'rename', options: { columns: { x: null }, level: 0, inplace: true } },
      { operation: 'flatten' },
    ]);
    const rows = await sql(`PIVOT (SELECT ts, coalesce(g, '<NULL>') AS g, x FROM t) ON g USING sum(coalesce(x, 0)) GROUP BY ts ORDER BY ts`);
    expect(col(out, 'ts')).toEqual(rows.map((r) => Number(r.ts)));
    for (const g of ['<NULL>', 'alpha', 'beta', 'delta', 'gamma']) expectClose(col(out, g), rows.map((r) => num(r[g])));
    // default drop_missing_columns also drops rows whose metrics are all null
    const dropped = applyPostProcessing(frame, [
      { operation: 'pivot', options: { index: ['ts'], columns: ['g'], aggregates: { x: { operator: 'mean' } } } },
      { operation: 'rename', options: { columns: { x: null }, level: 0, inplace: true } },
      { operation: 'flatten' },
    ]);
    const rows2 = await sql(`WITH p AS (PIVOT (SELECT ts, coalesce(g, '<NULL>') AS g, x FROM t) ON g USING avg(x) GROUP BY ts)
      SELECT * FROM p WHERE ts IN (SELECT ts FROM t GROUP BY ts HAVING count(x) > 0) ORDER BY ts`);
    expect(col(dropped, 'ts')).toEqual(rows2.map((r) => Number(r.ts)));
    for (const g of ['alpha', 'beta', 'delta', 'gamma']) expectClose(col(dropped, g), rows2.map((r) => num(r[g])));
  });

  it('resample 1D sum/mean/asfreq = generate_series + GROUP BY / join', async () => {
    const daily = await sql(`WITH grid AS (SELECT unnest(generate_series((SELECT min(ts) // ${DAY} FROM t), (SELECT max(ts) // ${DAY} FROM t))) AS d)
      SELECT d * ${DAY} AS ts, coalesce(sum(x), 0) s, avg(x) m FROM grid LEFT JOIN t ON t.ts // ${DAY} = d GROUP BY d ORDER BY d`);
    const base = applyPostProcessing(frame, [{ operation: 'select', options: { columns: ['ts', 'x'] } }]);
    const s = applyPostProcessing(base, [{ operation: 'resample', options: { rule: '1D', method: 'sum', index: 'ts' } }]);
    expect(col(s, 'ts')).toEqual(daily.map((r) => Number(r.ts)));
    expectClose(col(s, 'x'), daily.map((r) => num(r.s)));
    const m = applyPostProcessing(base, [{ operation: 'resample', options: { rule: '1D', method: 'mean', index: 'ts' } }]);
    expectClose(col(m, 'x'), daily.map((r) => num(r.m)));
    const hourly = await sql(`WITH grid AS (SELECT unnest(generate_series((SELECT min(ts) FROM t), (SELECT max(ts) FROM t), 3600000)) AS h),
      last AS (SELECT ts, last(x ORDER BY i) x FROM t GROUP BY ts)
      SELECT h AS ts, coalesce(x, -1) x FROM grid LEFT JOIN last ON last.ts = h ORDER BY h`);
    const a = applyPostProcessing(base, [{ operation: 'resample', options: { rule: '1H', method: 'asfreq', fill_value: -1, index: 'ts' } }]);
    expect(col(a, 'ts')).toEqual(hourly.map((r) => Number(r.ts)));
    expectClose(col(a, 'x'), hourly.map((r) => num(r.x)));
  });

  it('contribution = share of column total', async () => {
    const rows = await sql(`SELECT coalesce(x, 0) / sum(coalesce(x, 0)) OVER () AS c FROM t ORDER BY i`);
    const out = applyPostProcessing(frame, [{ operation: 'contribution', options: { orientation: 'column', columns: ['x'], rename_columns: ['c'] } }]);
    expectClose(col(out, 'c'), rows.map((r) => num(r.c)));
  });

  it('sort = ORDER BY ... NULLS LAST with row order as tie-breaker', async () => {
    const rows = await sql(`SELECT i FROM t ORDER BY g ASC NULLS LAST, x DESC NULLS LAST, i`);
    const out = applyPostProcessing(frame, [{ operation: 'sort', options: { by: ['g', 'x'], ascending: [true, false] } }]);
    expect(col(out, 'i')).toEqual(rows.map((r) => r.i));
    const rows2 = await sql(`SELECT i FROM t ORDER BY x ASC NULLS LAST, i`);
    expect(col(applyPostProcessing(frame, [{ operation: 'sort', options: { columns: { x: true } } }]), 'i')).toEqual(rows2.map((r) => r.i));
  });
});

describe('columnar scale (behaviour only)', () => {
  it('handles 1M rows through sort, aggregate, pivot, rolling and cum', () => {
    const n = 1_000_000;
    const k = new Array<string>(n);
    const ts = new Array<number>(n);
    const x = new Array<number | null>(n);
    for (let i = 0; i < n; i++) {
      k[i] = `k${i % 10}`;
      ts[i] = START + Math.floor(i / 10) * DAY;
      x[i] = i % 97 === 0 ? null : (i % 1000) / 10;
    }
    const big: Frame = { colnames: ['k', 'ts', 'x'], coltypes: [T.STRING, T.TEMPORAL, T.NUMERIC], columns: [k, ts, x] };
    const sorted = applyPostProcessing(big, [{ operation: 'sort', options: { by: 'x', ascending: false } }]);
    expect(sorted.columns[2][0]).toBe(99.9);
    expect(sorted.columns[2][n - 1]).toBeNull();
    const agg = applyPostProcessing(big, [{ operation: 'aggregate', options: { groupby: ['k'], aggregates: { c: { column: 'x', operator: 'count' } } } }]);
    expect(agg.columns[1].reduce((a: number, b) => a + (b as number), 0)).toBe(n - Math.ceil(n / 97));
    const piv = applyPostProcessing(big, [
      { operation: 'pivot', options: { index: ['ts'], columns: ['k'], aggregates: { x: { operator: 'sum' } } } },
      { operation: 'rename', options: { columns: { x: null }, level: 0, inplace: true } },
      { operation: 'flatten' },
      { operation: 'rolling', options: { rolling_type: 'mean', window: 7, columns: { k0: 'k0' } } },
      { operation: 'cum', options: { operator: 'sum', columns: { k1: 'k1' } } },
    ]);
    expect(piv.columns[0].length).toBe(n / 10);
    expect(piv.colnames).toEqual(['ts', ...Array.from({ length: 10 }, (_, i) => `k${i}`)]);
  });
});
