import { describe, expect, it } from 'vitest';
import { LumenError } from '../errors';
import { checkExpression } from './expression-guard';
import type { FragmentKind } from './expression-policy';

const columns = new Set(['num', 'state', 'gender', 'name', 'ds', 'price', 'quantity', 'weird "col" name', 'total_membership', 'date']);
const check = (engine: string, fragment: string, kind: FragmentKind = 'where') => checkExpression(engine, fragment, { kind, columns });
const errorOf = async (engine: string, fragment: string) => {
  try {
    await check(engine, fragment);
  } catch (error) {
    return error as LumenError;
  }
  return null;
};

const ENGINES = ['duckdb', 'postgresql', 'mysql', 'sqlite'] as const;
const PORTABLE_OK = [
  'SUM(num) / NULLIF(COUNT(*), 0)',
  "state IN ('CA', 'NY') AND gender = 'girl'",
  "name = 'O''Brien; -- not a comment'",
  'CASE WHEN num > 10 THEN 1 ELSE 0 END',
  'COUNT(DISTINCT name)',
  "name LIKE 'A%' OR name IS NULL",
  'num BETWEEN 1 AND 10',
  'CAST(num AS INTEGER) + 1',
];

describe.each(ENGINES)('checkExpression on %s', (engine) => {
  it('accepts ordinary expressions over the dataset columns', async () => {
    for (const ok of PORTABLE_OK) await expect(check(engine, ok), ok).resolves.toHaveProperty('sql');
  });

  it('accepts window functions', async () => {
    // node-sql-parser's SQLite grammar needs PARTITION BY in a window; the others take a bare ORDER BY.
    const window = engine === 'sqlite' ? 'LAG(total_membership) OVER (PARTITION BY state ORDER BY ds)' : 'total_membership - LAG(total_membership) OVER (ORDER BY ds)';
    await expect(check(engine, window, 'column')).resolves.toHaveProperty('sql');
  });

  it('refuses sub-queries with the ad hoc subquery error', async () => {
    for (const bad of ['num > (SELECT MAX(num) FROM t)', 'num IN (select 1)', 'EXISTS (SELECT 1)']) {
      const error = await errorOf(engine, bad);
      expect(error?.errorType, bad).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
      expect(error?.message).toBe('Custom SQL fields cannot contain sub-queries.');
    }
  });

  it('refuses statements, aliases, clauses, unknown columns and functions outside the allow-list', async () => {
    const cases: [string, RegExp][] = [
      ['1=1; DROP TABLE users', /statement|syntax|Invalid SQL/],
      ['num AS x', /single expression/],
      ['num FROM secrets', /single expression/],
      ['num ORDER BY 1', /single expression/],
      ['password = 1', /column password is not a column/],
      ["load_file('/etc/passwd') IS NULL", /function load_file is not allowed/],
      ["pg_read_file('/etc/passwd') IS NULL", /function pg_read_file is not allowed/],
      ["read_csv('/etc/passwd') IS NULL", /function read_csv is not allowed/],
      ["query('SELECT 1') IS NULL", /function query is not allowed/],
      ["query_to_xml('select 1', true, true, '') IS NULL", /function query_to_xml is not allowed/],
    ];
    for (const [bad, message] of cases) {
      const error = await errorOf(engine, bad);
      expect(error?.statusCode, bad).toBe(400);
      expect(error?.message, bad).toMatch(message);
    }
  });
});

