import { randomBytes } from 'node:crypto';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import fc from 'fast-check';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContainedRole, containedMariadbUser, containedPostgresRole } from './contained-roles.test-helpers';
import { loadPostgresParser } from '../sql-parsing/postgres-parser';
import { assertAllowed, classifyStatement, type GuardTarget } from './guard';
import { duckdbCorpus, leaksSecret, postgresCorpus } from './injection-corpus.test-helpers';
import { splitStatements } from './statements';

/**
 * Property-based tests of the SQL Lab guard.
 *
 * 1. Spelling: however a dangerous function's name is written (case, quotes, unicode escapes, schema,
 *    comments and line breaks between tokens) and wherever the call sits, the statement is refused.
 * 2. Formatting: re-spacing a statement's tokens with comments and line breaks never turns a refused
 *    statement into an accepted one, nor a write into a read.
 * 3. Soundness against the real engine: scripts assembled from the fragments that desynchronise lexers
 *    (backslashes, E-strings, dollar quotes, nested and executable comments, # comments) around calls that
 *    read a marker file. Whatever the guard accepts, even for a database that allows DML, is run, statement by
 *    statement, on the engine itself — PostgreSQL and MariaDB as roles allowed to read server files, DuckDB
 *    with external access on — and must never return the marker's secret. The engine, not a model of it,
 *    is the oracle.
 */
const token = `lumen-prop-${randomBytes(10).toString('hex')}`;
const marker = `/tmp/lumen-prop-marker-${randomBytes(6).toString('hex')}.txt`;
const RUNS = Number(process.env.LUMEN_PROPERTY_RUNS ?? 500);

beforeAll(() => {
  writeFileSync(marker, `${token}\n`);
  chmodSync(marker, 0o644);
});
afterAll(() => rmSync(marker, { force: true }));

/** Separators the engines read as whitespace between tokens. */
const gap = fc.constantFrom(' ', '  ', '\n', '\t', '/**/', '/* x */', '--c\n', ' /* ; */ ');

