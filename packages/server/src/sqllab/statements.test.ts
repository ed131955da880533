import { describe, expect, it } from 'vitest';
import { assertAllowed, classifyScript, firstViolation } from './guard';
import { dropdownLimit, finalLimitingFactor, planLimit } from './limit';
import { splitStatements } from './statements';
import { renderTemplate } from './template';

const one = (sql: string, backend = 'duckdb') => splitStatements(sql, { backend })[0]!;

describe('splitStatements', () => {
  it('splits on top-level semicolons only', () => {
    const sql = "SELECT ';' AS a; -- x; y\nSELECT $$;$$, \"a;b\" /* ; */ FROM t;;\n  SELECT 3;  ";
    expect(splitStatements(sql).map((s) => s.text)).toEqual(["SELECT ';' AS a", '-- x; y\nSELECT $$;$$, "a;b" /* ; */ FROM t', 'SELECT 3']);
  });
  it('keeps offsets of statements in the script', () => {
    const sql = 'SELECT 1;\n\nSELECT 2';
    const [, second] = splitStatements(sql);
    expect(sql.slice(second!.start, second!.start + second!.text.length)).toBe('SELECT 2');
  });
  it('honours MySQL backslash escapes and # comments', () => {
    expect(splitStatements("SELECT 'a\\';b'; # c;\nSELECT 2", { backend: 'mysql' })).toHaveLength(2);
  });
});

describe('classification', () => {
  it.each([
    ['SELECT 1', 'select', false],
    ['WITH a AS (SELECT 1) SELECT * FROM a', 'select', false],
    ['FROM birth_names', 'select', false],
    ['(SELECT 1) UNION (SELECT 2)', 'select', false],
    ['SHOW TABLES', 'read', false],
    ['DESCRIBE t', 'read', false],
    ['EXPLAIN SELECT 1', 'read', false],
    ['EXPLAIN ANALYZE DELETE FROM t', 'read', true],
    ['PRAGMA table_info(t)', 'read', false],
    ['PRAGMA journal_mode = WAL', 'session', true],
    ['INSERT INTO t VALUES (1)', 'dml', true],
    ['update t set a = 1', 'dml', true],
    ['WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d', 'dml', true],
    ['SELECT * INTO new_t FROM t', 'dml', true],
    ["SELECT nextval('s')", 'dml', true],
    ['SELECT * FROM t FOR UPDATE', 'select', false],
    ['CREATE TABLE x AS SELECT 1', 'ddl', true],
    ['DROP TABLE x', 'ddl', true],
    ['SET search_path = x', 'session', true],
    ['BEGIN', 'session', true],
    ['FROBNICATE everything', 'other', true],
  ])('%s -> %s', (sql, kind, mutating) => {
    const statement = one(sql);
    expect(statement.kind).toBe(kind);
    expect(statement.mutating).toBe(mutating);
  });
  it('detects CTAS and CVAS', () => {
    expect(one('CREATE TABLE x AS SELECT 1').isCtas).toBe(true);
    expect(one('CREATE OR REPLACE VIEW v AS WITH a AS (SELECT 1) SELECT * FROM a').isCvas).toBe(true);
    expect(one('CREATE TABLE x (a INT)').isCtas).toBe(false);
  });
});

/** The guard's first refusal for a script, classified by the backend's parser. */
const refusalOf = async (sql: string, backend: string) => firstViolation(await classifyScript(splitStatements(sql, { backend }), { backend }));

describe('file access guard', () => {
  it.each([
    "SELECT * FROM read_csv('/etc/passwd')",
    "select * from READ_PARQUET('x.parquet')",
    "SELECT * FROM '/etc/passwd'",
    "SELECT * FROM t, 'data.csv'",
    'SELECT * FROM "/tmp/data.parquet"',
    "SELECT * FROM query('SELECT 1')",
    "ATTACH '/tmp/x.db' AS x",
    "COPY t TO '/tmp/out.csv'",
    'INSTALL httpfs',
    "LOAD 'x'",
    'SET enable_external_access = true',
    "SELECT * FROM sqlite_scan('x.db', 't')",
    "SELECT * FROM glob('/*')",
    "VACUUM INTO '/tmp/copy.db'",
  ])('refuses %s', async (sql) => {
    expect(await refusalOf(sql, 'duckdb')).not.toBeNull();
  });
  it.each([
    "SELECT 'read_csv(x)' AS s, 'a/b.csv' AS path FROM t",
    "SELECT extract(year FROM '2020-01-01'::DATE)",
    "SELECT * FROM t WHERE name IN ('x.csv')",
    '-- read_csv(\nSELECT 1',
    'SELECT * FROM "birth_names"',
  ])('allows %s', async (sql) => {
    expect(await refusalOf(sql, 'duckdb')).toBeNull();
  });
  it('refuses PostgreSQL file functions and MySQL OUTFILE', async () => {
    expect(await refusalOf("SELECT pg_read_file('/etc/passwd')", 'postgresql')).not.toBeNull();
    expect(await refusalOf("SELECT * FROM t INTO OUTFILE '/tmp/x'", 'mysql')).not.toBeNull();
  });
  it('refuses DML without allow_dml with the incumbent message', async () => {
    await expect(assertAllowed('SELECT 1; DELETE FROM t', splitStatements('SELECT 1; DELETE FROM t'), { backend: 'duckdb' }, false)).rejects.toThrow(/does not allow for DDL\/DML/);
    await expect(assertAllowed('SELECT 1; DELETE FROM t', splitStatements('SELECT 1; DELETE FROM t'), { backend: 'duckdb' }, true)).resolves.toHaveLength(2);
  });
});

