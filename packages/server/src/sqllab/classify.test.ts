import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyStatement, type GuardTarget } from './guard';

/** The parser-backed verdicts per engine: kind, whether the statement may write, and what is refused. */
let dir: string;
let sqlite: GuardTarget;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'lumen-classify-'));
  const path = join(dir, 'people.sqlite');
  const db = new Database(path);
  db.exec('CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT)');
  db.close();
  sqlite = { backend: 'sqlite', sqlalchemy_uri: `sqlite:///${path}` };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const verdict = async (backend: string, sql: string) => {
  const target = backend === 'sqlite' ? sqlite : { backend };
  const { kind, mutating, refusal } = await classifyStatement(sql, target);
  return { kind, mutating, refused: refusal?.message ?? null };
};

describe('kinds and writes', () => {
  it.each([
    ['postgresql', 'SELECT 1', 'select', false],
    ['postgresql', 'WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d', 'dml', true],
    ['postgresql', 'SELECT * INTO new_t FROM t', 'dml', true],
    ['postgresql', "SELECT nextval('s')", 'dml', true],
    ['postgresql', 'SELECT * FROM t FOR UPDATE', 'select', false],
    ['postgresql', 'EXPLAIN SELECT 1', 'read', false],
    ['postgresql', 'EXPLAIN ANALYZE DELETE FROM t', 'read', true],
    ['postgresql', 'SHOW search_path', 'read', false],
    ['postgresql', 'INSERT INTO t VALUES (1)', 'dml', true],
    ['postgresql', 'CREATE TABLE x AS SELECT 1', 'ddl', true],
    ['postgresql', 'SET search_path = x', 'session', true],
    ['duckdb', 'FROM birth_names', 'select', false],
    ['duckdb', 'SELECT [1, 2], list_transform([1], x -> x + 1)', 'select', false],
    ['duckdb', 'DESCRIBE birth_names', 'read', false],
    ['duckdb', 'SUMMARIZE birth_names', 'read', false],
    ['duckdb', 'PRAGMA table_info(birth_names)', 'read', false],
    ['duckdb', 'CREATE OR REPLACE TABLE t AS SELECT 1', 'other', true],
    ['duckdb', 'INSERT INTO t VALUES (1)', 'dml', true],
    ['mysql', 'SELECT 1', 'select', false],
    ['mysql', 'SHOW TABLES', 'read', false],
    ['mysql', "/* note */ SHOW VARIABLES LIKE 'x'", 'read', false],
    ['mysql', 'CREATE TABLE t AS SELECT 1', 'other', true],
    ['mysql', 'SELECT 1 INTO @x', 'dml', true],
    ['mysql', 'UPDATE t SET a = 1', 'dml', true],
    ['mysql', 'SELECT 1 FROM dual WHERE NEXTVAL(s) > 0', 'dml', true],
    ['sqlite', 'SELECT name FROM [people]', 'select', false],
    ['sqlite', 'PRAGMA table_info(people)', 'read', false],
    ['sqlite', 'INSERT INTO people (name) VALUES (1)', 'dml', true],
    ['sqlite', 'BEGIN', 'session', true],
    ['sqlite', 'VACUUM', 'dml', true],
    ['sqlite', 'INSERT INTO later VALUES (1)', 'other', true],
  ])('%s: %s -> %s', async (backend, sql, kind, mutating) => {
    expect(await verdict(backend, sql)).toEqual({ kind, mutating, refused: null });
  });
});

describe('refusals', () => {
  it.each([
    ['postgresql', `SELECT U&"pg_read_fil\\0065"('/etc/passwd')`, 'The function pg_read_file is not allowed in SQL Lab'],
    ['postgresql', `SELECT ('/etc/passwd'::text).pg_read_file`, 'The function pg_read_file is not allowed in SQL Lab'],
    ['postgresql', `SELECT pg_catalog.query_to_xml('select 1', true, true, '')`, 'The function query_to_xml is not allowed in SQL Lab'],
    ['postgresql', `CREATE OPERATOR ### (RIGHTARG = text, FUNCTION = pg_read_file)`, 'The function pg_read_file is not allowed in SQL Lab'],
    ['postgresql', `DO $$ BEGIN END $$`, 'A DO block (code run from a string) is not allowed in SQL Lab'],
    ['postgresql', `SET ROLE postgres`, 'Changing the setting role is not allowed in SQL Lab'],
    ['postgresql', `SELECT 1; SELECT 2`, "SQL Lab could not verify this statement: PostgreSQL's parser reads 2 statements in it"],
    ['duckdb', `FROM 'data.csv'`, 'Reading the file data.csv is not allowed in SQL Lab'],
    ['duckdb', `ATTACH 'x.db' AS x`, 'ATTACH is not allowed in SQL Lab'],
    ['duckdb', `SET enable_external_access = true`, 'Changing the setting enable_external_access is not allowed in SQL Lab'],
    ['duckdb', `CREATE OR REPLACE TABLE t AS FROM "read_text"('/etc/passwd')`, 'The function read_text is not allowed in SQL Lab'],
    ['mysql', `SELECT 'a\\' , LOAD_FILE('/etc/passwd') -- '`, 'The function load_file is not allowed in SQL Lab'],
    ['mysql', `SELECT 1 /*M!100000 , 2 */`, 'A MariaDB executable comment (/*! … */ or /*M! … */) is not allowed in SQL Lab'],
    ['sqlite', `SELECT "load_extension"('/tmp/x')`, 'The function load_extension is not allowed in SQL Lab'],
    ['sqlite', `PRAGMA writable_schema = ON`, 'PRAGMA writable_schema is not allowed in SQL Lab'],
    ['sqlite', `VACUUM INTO '/tmp/x'`, 'VACUUM INTO is not allowed in SQL Lab'],
    // Not yet created tables cannot be compiled: the raw text is checked, whatever the quoting.
    ['sqlite', `INSERT INTO later (a) SELECT [x'], load_extension('/tmp/y') -- ']`, 'The function load_extension is not allowed in SQL Lab'],
  ])('%s: %s', async (backend, sql, message) => {
    expect((await verdict(backend, sql)).refused).toBe(message);
  });

  it('allows dangerous names where the parser reads them as data', async () => {
    expect((await verdict('postgresql', `SELECT 'pg_read_file(''/etc/passwd'')' AS s, $$query_to_xml$$`)).refused).toBeNull();
    expect((await verdict('duckdb', `SELECT 'read_csv(x)' AS s`)).refused).toBeNull();
    expect((await verdict('sqlite', `SELECT 'load_extension(x)' AS s`)).refused).toBeNull();
  });
});