/** A PostgreSQL identifier for `name`: bare in any case, quoted, or U&"…" with any characters escaped. */
const pgSpelling = (name: string) =>
  fc.oneof(
    fc.array(fc.boolean(), { minLength: name.length, maxLength: name.length }).map((upper) => [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('')),
    fc.constant(`"${name}"`),
    fc.array(fc.constantFrom('plain', 'short', 'long'), { minLength: name.length, maxLength: name.length }).map(
      (how) => `U&"${[...name].map((c, i) => (how[i] === 'short' ? `\\${c.charCodeAt(0).toString(16).padStart(4, '0')}` : how[i] === 'long' ? `\\+${c.charCodeAt(0).toString(16).padStart(6, '0')}` : c)).join('')}"`,
    ),
  );

const pgContexts = fc.constantFrom(
  (f: string) => `SELECT ${f}`,
  (f: string) => `SELECT * FROM (SELECT ${f} AS x) s`,
  (f: string) => `WITH a AS (SELECT ${f} AS x) SELECT * FROM a`,
  (f: string) => `SELECT 1 WHERE ${f} IS NOT NULL`,
  (f: string) => `SELECT 'x' UNION ALL SELECT ${f}::text`,
  (f: string) => `EXPLAIN ANALYZE SELECT ${f}`,
  (f: string) => `SELECT E'\\'', ${f}`,
  (f: string) => `SELECT $q$;$q$, ${f}`,
);

describe('spelling of dangerous functions', () => {
  it('PostgreSQL refuses every spelling of every denied call, in any context', async () => {
    const call = fc
      .record({
        name: fc.constantFrom('pg_read_file', 'query_to_xml', 'pg_ls_dir', 'lo_import', 'dblink', 'set_config'),
        schema: fc.boolean(),
        g1: gap,
        g2: gap,
      })
      .chain(({ name, schema, g1, g2 }) => pgSpelling(name).map((spelled) => `${schema ? `pg_catalog${g1}.${g2}` : ''}${spelled}${g1}('/etc/passwd')`));
    await fc.assert(
      fc.asyncProperty(call, pgContexts, async (f, context) => {
        const verdict = await classifyStatement(context(f), { backend: 'postgresql' });
        expect(verdict.refusal, context(f)).not.toBeNull();
      }),
      { numRuns: RUNS },
    );
  });

  it('DuckDB refuses file and SQL-from-string table functions however written', async () => {
    const name = fc.constantFrom('read_text', 'read_csv', 'read_blob', 'glob', 'query', 'read_parquet');
    const spelled = name.chain((n) => fc.oneof(fc.constant(n), fc.constant(n.toUpperCase()), fc.constant(`"${n}"`), fc.constant(`main.${n}`)));
    const context = fc.constantFrom(
      (f: string) => `SELECT * FROM ${f}`,
      (f: string) => `FROM ${f}`,
      (f: string) => `SELECT (SELECT count(*) FROM ${f})`,
      (f: string) => `WITH a AS (FROM ${f}) FROM a`,
      (f: string) => `CREATE OR REPLACE TABLE t AS FROM ${f}`,
      (f: string) => `DESCRIBE FROM ${f}`,
    );
    await fc.assert(
      fc.asyncProperty(spelled, gap, context, async (f, g, wrap) => {
        const sql = wrap(`${f}${g}('/etc/passwd')`);
        expect((await classifyStatement(sql, { backend: 'duckdb' })).refusal, sql).not.toBeNull();
      }),
      { numRuns: RUNS },
    );
  });

  it('MariaDB and SQLite refuse their file functions however written', async () => {
    const maria = fc.tuple(fc.constantFrom('load_file', 'LOAD_FILE', '`load_file`', 'Load_File'), gap).map(([f, g]) => `SELECT 1, ${f}${g}('/etc/passwd')`);
    const sqlite = fc.tuple(fc.constantFrom('load_extension', '"load_extension"', '`load_extension`', '[load_extension]', 'LOAD_EXTENSION'), gap).map(([f, g]) => `SELECT 1, ${f}${g}('/tmp/x')`);
    await fc.assert(
      fc.asyncProperty(maria, sqlite, async (m, s) => {
        expect((await classifyStatement(m, { backend: 'mysql' })).refusal, m).not.toBeNull();
        expect((await classifyStatement(s, { backend: 'sqlite' })).refusal, s).not.toBeNull();
      }),
      { numRuns: RUNS },
    );
  });
});

describe('formatting does not change the verdict', () => {
  const files = { marker: '/tmp/lumen-format-marker.txt', out: (n: number) => `/tmp/lumen-format-out-${n}` };
  const ACCEPTED = ['SELECT 1', 'SELECT a, count(*) FROM t GROUP BY a', 'WITH x AS (SELECT 1 AS a) SELECT * FROM x', 'INSERT INTO t VALUES (1)', 'DELETE FROM t WHERE a = 1'];

  it.each([
    ['postgresql', [...postgresCorpus(files), ...ACCEPTED]],
    ['duckdb', [...duckdbCorpus(files), ...ACCEPTED, 'FROM range(3)', 'SELECT [1, 2] AS l']],
  ] as const)('on %s', async (backend, seeds) => {
    const parser = await loadPostgresParser();
    // Statements PostgreSQL's scanner can cut into tokens (all but a few DuckDB-only spellings).
    const tokenised = seeds.flatMap((sql) => {
      try {
        return [{ sql, tokens: parser.scan(sql).filter((t) => !t.tokenName.endsWith('COMMENT')).map((t) => sql.slice(t.start, t.end)) }];
      } catch {
        return [];
      }
    });
    const seed = fc.constantFrom(...tokenised).chain(({ sql, tokens }) =>
      fc.array(gap, { minLength: tokens.length, maxLength: tokens.length }).map((gaps) => ({ sql, variant: tokens.map((t, i) => `${t}${gaps[i]}`).join('') })),
    );
    await fc.assert(
      fc.asyncProperty(seed, async ({ sql, variant }) => {
        const [original, reformatted] = [await classifyStatement(sql, { backend }), await classifyStatement(variant, { backend })];
        if (original.refusal) expect(reformatted.refusal, variant).not.toBeNull();
        if (!reformatted.refusal?.unparsed) expect(reformatted.mutating, variant).toBe(original.mutating);
      }),
      { numRuns: RUNS },
    );
  });
});

/**
 * Scripts are noise fragments around one desynchronising opener, one call that reads the marker and one
 * closer: the shape of every lexing attack (`'a\' , load_file(…) -- '`), drawn often enough to be found.
 */
const M = `'${marker}'`;
interface Grammar {
  noise: string[];
  openers: string[];
  payloads: string[];
  closers: string[];
}
const GRAMMARS: Record<'postgresql' | 'mysql' | 'duckdb', Grammar> = {
  postgresql: {
    noise: ["'", "''", '"', '$$', '/*', '*/', '--', '\n', ';', ',', '(', ')', ' ', '1', 'x', 'AS', '\\', '\\0065'],
    openers: ["'a\\', ", "E'\\'', ", "E'\\", '$$', '$q$', '/* /* */', 'U&"', '"', "'", '--', '', ' '],
    payloads: [`pg_read_file(${M})`, `(${M}::text).pg_read_file`, `U&"pg_read_fil\\0065"(${M})`, `query_to_xml('select pg_read_file(''${marker}'')',true,true,'')`, `"pg_read_file"(${M})`],
    closers: ["-- '", "'", '$$', '$q$', '*/', '"', '\n', '', ' -- "'],
  },
  mysql: {
    noise: ["'", "''", '"', '#', '-- ', '--', '/*', '*/', '`', '\n', ';', ',', '(', ')', ' ', '1', 'x', '\\'],
    openers: ["'a\\' , ", '"a\\" , ', "'", '"', '/*', '#', '-- ', '--', '`', '/*!', '/*M!', '', ' , '],
    payloads: [`load_file(${M})`, `LOAD_FILE(${M})`, `load_file(0x${Buffer.from(marker).toString('hex')})`, '`load_file`(' + M + ')'],
    closers: ["-- '", "# '", "'", '"', '*/', '\n', '', '-- "', '`'],
  },
  duckdb: {
    noise: ["'", "''", '"', '$$', '/*', '*/', '--', '\n', ';', ',', '(', ')', ' ', '1', 'x', '*', '\\'],
    openers: ["'a\\' AS s, ", "'a\\', ", '$$', '/* /* */', '"', "'", '--', '', ' * FROM '],
    payloads: [`* FROM read_text(${M})`, `(SELECT content FROM read_text(${M}))`, `* FROM "read_text"(${M})`, `* FROM query('FROM read_text(''${marker}'')')`, `* FROM ${M}`],
    closers: ["-- '", "'", '$$', '*/', '"', '\n', ''],
  },
};

const scriptOf = (g: Grammar) =>
  fc
    .tuple(
      ...[0, 1, 2, 3].map(() => fc.array(fc.constantFrom(...g.noise), { maxLength: 2 })),
      fc.constantFrom(...g.openers),
      fc.constantFrom(...g.payloads),
      fc.constantFrom(...g.closers),
    )
    .map(([n1, n2, n3, n4, opener, payload, closer]) => [...n1, opener, ...n2, payload, ...n3, closer, ...n4].join(''));

type Engine = { run(sql: string): Promise<string>; close(): Promise<void> };

/** An engine connection as a contained role, dropped with the connection. */
async function withRole(role: ContainedRole, open: (url: string) => Promise<Engine>): Promise<Engine> {
  const engine = await open(role.url);
  return {
    run: engine.run,
    close: async () => {
      await engine.close();
      await role.drop();
    },
  };
}

async function postgresEngine(): Promise<Engine> {
  return withRole(await containedPostgresRole(), postgresAs);
}

async function postgresAs(url: string): Promise<Engine> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("SET statement_timeout = '2s'; SET default_transaction_read_only = on");
  return {
    run: async (sql) => {
      const result = (await client.query(sql)) as pg.QueryResult | pg.QueryResult[];
      return JSON.stringify(Array.isArray(result) ? result.map((r) => r.rows) : result.rows);
    },
    close: () => client.end(),
  };
}

