import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EngineClient, getEngineSpec, parseConnectTarget } from '../../packages/server/src/engines';
import { LumenError } from '../../packages/server/src/errors';
import { checkExpression } from '../../packages/server/src/sql-parsing/expression-guard';

/**
 * Property-based fuzzing of the fragment validator against the real engines: whatever the validator
 * accepts, spliced where a chart's WHERE clause goes in front of an RLS clause, the engine runs as one
 * expression without sub-queries, and only rows the RLS allows come back. Expressions are generated from a
 * small SQL grammar, then mutated with the tokens lexers disagree on (backslashes, quotes, comments,
 * dollar quotes, unicode escapes, statement breaks, sub-query keywords).
 */
const suffix = randomBytes(4).toString('hex');
const dir = mkdtempSync(join(tmpdir(), 'lumen-fuzz-'));
const ENGINES = [
  { name: 'duckdb', uri: `duckdb:///${join(dir, 'fuzz.duckdb')}`, explain: (sql: string) => `EXPLAIN ${sql}` },
  { name: 'sqlite', uri: `sqlite:///${join(dir, 'fuzz.sqlite')}`, explain: (sql: string) => `EXPLAIN QUERY PLAN ${sql}` },
  { name: 'postgresql', uri: 'postgresql://postgres@127.0.0.1:5432/test', explain: (sql: string) => `EXPLAIN (FORMAT JSON, VERBOSE) ${sql}` },
  { name: 'mysql', uri: 'mysql://root@127.0.0.1:3306/test', explain: (sql: string) => `EXPLAIN FORMAT=JSON ${sql}` },
];
const COLUMNS = new Set(['id', 'region', 'amount', 'note']);
const RUNS = Number(process.env.LUMEN_FUZZ_RUNS ?? 400);

const NASTY = ["'", '"', '`', '\\', "\\'", '--', '/*', '*/', '/*!', '/*M!', '#', ';', '$$', '$a$', "E'", 'U&"', "U&'", '(', ')', 'SELECT', 'FROM', 'UNION', 'WITH', ' OR 1=1', '\n', '?', '$1', '@@version', ':='];

/**
 * A small typed grammar (numbers, strings, conditions) so most generated expressions are ones the engine
 * accepts too: a property checked only on what every engine refuses anyway would prove little.
 */
const stringLiteral = fc.oneof(
  fc.constantFrom("'North'", "'South'", "'x\\'", "'a''b'", "'-- c'", "'/* c */'", "'\\'", "'$$'"),
  fc.string({ maxLength: 6 }).map((s) => `'${s.replace(/'/g, "''")}'`),
);
const grammar = fc.letrec((tie) => ({
  num: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('id', 'amount', '"amount"'),
    fc.integer({ min: -5, max: 50 }).map(String),
    fc.tuple(tie('num'), fc.constantFrom('+', '-', '*'), tie('num')).map(([a, op, b]) => `(${a} ${op} ${b})`),
    tie('num').map((a) => `ABS(${a})`),
    tie('str').map((a) => `LENGTH(${a})`),
  ),
  str: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: fc.constantFrom('region', 'note') },
    fc.constantFrom('secret', 'inj_private'),
    { weight: 2, arbitrary: stringLiteral },
    tie('str').map((a) => `LOWER(${a})`),
    fc.tuple(tie('str'), tie('str')).map(([a, b]) => `COALESCE(${a}, ${b})`),
    fc.tuple(tie('str'), tie('str')).map(([a, b]) => `(${a} || ${b})`),
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('pg_read_file', 'read_text', 'load_file', 'readfile', 'query', 'version'), tie('str')).map(([f, a]) => `${f}(${a})`) },
  ),
  cond: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(tie('num'), fc.constantFrom('=', '<>', '<', '>='), tie('num')).map(([a, op, b]) => `${a} ${op} ${b}`),
    fc.tuple(tie('str'), fc.constantFrom('=', '<>', 'LIKE'), tie('str')).map(([a, op, b]) => `${a} ${op} ${b}`),
    fc.tuple(tie('cond'), fc.constantFrom('AND', 'OR'), tie('cond')).map(([a, op, b]) => `(${a} ${op} ${b})`),
    tie('cond').map((a) => `NOT (${a})`),
    tie('str').map((a) => `${a} IS NOT NULL`),
    fc.tuple(tie('cond'), tie('num'), tie('num')).map(([c, a, b]) => `CASE WHEN ${c} THEN ${a} ELSE ${b} END > 0`),
  ),
}));
const expression = grammar.cond as fc.Arbitrary<string>;

/** An expression, sometimes with a token lexers disagree on inserted at a random place. */
const fragment = fc.oneof(
  { weight: 3, arbitrary: expression },
  { weight: 2, arbitrary: fc.tuple(expression, fc.constantFrom(...NASTY), fc.nat(), fc.constantFrom('', ' ')).map(([e, token, at, pad]) => {
    const i = at % (e.length + 1);
    return `${e.slice(0, i)}${pad}${token}${pad}${e.slice(i)}`;
  }) },
);

describe.each(ENGINES)('fragment validator fuzzed against $name', (engine) => {
  const spec = getEngineSpec(engine.name);
  const table = `fuzz_${suffix}`;
  let client: EngineClient;

  beforeAll(async () => {
    client = await spec.connect(parseConnectTarget(engine.uri));
    await client.execute(`DROP TABLE IF EXISTS ${table}`);
    await client.execute(`CREATE TABLE ${table} (id INTEGER, region VARCHAR(20), amount INTEGER, note VARCHAR(40))`);
    const rows = Array.from({ length: 12 }, (_, i) => `(${i}, '${['North', 'South', 'East'][i % 3]}', ${i * 5}, '${i % 3 === 0 ? 'ok' : 'LEAK'}-${i}')`);
    await client.execute(`INSERT INTO ${table} (id, region, amount, note) VALUES ${rows.join(', ')}`);
  });
  afterAll(async () => {
    await client.execute(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
    await client.close();
  });

  it('runs whatever it accepts as one expression, without sub-queries, inside the RLS', async () => {
    let accepted = 0;
    let engineRefused = 0;
    await fc.assert(
      fc.asyncProperty(fragment, async (text) => {
        let sql: string;
        try {
          sql = (await checkExpression(engine.name, text, { kind: 'where', columns: COLUMNS })).sql;
        } catch (error) {
          if (error instanceof LumenError && error.statusCode === 400) return;
          throw error;
        }
        accepted++;
        const statement = `SELECT note FROM ${table} WHERE (${sql}) AND (region = 'North')`;
        let plan: string;
        try {
          plan = JSON.stringify((await client.execute(engine.explain(statement))).rows);
        } catch {
          engineRefused++; // the engine refused it (types, unknown names): nothing ran
          return;
        }
        expect(plan, `${text}\n${plan}`).not.toMatch(/SubPlan|InitPlan|SUBQUERY|"subqueries"|materialized|DELIM_JOIN|RIGHT_DELIM/i);
        const rows = await client.execute(statement).catch(() => null);
        for (const row of rows?.rows ?? []) expect(String(row[0]), text).toMatch(/^ok-/);
      }),
      { numRuns: RUNS, seed: Number(process.env.LUMEN_FUZZ_SEED ?? Date.now() % 2 ** 31) },
    );
    console.log(`[fuzz] ${engine.name}: ${RUNS} fragments, ${accepted} accepted, ${engineRefused} of those refused by the engine`);
    // A validator that refused everything would pass vacuously.
    expect(accepted).toBeGreaterThan(RUNS / 10);
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));
