import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { TEST_PG_URL } from '../testing/harness';

/**
 * Throwaway database accounts for the SQL Lab abuse tests. They hold exactly the powers the payloads try
 * to use — reading and writing server files (PostgreSQL's pg_read_server_files, pg_write_server_files,
 * pg_execute_server_program and EXECUTE on the file functions; MariaDB's FILE privilege) — so a payload the
 * guard let through would really read the marker file, while anything else it did (ALTER ROLE, SET GLOBAL,
 * ALTER SYSTEM ...) stays out of reach of a non-superuser: a guard regression cannot break the shared servers
 * other tests use.
 */
export const MARIADB_ADMIN_URL = process.env.LUMEN_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';

export interface ContainedRole {
  /** Connection URI for the role (to the `postgres` database, or MariaDB's `test`). */
  url: string;
  drop(): Promise<void>;
}

const PG_FILE_FUNCTIONS = ['pg_read_file(text)', 'pg_read_file(text, bigint, bigint)', 'pg_read_binary_file(text)', 'pg_ls_dir(text)', 'pg_stat_file(text)', 'lo_import(text)', 'lo_export(oid, text)'];

async function asPostgresAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${TEST_PG_URL}/postgres` });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function containedPostgresRole(): Promise<ContainedRole> {
  const role = `lumen_sec_${randomBytes(5).toString('hex')}`;
  await asPostgresAdmin(async (client) => {
    await client.query(`CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE`);
    await client.query(`GRANT pg_read_server_files, pg_write_server_files, pg_execute_server_program TO ${role}`);
    await client.query(`GRANT EXECUTE ON FUNCTION ${PG_FILE_FUNCTIONS.join(', ')} TO ${role}`);
  });
  const url = new URL(`${TEST_PG_URL}/postgres`);
  url.username = role;
  url.password = '';
  return {
    url: url.toString(),
    drop: () =>
      asPostgresAdmin(async (client) => {
        // Ends the role's pooled sessions, then removes its objects and grants and the role itself.
        await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1', [role]);
        await client.query(`DROP OWNED BY ${role}`);
        await client.query(`DROP ROLE ${role}`);
      }),
  };
}

export async function containedMariadbUser(): Promise<ContainedRole> {
  const user = `lumen_sec_${randomBytes(5).toString('hex')}`;
  const admin = await mysql.createConnection(MARIADB_ADMIN_URL);
  try {
    await admin.query(`CREATE USER '${user}'@'%'`);
    await admin.query(`GRANT FILE ON *.* TO '${user}'@'%'`);
    await admin.query(`GRANT ALL ON test.* TO '${user}'@'%'`);
  } finally {
    await admin.end();
  }
  const url = new URL(MARIADB_ADMIN_URL);
  url.username = user;
  url.password = '';
  return {
    url: url.toString(),
    drop: async () => {
      const connection = await mysql.createConnection(MARIADB_ADMIN_URL);
      try {
        await connection.query(`DROP USER IF EXISTS '${user}'@'%'`);
      } finally {
        await connection.end();
      }
    },
  };
}