describe('limits', () => {
  const settings = { sqllabDefaultLimit: 1000, sqllabMaxLimit: 5000 };
  it('caps the dropdown by the maximum and defaults it', () => {
    expect(dropdownLimit(undefined, settings)).toBe(1000);
    expect(dropdownLimit(10_000, settings)).toBe(5000);
    expect(dropdownLimit(10, settings)).toBe(10);
  });
  it('rewrites a trailing LIMIT and reports who limits', () => {
    expect(planLimit(one('SELECT * FROM t LIMIT 10'), 100)).toMatchObject({ sql: 'SELECT * FROM t LIMIT 11', limit: 10, limitingFactor: 'QUERY' });
    expect(planLimit(one('SELECT * FROM t LIMIT 100'), 100)).toMatchObject({ sql: 'SELECT * FROM t LIMIT 101', limitingFactor: 'QUERY_AND_DROPDOWN' });
    expect(planLimit(one('SELECT * FROM t LIMIT 500 OFFSET 2'), 100)).toMatchObject({ sql: 'SELECT * FROM t LIMIT 101 OFFSET 2', limitingFactor: 'DROPDOWN' });
    expect(planLimit(one('SELECT * FROM t LIMIT 5, 10', 'mysql'), 100).sql).toBe('SELECT * FROM t LIMIT 5, 11');
  });
  it('appends or wraps when the statement has no simple LIMIT', () => {
    expect(planLimit(one('SELECT * FROM (SELECT 1 LIMIT 3) s'), 100).sql).toBe('SELECT * FROM (SELECT 1 LIMIT 3) s\nLIMIT 101');
    expect(planLimit(one('SELECT * FROM t OFFSET 5'), 100).sql).toBe('SELECT * FROM (\nSELECT * FROM t OFFSET 5\n) AS lumen_limit LIMIT 101');
    expect(planLimit(one('SHOW TABLES'), 100)).toMatchObject({ sql: 'SHOW TABLES', fetchRows: 101 });
  });
  it('reports NOT_LIMITED when no extra row came back', () => {
    const plan = planLimit(one('SELECT 1'), 10);
    expect(finalLimitingFactor(plan, 10)).toBe('NOT_LIMITED');
    expect(finalLimitingFactor(plan, 11)).toBe('DROPDOWN');
  });
});

describe('renderTemplate', () => {
  it('renders values as literals in code and escaped text inside strings', () => {
    expect(renderTemplate("SELECT {{ a }}, {{b}}, {{ c }} WHERE x IN ({{ d }}) AND n = 'hi {{ a }}'", { a: "O'Neil", b: 3, c: true, d: [1, 'x'] })).toBe(
      "SELECT 'O''Neil', 3, TRUE WHERE x IN (1, 'x') AND n = 'hi O''Neil'",
    );
  });
  it('cannot be used to inject SQL', () => {
    const out = renderTemplate('SELECT * FROM t WHERE name = {{ name }}', { name: "x'; DROP TABLE t; --" });
    expect(splitStatements(out)).toHaveLength(1);
  });
  it('names undefined parameters and leaves comments alone', () => {
    expect(() => renderTemplate('SELECT {{ missing }}', {})).toThrow(/"missing"/);
    expect(renderTemplate('-- {{ nothing }}\nSELECT 1', {})).toBe('-- {{ nothing }}\nSELECT 1');
  });
  it('offers current_username()', () => {
    expect(renderTemplate('SELECT {{ current_username() }}', {}, { id: 1, username: 'ada', email: 'a@x' })).toBe("SELECT 'ada'");
  });
});