describe('dialect-specific lexing (the engine decides where strings and comments end)', () => {
  it('PostgreSQL: quoted and unicode-escaped function names are decoded before the allow-list', async () => {
    for (const bad of ['"pg_read_file"(\'/etc/passwd\') IS NULL', 'U&"pg_read_fil\\0065"(\'/etc/passwd\') IS NULL', 'pg_catalog.pg_read_file(\'x\') IS NULL']) {
      expect((await errorOf('postgresql', bad))?.message, bad).toMatch(/pg_read_file is not allowed/);
    }
  });

  it('PostgreSQL and DuckDB: a backslash is an ordinary character in a string, so the quote closes there', async () => {
    // The old lexer read \' as an escaped quote, so it took `OR 1=1 --'` for the rest of a string; the engine
    // reads a string 'x\', then code, then a comment that swallows the closing parenthesis and the RLS clause.
    const payload = "name = 'x\\' OR 1=1 --'";
    expect((await errorOf('postgresql', payload))?.message).toMatch(/comments/);
    expect((await errorOf('duckdb', payload))?.message).toMatch(/comments/);
    const duck = await check('duckdb', "name = 'x\\' OR 1=1");
    expect(duck.sql).toBe(`(("name" = 'x\\') OR (1 = 1))`);
    expect((await errorOf('postgresql', "name = 'x\\' ) OR (SELECT 1)=1 --'"))?.statusCode).toBe(400);
  });

  it('PostgreSQL: comments, E-strings, dollar quotes and parameters as the engine reads them', async () => {
    expect((await errorOf('postgresql', 'num = 1 -- rest'))?.message).toMatch(/comments/);
    expect((await errorOf('postgresql', 'num = 1 /* a /* nested */ comment */'))?.message).toMatch(/comments/);
    expect((await errorOf('postgresql', 'num = $1'))?.message).toMatch(/parameter placeholder/);
    await expect(check('postgresql', "name = E'it\\'s'")).resolves.toBeTruthy();
    await expect(check('postgresql', 'name = $$ -- not a comment $$')).resolves.toBeTruthy();
    expect((await errorOf('postgresql', 'current_user IS NOT NULL'))?.message).toMatch(/CURRENT_USER is not allowed/);
    expect((await errorOf('postgresql', "'pg_authid'::regclass IS NOT NULL"))?.message).toMatch(/casting to regclass/);
  });

  it('DuckDB: the engine receives its own regeneration of the checked tree', async () => {
    expect((await errorOf('duckdb', 'num > 1 -- and the rest\n'))?.message).toMatch(/comments/);
    const { sql } = await check('duckdb', "num>1 AND name='it''s'", 'where');
    expect(sql).toBe(`((num > 1) AND ("name" = 'it''s'))`);
    expect((await errorOf('duckdb', "list_transform([1], x -> x + 1) IS NULL"))?.message).toMatch(/lambda|not allowed/i);
    expect((await errorOf('duckdb', 'num::regclass IS NULL'))?.message).toMatch(/casting to regclass is not allowed/);
    await expect(check('duckdb', 'CAST(num AS DECIMAL(10, 2)) + num::DOUBLE + CAST(ds AS DATE) - INTERVAL 1 DAY IS NOT NULL')).resolves.toBeTruthy();
  });

  it('MariaDB: backslashes, executable comments and variables are refused; other comments never reach the engine', async () => {
    expect((await errorOf('mysql', "name = 'x\\' OR 1=1 -- '"))?.message).toMatch(/backslash/);
    expect((await errorOf('mysql', 'num = 1 /*! OR 1=1 */'))?.message).toMatch(/executable comment/);
    expect((await errorOf('mysql', 'num = 1 /*M!100000 OR 1=1 */'))?.message).toMatch(/executable comment/);
    expect((await errorOf('mysql', '@@version IS NOT NULL'))?.message).toMatch(/variables/);
    expect((await errorOf('mysql', '`load_file`(\'/etc/passwd\') IS NULL'))?.message).toMatch(/load_file is not allowed/);
    expect((await errorOf('mysql', 'BINARY num'))?.message).toMatch(/single expression/);
    const { sql } = await check('mysql', 'num = 1 # trailing');
    expect(sql).toBe('`num` = 1');
  });

  it('SQLite: file functions and qualified names are refused', async () => {
    expect((await errorOf('sqlite', "readfile('/etc/passwd') IS NULL"))?.message).toMatch(/readfile is not allowed/);
    expect((await errorOf('sqlite', "load_extension('x') IS NULL"))?.message).toMatch(/load_extension is not allowed/);
    expect((await errorOf('sqlite', 'sqlite_master.sql IS NULL'))?.message).toMatch(/qualified/);
  });

  it('an engine without a parser gets no custom SQL', async () => {
    expect((await errorOf('oracle', 'num = 1'))?.message).toMatch(/not supported on oracle/);
  });
});
