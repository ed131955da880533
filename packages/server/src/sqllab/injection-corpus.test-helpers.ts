/**
 * SQL Lab abuse payloads per engine: every one must be refused by POST /api/v1/sqllab/execute/ even on a
 * database that allows DML. Each engine's list crosses the ways to reach a dangerous function (quoted,
 * upper-cased, schema-qualified, unicode-escaped, attribute notation ...) with the places a call can hide
 * (sub-queries, CTEs, UNION, WHERE, EXPLAIN, CTAS, stacked statements) and with the lexing tricks that
 * desynchronised the old word-matching guard (backslashes, E-strings, dollar quotes, nested and MariaDB
 * executable comments, # comments); statement-level attacks (COPY, ATTACH, INTO OUTFILE ...) come on top.
 *
 * `marker` is a file holding a secret token that the engines' OS users can read; `out(n)` names a file a
 * payload would create if it ran. The suite asserts the token never comes back and no such file appears.
 */
export interface CorpusFiles {
  marker: string;
  out: (n: number) => string;
}

const cross = (calls: string[], contexts: ((f: string) => string)[]): string[] => calls.flatMap((f) => contexts.map((c) => c(f)));

const hex = (text: string) => Buffer.from(text).toString('hex');

/** PostgreSQL spellings of unicode-escaped identifiers: U&"pg_read_fil\0065" and a custom UESCAPE. */
const pgUnicode = (name: string) => `U&"${name.slice(0, -1)}\\${name.charCodeAt(name.length - 1).toString(16).padStart(4, '0')}"`;

