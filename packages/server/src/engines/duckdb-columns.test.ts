import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseDuckDBInstance } from './duckdb';
import { duckdbSpec } from './duckdb';
import type { ColumnarResult, EngineClient, ExecuteOptions, ExecuteResult } from './types';

/**
 * executeColumns must answer exactly what execute answers, transposed: random typed tables (every common
 * type, nulls, NaN and infinities, dates and timestamps outside JS's range, BLOBs, nested types) run through
 * both paths on a real DuckDB with random options (maxRows across chunk boundaries, temporalAs, extra
 * temporal columns), and the results, or the errors, are compared.
 */

const DATABASE = ':memory:';
let client: EngineClient;

beforeAll(async () => {
  client = await duckdbSpec.connect({ backend: 'duckdb', driver: null, host: null, port: null, username: null, password: null, database: DATABASE, query: {} });
});
afterAll(async () => {
  await client.close();
  await releaseDuckDBInstance(DATABASE);
});

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const big = (min: bigint, max: bigint) => fc.bigInt({ min, max }).map(String);
const double = fc.double().map((v) => `CAST(${quote(String(v))} AS DOUBLE)`);
const micros = fc.oneof(big(-62_135_596_800_000_000n, 253_402_300_799_000_000n), big(-9_000_000_000_000_000_000n, 9_000_000_000_000_000_000n).map((v) => v));
const timestamp = fc.oneof(
  { weight: 8, arbitrary: micros.map((v) => `make_timestamp(${v}::BIGINT)`) },
  { weight: 1, arbitrary: fc.constantFrom("TIMESTAMP 'infinity'", "TIMESTAMP '-infinity'") },
);

/** A SQL type and literals of it (null added below). */
const COLUMN_TYPES: [string, fc.Arbitrary<string>][] = [
  ['BOOLEAN', fc.boolean().map(String)],
  ['TINYINT', fc.integer({ min: -128, max: 127 }).map(String)],
  ['SMALLINT', fc.integer({ min: -32768, max: 32767 }).map(String)],
  ['INTEGER', fc.integer().map(String)],
  ['UINTEGER', fc.nat().map(String)],
  ['BIGINT', big(-(2n ** 63n), 2n ** 63n - 1n)],
  ['UBIGINT', big(0n, 2n ** 64n - 1n)],
  ['HUGEINT', big(-(2n ** 100n), 2n ** 100n)],
  ['DOUBLE', double],
  ['FLOAT', fc.float({ noNaN: false }).map((v) => `CAST(${quote(String(v))} AS FLOAT)`)],
  ['DECIMAL(18,3)', big(-(10n ** 17n), 10n ** 17n).map((v) => `(${v}::DECIMAL(18,0) / 1000)::DECIMAL(18,3)`)],
  ['DECIMAL(38,10)', big(-(10n ** 37n), 10n ** 37n).map((v) => `(${v}::HUGEINT::DECIMAL(38,0) / 10000000000)::DECIMAL(38,10)`)],
  ['DECIMAL(4,1)', fc.integer({ min: -9999, max: 9999 }).map((v) => `(${v}::DECIMAL(4,0) / 10)::DECIMAL(4,1)`)],
  ['VARCHAR', fc.oneof(fc.string({ unit: 'grapheme' }), fc.constantFrom('2024-01-02', '2024-01-02 03:04:05.678', 'not a date')).map(quote)],
  ['DATE', fc.oneof(fc.integer({ min: -800_000, max: 800_000 }).map((d) => `(DATE '1970-01-01' + ${d})`), fc.constantFrom("DATE 'infinity'", "DATE '-infinity'"))],
  ['TIMESTAMP', timestamp],
  ['TIMESTAMPTZ', micros.map((v) => `make_timestamp(${v}::BIGINT)::TIMESTAMPTZ`)],
  ['TIMESTAMP_MS', micros.map((v) => `make_timestamp(${v}::BIGINT)::TIMESTAMP_MS`)],
  ['TIMESTAMP_NS', big(-9_000_000_000_000_000_000n, 9_000_000_000_000_000_000n).map((v) => `make_timestamp_ns(${v}::BIGINT)`)],
  ['TIME', fc.integer({ min: 0, max: 86_399_999 }).map((ms) => `(TIME '00:00:00' + INTERVAL (${ms}) MILLISECOND)`)],
  ['INTERVAL', fc.integer().map((v) => `INTERVAL (${v}) SECOND`)],
  ['UUID', fc.uuid().map((v) => `${quote(v)}::UUID`)],
  ['BLOB', fc.uint8Array({ maxLength: 8 }).map((bytes) => `from_hex(${quote(Buffer.from(bytes).toString('hex'))})`)],
  ['INTEGER[]', fc.array(fc.option(fc.integer(), { nil: null }), { maxLength: 3 }).map((items) => `[${items.map((v) => (v === null ? 'NULL' : String(v))).join(',')}]::INTEGER[]`)],
  ['STRUCT(a TIMESTAMP, b VARCHAR)', fc.tuple(micros, fc.string()).map(([t, s]) => `{'a': make_timestamp(${t}::BIGINT), 'b': ${quote(s)}}::STRUCT(a TIMESTAMP, b VARCHAR)`)],
  ['MAP(VARCHAR, BIGINT)', fc.dictionary(fc.string({ maxLength: 3 }), big(-(2n ** 63n), 2n ** 63n - 1n), { maxKeys: 2 }).map((m) => `MAP {${Object.entries(m).map(([k, v]) => `${quote(k)}: ${v}::BIGINT`).join(', ')}}::MAP(VARCHAR, BIGINT)`)],
];