async function mariadbEngine(): Promise<Engine> {
  return withRole(await containedMariadbUser(), (url) => mariadbAs(url, null));
}

/** MariaDB whose session lexes differently: backslashes are plain, "…" is an identifier. */
async function mariadbAnsiEngine(): Promise<Engine> {
  return withRole(await containedMariadbUser(), (url) => mariadbAs(url, 'ANSI_QUOTES,NO_BACKSLASH_ESCAPES'));
}

async function mariadbAs(url: string, sqlMode: string | null): Promise<Engine> {
  const connection = await mysql.createConnection(url);
  if (sqlMode) await connection.query('SET SESSION sql_mode = ?', [sqlMode]);
  await connection.query('SET SESSION max_statement_time = 2');
  await connection.query('SET SESSION TRANSACTION READ ONLY');
  return {
    run: async (sql) => JSON.stringify((await connection.query(sql))[0]),
    close: () => connection.end(),
  };
}

async function duckdbEngine(): Promise<Engine> {
  // External access stays ON here: if the guard let a file read through, this engine would perform it.
  const connection: DuckDBConnection = await (await DuckDBInstance.create(':memory:')).connect();
  return {
    run: async (sql) => JSON.stringify((await connection.runAndReadAll(sql)).getRows(), (_, v) => (typeof v === 'bigint' ? String(v) : v)),
    close: async () => connection.closeSync(),
  };
}

describe.each([
  ['postgresql', postgresEngine, 'SELECT '],
  ['mysql', mariadbEngine, 'SELECT '],
  ['mysql', mariadbAnsiEngine, 'SELECT '],
  ['duckdb', duckdbEngine, 'SELECT '],
] as const)('whatever the guard accepts on %s, the engine never reads the marker', (backend, connect, prefix) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await connect();
  });
  afterAll(async () => engine?.close());

  it('holds for random scripts of desynchronising fragments', async () => {
    const target: GuardTarget = { backend };
    let reached = 0;
    let refusedWhole = 0;
    await fc.assert(
      fc.asyncProperty(scriptOf(GRAMMARS[backend]), async (body) => {
        const script = prefix + body;
        let accepted;
        try {
          // DML allowed: only the refusals stand between the script and the engine. Running what passes is
          // safe here: the fragments hold no DDL/DML words, sessions are read-only, roles are contained.
          accepted = await assertAllowed(script, splitStatements(script, { backend }), target, true);
        } catch {
          refusedWhole++;
          return; // refused (or not lexable): nothing reaches the engine
        }
        for (const statement of accepted) {
          let answer: string;
          reached++;
          try {
            answer = await engine.run(statement.text);
          } catch (error) {
            answer = error instanceof Error ? error.message : String(error);
          }
          expect(leaksSecret(answer, token), `${script}\n-> ${statement.text}\n<- ${answer.slice(0, 200)}`).toBe(false);
        }
      }),
      { numRuns: RUNS },
    );
    // The property is not vacuous: some statements were accepted and reached the engine, many were refused.
    expect(reached).toBeGreaterThan(0);
    expect(refusedWhole).toBeGreaterThan(0);
  }, 300_000);
});