export function postgresCorpus({ marker, out }: CorpusFiles): string[] {
  const m = `'${marker}'`;
  const calls = [
    `pg_read_file(${m})`,
    `"pg_read_file"(${m})`,
    `${pgUnicode('pg_read_file')}(${m})`,
    `U&"pg_read_fil!0065" UESCAPE '!'(${m})`,
    `pg_catalog.pg_read_file(${m})`,
    `pg_catalog."pg_read_file"(${m})`,
    `PG_READ_FILE(${m})`,
    `pg_read_file(${m}, 0, 100)`,
    `convert_from(pg_read_binary_file(${m}), 'UTF8')`,
    `(${m}::text).pg_read_file`,
    `pg_read_file(convert_from('\\x${hex(marker)}'::bytea, 'UTF8'))`,
    `query_to_xml('select pg_read_file(${m.replace(/'/g, "''")})', true, true, '')::text`,
    `query_to_xml_and_xmlschema('select 1', true, true, '')::text`,
    `pg_catalog.query_to_xml(E'select pg_read_file(\\'${marker}\\')', true, true, '')::text`,
    `table_to_xml('pg_catalog.pg_authid', true, true, '')::text`,
    `database_to_xml(true, true, '')::text`,
    `lo_get(lo_import(${m}))::text`,
    `pg_stat_file(${m})::text`,
    `(SELECT string_agg(f, ',') FROM pg_ls_dir('/tmp') f)`,
    `dblink('dbname=postgres', 'select 1')::text`,
    `set_config('role', 'postgres', false)`,
  ];
  const contexts: ((f: string) => string)[] = [
    (f) => `SELECT ${f}`,
    (f) => `SELECT ${f} AS leaked`,
    (f) => `select * from (select ${f} as leaked) s`,
    (f) => `WITH a AS (SELECT ${f} AS leaked) SELECT * FROM a`,
    (f) => `SELECT 1 WHERE length(${f}::text) > 0`,
    (f) => `SELECT 'x' UNION ALL SELECT ${f}::text`,
    (f) => `SELECT * FROM LATERAL (SELECT ${f}) s`,
    (f) => `/* harmless */ SELECT ${f}`,
    (f) => `-- note\nSELECT ${f}`,
    (f) => `SELECT 1; SELECT ${f}`,
    (f) => `SELECT $$ ; $$, ${f}`,
    (f) => `SELECT E'\\'', ${f}`,
    (f) => `SELECT 'a\\', ${f} -- '`,
    (f) => `SELECT /* /* nested */ */ ${f}`,
    (f) => `EXPLAIN ANALYZE SELECT ${f}`,
    (f) => `SELECT (SELECT ${f})`,
    (f) => `CREATE TABLE lumen_sec_ctas AS SELECT ${f} AS leaked`,
  ];
  return [
    ...cross(calls, contexts),
    `COPY (SELECT 1) TO '${out(1)}'`,
    `copy (select 1) to '${out(2)}' with (format csv)`,
    `COPY lumen_missing FROM '${marker}'`,
    `COPY (SELECT 1) TO PROGRAM 'touch ${out(3)}'`,
    `CREATE TEMP TABLE x(t text); COPY x FROM PROGRAM 'cat ${marker}'; SELECT * FROM x`,
    `DO $$ BEGIN PERFORM pg_read_file('${marker}'); END $$`,
    `DO $x$ BEGIN EXECUTE 'COPY (SELECT 1) TO ''${out(4)}'''; END $x$`,
    `CREATE FUNCTION lumen_f() RETURNS text LANGUAGE sql AS $$ SELECT pg_read_file('${marker}') $$`,
    `CREATE OR REPLACE FUNCTION lumen_f() RETURNS text LANGUAGE plpgsql AS 'begin return 1; end'`,
    `CREATE OPERATOR ### (RIGHTARG = text, FUNCTION = pg_read_file)`,
    `CREATE EXTENSION IF NOT EXISTS dblink`,
    `CREATE EXTENSION file_fdw`,
    `LOAD 'auto_explain'`,
    `ALTER SYSTEM SET log_statement = 'all'`,
    `SET ROLE postgres`,
    `SET SESSION AUTHORIZATION postgres`,
    `PREPARE p AS SELECT pg_read_file('${marker}'); EXECUTE p`,
    `CREATE SERVER lumen_srv FOREIGN DATA WRAPPER postgres_fdw`,
    `SELECT lo_export(lo_from_bytea(0, 'x'), '${out(5)}')`,
    `SET session_preload_libraries = 'auto_explain'`,
    `ALTER ROLE postgres SET local_preload_libraries = 'x'`,
    `SET standard_conforming_strings = off`,
    `SET client_encoding = 'SJIS'`,
    `SET NAMES 'BIG5'`,
    `ALTER DATABASE postgres SET standard_conforming_strings = off`,
  ];
}

