import { randomBytes } from 'node:crypto';
import { withTemporaryConnection } from '../engines/connections';
import { parseConnectTarget } from '../engines/uri';

/**
 * Read-only database roles on the machine's PostgreSQL and MariaDB, as docs/security.md recommends for
 * chart data: the role may read one table and call one function, and nothing else. The function writes
 * (an INSERT into a log table) and runs with its definer's rights, the classic way a read-only role still
 * ends up writing: only the read-only transaction Lumen opens stops it at the engine.
 */
export interface ReadOnlyFixture {
  backend: 'postgresql' | 'mysql';
  /** The schema (PostgreSQL) or database (MariaDB) holding the fixture's objects. */
  schema: string;
  /** URI that logs in as the read-only role. */
  roleUri: string;
  /** Name of the read-only role. */
  role: string;
  /** SQL (in the fixture's dialect) of a virtual dataset whose query calls the writing function. */
  writingSql: string;
  /** Rows the writing function has inserted so far (read as the administrator). */
  writes(): Promise<number>;
  drop(): Promise<void>;
}

const PG_ADMIN = process.env.LUMEN_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432';
const MYSQL_ADMIN = process.env.LUMEN_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

const runAsAdmin = (uri: string, statements: string[]) =>
  withTemporaryConnection(parseConnectTarget(uri), async (client) => {
    for (const statement of statements) await client.execute(statement);
  });

const countAsAdmin = (uri: string, sql: string) =>
  withTemporaryConnection(parseConnectTarget(uri), async (client) => Number((await client.execute(sql)).rows[0]?.[0]));

/** A read-only PostgreSQL role on database `test`, with a SECURITY DEFINER function that writes. */
export async function createPostgresReadOnlyRole(): Promise<ReadOnlyFixture> {
  const schema = `lumen_ro_${randomBytes(4).toString('hex')}`;
  const role = `${schema}_reader`;
  const admin = `${PG_ADMIN}/test`;
  await runAsAdmin(admin, [
    `CREATE SCHEMA ${schema}`,
    `CREATE TABLE ${schema}.readings (id INTEGER PRIMARY KEY, region VARCHAR(20), amount INTEGER)`,
    `INSERT INTO ${schema}.readings SELECT i, CASE WHEN i % 2 = 0 THEN 'North' ELSE 'South' END, i FROM generate_series(1, 20) i`,
    `CREATE TABLE ${schema}.write_log (at TIMESTAMP DEFAULT now())`,
    `CREATE FUNCTION ${schema}.log_visit() RETURNS INTEGER LANGUAGE sql SECURITY DEFINER AS $$ INSERT INTO ${schema}.write_log DEFAULT VALUES RETURNING 1 $$`,
    `CREATE ROLE ${role} LOGIN`,
    `GRANT USAGE ON SCHEMA ${schema} TO ${role}`,
    `GRANT SELECT ON ${schema}.readings TO ${role}`,
    `GRANT EXECUTE ON FUNCTION ${schema}.log_visit() TO ${role}`,
  ]);
  return {
    backend: 'postgresql',
    schema,
    role,
    roleUri: `${PG_ADMIN.replace(/\/\/[^@/]*@/, `//${role}@`)}/test`,
    writingSql: `SELECT ${schema}.log_visit() AS visits`,
    writes: () => countAsAdmin(admin, `SELECT count(*) FROM ${schema}.write_log`),
    drop: () => runAsAdmin(admin, [`DROP SCHEMA IF EXISTS ${schema} CASCADE`, `DROP ROLE IF EXISTS ${role}`]),
  };
}

/** A read-only MariaDB user with SELECT and EXECUTE on its own database, whose function writes. */
export async function createMariaDbReadOnlyRole(): Promise<ReadOnlyFixture> {
  const schema = `lumen_ro_${randomBytes(4).toString('hex')}`;
  const role = `${schema}_r`;
  const admin = `${MYSQL_ADMIN}/test`;
  await runAsAdmin(admin, [
    `CREATE DATABASE ${schema}`,
    `CREATE TABLE ${schema}.readings (id INTEGER PRIMARY KEY, region VARCHAR(20), amount INTEGER)`,
    `INSERT INTO ${schema}.readings SELECT seq, IF(seq % 2 = 0, 'North', 'South'), seq FROM seq_1_to_20`,
    `CREATE TABLE ${schema}.write_log (at TIMESTAMP DEFAULT CURRENT_TIMESTAMP)`,
    `CREATE FUNCTION ${schema}.log_visit() RETURNS INTEGER MODIFIES SQL DATA SQL SECURITY DEFINER BEGIN INSERT INTO ${schema}.write_log VALUES (DEFAULT); RETURN 1; END`,
    `CREATE USER '${role}'@'%'`,
    `GRANT SELECT, EXECUTE ON ${schema}.* TO '${role}'@'%'`,
  ]);
  return {
    backend: 'mysql',
    schema,
    role,
    roleUri: `${MYSQL_ADMIN.replace(/\/\/[^@/]*@/, `//${role}@`)}/${schema}`,
    writingSql: `SELECT ${schema}.log_visit() AS visits`,
    writes: () => countAsAdmin(admin, `SELECT count(*) FROM ${schema}.write_log`),
    drop: () => runAsAdmin(admin, [`DROP DATABASE IF EXISTS ${schema}`, `DROP USER IF EXISTS '${role}'@'%'`]),
  };
}