/** A random table: its column types, rows of literals, and how often the rows repeat (to cross chunk boundaries). */
const table = fc
  .uniqueArray(fc.integer({ min: 0, max: COLUMN_TYPES.length - 1 }), { minLength: 1, maxLength: 6 })
  .chain((typeIndexes) => {
    const cell = (t: number) => fc.option(COLUMN_TYPES[t]![1], { nil: null, freq: 5 });
    const row = fc.tuple(...typeIndexes.map(cell));
    return fc.record({ types: fc.constant(typeIndexes.map((t) => COLUMN_TYPES[t]![0])), rows: fc.array(row, { minLength: 0, maxLength: 12 }), repeat: fc.constantFrom(1, 1, 300, 700) });
  });

const options = (width: number) =>
  fc.record(
    {
      maxRows: fc.oneof(fc.constant(undefined), fc.integer({ min: 0, max: 9000 })),
      temporalAs: fc.constantFrom<ExecuteOptions['temporalAs']>(undefined, 'epoch_ms', 'iso'),
      temporalColumns: fc.subarray(Array.from({ length: width }, (_, i) => `c${i}`)),
    },
    { requiredKeys: [] },
  );

/** SELECT over a VALUES list, rows repeated `repeat` times in a fixed order. */
function tableSql(types: string[], rows: (string | null)[][], repeat: number): string {
  const names = types.map((_, i) => `c${i}`);
  if (!rows.length) return `SELECT ${types.map((type, i) => `NULL::${type} AS c${i}`).join(', ')} WHERE false`;
  const values = rows.map((row, r) => `(${r}, ${row.map((cell, c) => `${cell ?? 'NULL'}::${types[c]}`).join(', ')})`).join(',\n');
  return `SELECT ${names.join(', ')} FROM (VALUES ${values}) t(i, ${names.join(', ')}), range(${repeat}) k ORDER BY k.range, t.i`;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: string };
async function outcome<T>(run: () => Promise<T>, shape: (value: T) => unknown): Promise<Outcome> {
  try {
    return { ok: true, value: shape(await run()) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}
const transposed = (values: unknown[][], rowcount: number) => Array.from({ length: rowcount }, (_, r) => values.map((column) => column[r]));

describe('DuckDB executeColumns', () => {
  it('answers exactly what execute answers, column by column, on random typed tables', async () => {
    await fc.assert(
      fc.asyncProperty(
        table.chain((t) => fc.tuple(fc.constant(t), options(t.types.length))),
        async ([{ types, rows, repeat }, opts]) => {
          const sql = tableSql(types, rows, repeat);
          const byRows = await outcome(() => client.execute(sql, [], opts), (r: ExecuteResult) => ({ columns: r.columns, rows: r.rows, rowcount: r.rowcount }));
          const byColumns = await outcome(
            () => client.executeColumns!(sql, [], opts),
            (r: ColumnarResult) => ({ columns: r.columns, rows: transposed(r.values, r.rowcount), rowcount: r.rowcount, widths: r.values.map((v) => v.length) }),
          );
          if (byRows.ok && byColumns.ok) {
            const { widths, ...rest } = byColumns.value as { widths: number[] };
            expect(rest).toStrictEqual(byRows.value);
            expect(widths.every((w) => w === (byRows.value as ExecuteResult).rowcount)).toBe(true);
          } else {
            expect(byColumns).toStrictEqual(byRows);
          }
        },
      ),
      { numRuns: 120 },
    );
  }, 120_000);

  it('reads plain values across chunks and stops at maxRows', async () => {
    const sql = "SELECT range AS n, (range / 4)::DECIMAL(10,2) AS d, make_timestamp(range * 1000000) AS t, 'x' || range AS s FROM range(5000)";
    const result = await client.executeColumns!(sql, [], { maxRows: 4100 });
    expect(result.rowcount).toBe(4100);
    expect(result.values.map((column) => column[4099])).toEqual([4099, 1024.75, 4_099_000, 'x4099']);
    expect(result.columns.map((c) => [c.type, c.is_dttm])).toEqual([['BIGINT', false], ['DECIMAL(10,2)', false], ['TIMESTAMP', true], ['VARCHAR', false]]);
  });
});