export function mariadbCorpus({ marker, out }: CorpusFiles): string[] {
  const m = `'${marker}'`;
  const calls = [
    `load_file(${m})`,
    `LOAD_FILE(${m})`,
    `Load_File(${m})`,
    `\`load_file\`(${m})`,
    `load_file(0x${hex(marker)})`,
    `load_file(concat('${marker.slice(0, 5)}', '${marker.slice(5)}'))`,
    `load_file(unhex('${hex(marker)}'))`,
    `LOAD_FILE/**/(${m})`,
    `load_file(char(${[...marker].map((c) => c.charCodeAt(0)).join(',')}))`,
    `load_file(from_base64('${Buffer.from(marker).toString('base64')}'))`,
    `sys_exec('touch ${out(10)}')`,
  ];
  const contexts: ((f: string) => string)[] = [
    (f) => `SELECT ${f}`,
    (f) => `SELECT ${f} AS leaked`,
    (f) => `SELECT * FROM (SELECT ${f} AS leaked) s`,
    (f) => `WITH a AS (SELECT ${f} AS leaked) SELECT * FROM a`,
    (f) => `SELECT 1 WHERE ${f} IS NOT NULL`,
    (f) => `SELECT 'x' UNION ALL SELECT ${f}`,
    (f) => `SELECT 1 /*!, ${f} */`,
    (f) => `SELECT 1 /*!50000 , ${f} */`,
    (f) => `SELECT 1 /*M!, ${f} */`,
    (f) => `SELECT 1 /*M!100000 , ${f} */`,
    (f) => `/*!SELECT ${f} */`,
    (f) => `SELECT 'a\\' , ${f} -- '`,
    (f) => `SELECT "a\\" , ${f} #"`,
    (f) => `SELECT 1 # comment\n, ${f}`,
    (f) => `SELECT 1 -- comment\n, ${f}`,
    (f) => `SELECT 1;SELECT ${f}`,
    (f) => `SELECT 1 AS \`x\`, ${f}`,
    (f) => `EXPLAIN SELECT ${f}`,
    (f) => `CREATE TABLE lumen_sec_ctas AS SELECT ${f} AS leaked`,
    (f) => `SELECT ${f} INTO @leaked`,
  ];
  return [
    ...cross(calls, contexts),
    `SELECT 1 INTO OUTFILE '${out(1)}'`,
    `select 1 into outfile '${out(2)}'`,
    `SELECT 1 INTO DUMPFILE '${out(3)}'`,
    `SELECT 'x' INTO\tOUTFILE '${out(4)}' FIELDS TERMINATED BY ','`,
    `SELECT * FROM (SELECT 1 AS a) t INTO OUTFILE '${out(5)}'`,
    `SELECT 1 INTO /*!OUTFILE*/ '${out(6)}'`,
    `SELECT 1 /*! INTO OUTFILE '${out(7)}' */`,
    `SELECT 1 /*M!100000 INTO DUMPFILE '${out(8)}' */`,
    `SELECT 'a\\' INTO OUTFILE '${out(9)}' -- '`,
    `SELECT 1 UNION SELECT 2 INTO OUTFILE '${out(11)}'`,
    `SELECT 1 /*! , 2 */`,
    `SELECT 1 /*M! , 2 */`,
    `LOAD DATA INFILE '${marker}' INTO TABLE t`,
    `LOAD DATA LOCAL INFILE '${marker}' INTO TABLE t`,
    `LOAD XML INFILE '${marker}' INTO TABLE t`,
    `PREPARE s FROM 'SELECT LOAD_FILE(${m.replace(/'/g, "''")})'`,
    `PREPARE s FROM CONCAT('SELECT LOAD', '_FILE(0x${hex(marker)})'); EXECUTE s`,
    `EXECUTE IMMEDIATE CONCAT('SELECT LOAD', '_FILE(0x${hex(marker)})')`,
    `INSTALL SONAME 'ha_connect'`,
    `INSTALL PLUGIN connect SONAME 'ha_connect'`,
    `CREATE TABLE lumen_csv (t text) ENGINE=CONNECT table_type=CSV file_name='${marker}'`,
    `CREATE SERVER lumen_srv FOREIGN DATA WRAPPER mysql OPTIONS (HOST '127.0.0.1')`,
    `SET GLOBAL general_log_file = '${out(12)}'`,
    `SET @@global.general_log = 1`,
    `SET GLOBAL slow_query_log_file = '${out(13)}'`,
    `CREATE TABLE lumen_dd (a int) DATA DIRECTORY = '/tmp'`,
    `BINLOG 'AAAA'`,
    `CHANGE MASTER TO MASTER_HOST = '127.0.0.1'`,
    `SET NAMES gbk`,
    `SET CHARACTER SET sjis`,
    `set @a = 1, names 'big5'`,
    `SET SESSION character_set_client = gbk`,
    `SET STATEMENT character_set_client = gbk FOR SELECT 1`,
  ];
}

export function sqliteCorpus({ marker, out }: CorpusFiles): string[] {
  const calls = [
    `load_extension('${out(20)}')`,
    `"load_extension"('${out(20)}')`,
    `LOAD_EXTENSION('${out(20)}')`,
    `\`load_extension\`('${out(20)}')`,
    `[load_extension]('${out(20)}')`,
    `load_extension('${out(20)}', 'sqlite3_x_init')`,
    `load_extension(char(47, 116, 109, 112))`,
    `readfile('${marker}')`,
    `writefile('${out(21)}', 'x')`,
    `edit('x')`,
  ];
  const contexts: ((f: string) => string)[] = [
    (f) => `SELECT ${f}`,
    (f) => `SELECT ${f} AS leaked`,
    (f) => `SELECT * FROM (SELECT ${f} AS leaked) s`,
    (f) => `WITH a AS (SELECT ${f} AS leaked) SELECT * FROM a`,
    (f) => `SELECT 1 WHERE ${f} IS NULL`,
    (f) => `SELECT 'x' UNION ALL SELECT ${f}`,
    (f) => `SELECT 'a\\', ${f} -- '`,
    (f) => `SELECT "a\\", ${f}`,
    (f) => `/* c */ SELECT ${f}`,
    (f) => `SELECT /* /* */ ${f}`,
    (f) => `SELECT 1; SELECT ${f}`,
    (f) => `CREATE TABLE lumen_sec_ctas AS SELECT ${f} AS leaked`,
    (f) => `SELECT name FROM people WHERE name = ${f}`,
    (f) => `SELECT (SELECT ${f})`,
    (f) => `EXPLAIN SELECT ${f}`,
    (f) => `SELECT coalesce(NULL, ${f})`,
    (f) => `SELECT ${f} FROM people`,
    (f) => `SELECT * FROM people ORDER BY ${f}`,
    (f) => `SELECT CASE WHEN 1 THEN ${f} END`,
    (f) => `INSERT INTO people(name) SELECT ${f}`,
    (f) => `SELECT 1 -- x\n, ${f}`,
  ];
  return [
    ...cross(calls, contexts),
    `ATTACH '${out(1)}' AS x`,
    `ATTACH DATABASE '${out(2)}' AS x`,
    `attach 'file:${out(3)}?mode=rwc' as x`,
    `SELECT 1; ATTACH '${out(4)}' AS x`,
    `ATTACH '${marker}' AS x`,
    `DETACH x`,
    `VACUUM INTO '${out(5)}'`,
    `vacuum main into '${out(6)}'`,
    `PRAGMA journal_mode = DELETE`,
    `PRAGMA writable_schema = ON`,
    `PRAGMA main.cache_size = 5`,
    `PRAGMA trusted_schema = 1`,
    `PRAGMA query_only = 0`,
    `pragma foreign_keys=off`,
    `SELECT readfile('${marker}')`,
    `SELECT writefile('${out(7)}', 'x')`,
    `SELECT edit('x')`,
    `SELECT * FROM fsdir('/tmp')`,
  ];
}

export function duckdbCorpus({ marker, out }: CorpusFiles): string[] {
  const m = `'${marker}'`;
  const tables = [
    `read_text(${m})`,
    `"read_text"(${m})`,
    `U&"read_tex\\0074"(${m})`,
    `READ_TEXT(${m})`,
    `read_blob(${m})`,
    `read_csv(${m})`,
    `read_csv_auto(${m}, header = false)`,
    `read_json(${m})`,
    `read_parquet(${m})`,
    `glob('/tmp/*')`,
    `query('SELECT * FROM read_text(${m.replace(/'/g, "''")})')`,
    `query_table('lumen_missing')`,
    `sqlite_scan(${m}, 't')`,
    `read_text([${m}])`,
  ];
  const contexts: ((f: string) => string)[] = [
    (f) => `SELECT * FROM ${f}`,
    (f) => `FROM ${f}`,
    (f) => `select * from (select * from ${f}) s`,
    (f) => `WITH a AS (FROM ${f}) SELECT * FROM a`,
    (f) => `SELECT * FROM range(1), ${f}`,
    (f) => `SELECT (SELECT count(*) FROM ${f})`,
    (f) => `SELECT * FROM range(1) WHERE EXISTS (SELECT 1 FROM ${f})`,
    (f) => `SELECT 1 UNION ALL SELECT count(*) FROM ${f}`,
    (f) => `/* c */ FROM ${f}`,
    (f) => `SELECT 'a\\' AS s, * FROM ${f} -- '`,
    (f) => `SELECT $$x$$ AS s, * FROM ${f}`,
    (f) => `DESCRIBE SELECT * FROM ${f}`,
    (f) => `SUMMARIZE SELECT * FROM ${f}`,
    (f) => `EXPLAIN SELECT * FROM ${f}`,
    (f) => `CREATE TABLE lumen_sec_ctas AS SELECT * FROM ${f}`,
    (f) => `CREATE OR REPLACE TABLE lumen_sec_ctas AS FROM ${f}`,
    (f) => `INSERT INTO lumen_sec_t SELECT * FROM ${f}`,
    (f) => `SELECT 1; FROM ${f}`,
  ];
  return [
    ...cross(tables, contexts),
    `SELECT getenv('HOME')`,
    `SELECT "getenv"('HOME')`,
    `FROM ${m}`,
    `SELECT * FROM ${m}`,
    `SELECT * FROM "${marker}"`,
    `SELECT * FROM range(1), ${m}`,
    `CREATE OR REPLACE TABLE lumen_sec_ctas AS FROM ${m}`,
    `COPY (SELECT 1) TO '${out(1)}'`,
    `COPY (SELECT 1) TO '${out(2)}' (FORMAT parquet)`,
    `COPY lumen_sec_t FROM ${m}`,
    `ATTACH '${out(3)}' AS x`,
    `ATTACH IF NOT EXISTS '${out(4)}' AS x (TYPE sqlite)`,
    `INSTALL httpfs`,
    `FORCE INSTALL httpfs`,
    `LOAD httpfs`,
    `EXPORT DATABASE '${out(5)}'`,
    `IMPORT DATABASE '/tmp'`,
    `SET enable_external_access = true`,
    `SET GLOBAL enable_external_access = true`,
    `RESET lock_configuration`,
    `SET allowed_directories = ['/tmp']`,
    `PRAGMA enable_external_access`,
    `CREATE SECRET (TYPE s3, KEY_ID 'x', SECRET 'y')`,
    `CREATE MACRO lumen_m() AS TABLE SELECT * FROM read_text(${m})`,
    `UPDATE EXTENSIONS`,
  ];
}

/** Read-only queries that mention dangerous names only as data: they must still run. */
export const CONTROLS: Record<'postgresql' | 'mysql' | 'sqlite' | 'duckdb', string[]> = {
  postgresql: [`SELECT 'pg_read_file(''/etc/passwd'')' AS s`, 'SELECT 1 AS "copy"', `SELECT $$ query_to_xml $$ AS s`, 'SELECT n FROM generate_series(1, 3) n'],
  mysql: ['SELECT 1 AS a', 'SELECT `a` FROM (SELECT 2 AS a) t', "SELECT 'it''s' AS s", "SELECT 'global' AS region, 'server directory' AS w # execute outfile"],
  sqlite: [`SELECT 'load_extension(x)' AS s`, 'SELECT name FROM people', 'SELECT [name] FROM "people"', 'PRAGMA table_info(people)'],
  duckdb: [`SELECT 'read_csv(x)' AS s`, 'FROM range(3)', 'SELECT [1, 2] AS l', 'DESCRIBE SELECT 1 AS a', "SELECT 'a\\' AS s"],
};

/**
 * True when `text` carries the secret in any form an engine or the API may encode file content in: plain,
 * hex (bytea, BLOB as hex), base64 at any alignment, or a JSON byte array (a Node Buffer serialised).
 */
export function leaksSecret(text: string, secret: string): boolean {
  const bytes = Buffer.from(secret);
  const hex = bytes.toString('hex');
  const base64 = [0, 1, 2].map((shift) => Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64').slice(shift ? 4 : 0, -4));
  const byteList = [...bytes.subarray(0, 12)].join(',');
  return [secret, hex, hex.toUpperCase(), ...base64, byteList].some((form) => text.includes(form));
}
