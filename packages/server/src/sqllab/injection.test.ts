import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintGuestToken } from '../embedding/guest-tokens';
import { closeAllConnections } from '../engines';
import { nowIso } from '../metadata/connect';
import { createTestApp, type TestApp } from '../testing/harness';
import { type ContainedRole, containedMariadbUser, containedPostgresRole } from './contained-roles.test-helpers';
import { CONTROLS, type CorpusFiles, duckdbCorpus, leaksSecret, mariadbCorpus, postgresCorpus, sqliteCorpus } from './injection-corpus.test-helpers';

/**
 * SQL Lab abuse corpus over the real engines, through POST /api/v1/sqllab/execute/ as an Alpha user on
 * databases that allow DML (so every refusal comes from the security guard, not the DML rule). A secret
 * marker file readable by the PostgreSQL and MariaDB servers' OS users proves no file is read: the canary
 * test shows each engine does read it when asked directly, and no SQL Lab answer may ever contain it. The
 * databases connect as throwaway roles that may read and write server files but not change the servers.
 */
const run = randomBytes(6).toString('hex');
const token = `lumen-secret-${randomBytes(12).toString('hex')}`;
const files: CorpusFiles = { marker: `/tmp/lumen-secret-marker-${run}.txt`, out: (n) => `/tmp/lumen-sqllab-out-${run}-${n}` };
const OUT_NUMBERS = Array.from({ length: 25 }, (_, i) => i);

let t: TestApp;
let privateDir: string;
let pgRole: ContainedRole;
let mariaUser: ContainedRole;
const ids: Record<'duckdb' | 'sqlite' | 'postgresql' | 'mysql', number> = { duckdb: 0, sqlite: 0, postgresql: 0, mysql: 0 };

async function addDatabase(name: string, uri: string, backend: string): Promise<number> {
  const now = nowIso();
  const row = await t.ctx.store.db
    .insertInto('dbs')
    .values({ uuid: `db-${name}-${run}`, database_name: `${name}-${run}`, sqlalchemy_uri: uri, backend, allow_dml: 1, created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const execute = (databaseId: number, sql: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/sqllab/execute/', headers: t.headers('alpha'), payload: { database_id: databaseId, sql, queryLimit: 10 } });

const REFUSAL_TYPES = new Set(['DATABASE_SECURITY_ACCESS_ERROR', 'INVALID_SQL_ERROR']);

/** Runs every payload; answers the ones that were not refused or leaked the token, with what came back. */
async function attack(databaseId: number, payloads: string[]) {
  const failures: { sql: string; status: number; body: string }[] = [];
  const securityRefusals: string[] = [];
  for (const sql of payloads) {
    const res = await execute(databaseId, sql);
    const errorType = res.statusCode >= 400 ? res.json().errors?.[0]?.error_type : null;
    if (errorType === 'DATABASE_SECURITY_ACCESS_ERROR') securityRefusals.push(sql);
    if (!REFUSAL_TYPES.has(errorType) || leaksSecret(res.body, token)) failures.push({ sql, status: res.statusCode, body: res.body.slice(0, 300) });
  }
  return { failures, securityRefusals };
}

const writtenFiles = () => OUT_NUMBERS.map(files.out).filter((path) => existsSync(path));

beforeAll(async () => {
  writeFileSync(files.marker, `${token}\n`);
  chmodSync(files.marker, 0o644);
  t = await createTestApp();
  privateDir = mkdtempSync(join(tmpdir(), 'lumen-sqllab-sec-'));
  const sqlitePath = join(privateDir, 'people.sqlite');
  const sqlite = new Database(sqlitePath);
  sqlite.exec("CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO people (name) VALUES ('ada'), ('alan');");
  sqlite.close();
  ids.sqlite = await addDatabase('sec-sqlite', `sqlite:///${sqlitePath}`, 'sqlite');
  ids.duckdb = await addDatabase('sec-duckdb', `duckdb:///${join(privateDir, 'scratch.duckdb')}`, 'duckdb');
  pgRole = await containedPostgresRole();
  mariaUser = await containedMariadbUser();
  ids.postgresql = await addDatabase('sec-pg', pgRole.url, 'postgresql');
  ids.mysql = await addDatabase('sec-mariadb', mariaUser.url, 'mysql');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await closeAllConnections();
  await pgRole?.drop();
  await mariaUser?.drop();
  rmSync(files.marker, { force: true });
  rmSync(privateDir, { recursive: true, force: true });
});

describe('the marker file is a real target', () => {
  it('is read by each engine, as the roles SQL Lab connects as, when asked directly outside SQL Lab', async () => {
    const client = new pg.Client({ connectionString: pgRole.url });
    await client.connect();
    try {
      expect((await client.query('SELECT pg_read_file($1) AS c', [files.marker])).rows[0].c).toContain(token);
    } finally {
      await client.end();
    }
    const maria = await mysql.createConnection(mariaUser.url);
    try {
      const [rows] = await maria.query('SELECT CAST(LOAD_FILE(?) AS CHAR) AS c', [files.marker]);
      expect((rows as { c: string }[])[0]!.c).toContain(token);
    } finally {
      await maria.end();
    }
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    const read = await duck.runAndReadAll(`SELECT content FROM read_text('${files.marker}')`);
    expect(String(read.getRows()[0]![0])).toContain(token);
  });
});

describe('the leak detector', () => {
  it('sees the secret in the encodings SQL Lab answers binary file content with', async () => {
    // The secret's hex, reversed in the SQL so the request echoed back in the answer does not carry it.
    const reversed = [...Buffer.from(token).toString('hex')].reverse().join('');
    const binary = {
      postgresql: `SELECT decode(reverse('${reversed}'), 'hex') AS b`,
      mysql: `SELECT UNHEX(REVERSE('${reversed}')) AS b`,
      duckdb: `SELECT unhex(reverse('${reversed}')) AS b`,
    };
    for (const backend of ['postgresql', 'mysql', 'duckdb'] as const) {
      const res = await execute(ids[backend], binary[backend]);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(leaksSecret(res.body, token), `${backend}: ${res.body.slice(0, 300)}`).toBe(true);
    }
  });
});

describe.each([
  ['postgresql', postgresCorpus],
  ['mysql', mariadbCorpus],
  ['sqlite', sqliteCorpus],
  ['duckdb', duckdbCorpus],
] as const)('SQL Lab on %s', (backend, corpus) => {
  const payloads = corpus(files);

  it(`refuses all ${payloads.length} payloads, returns no file content and writes no file`, async () => {
    expect(payloads.length).toBeGreaterThanOrEqual(200);
    const { failures, securityRefusals } = await attack(ids[backend], payloads);
    expect(failures).toEqual([]);
    expect(writtenFiles()).toEqual([]);
    // Most payloads are valid SQL for the engine: they are refused as dangerous, not as unreadable.
    expect(securityRefusals.length / payloads.length).toBeGreaterThan(0.8);
  }, 300_000);

  it('names the refused function or construct', async () => {
    const res = await execute(ids[backend], payloads[1]!);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].message).toMatch(/^(The function \w+|.+) is not allowed in SQL Lab$/);
  });

  it('still runs read-only queries that mention dangerous names as data', async () => {
    for (const sql of CONTROLS[backend]) {
      const res = await execute(ids[backend], sql);
      expect(res.statusCode, `${sql}: ${res.body.slice(0, 200)}`).toBe(200);
    }
  });

  it('refuses the payloads on estimate and validate too, without reading the file', async () => {
    for (const sql of payloads.slice(0, 40)) {
      const estimate = await t.app.inject({ method: 'POST', url: '/api/v1/sqllab/estimate/', headers: t.headers('alpha'), payload: { database_id: ids[backend], sql } });
      expect(estimate.statusCode, sql).toBeGreaterThanOrEqual(400);
      expect(leaksSecret(estimate.body, token), sql).toBe(false);
      const validate = await t.app.inject({ method: 'POST', url: `/api/v1/database/${ids[backend]}/validate_sql/`, headers: t.headers('alpha'), payload: { sql } });
      expect(leaksSecret(validate.body, token), sql).toBe(false);
    }
    expect(writtenFiles()).toEqual([]);
  }, 120_000);
});

describe('who may send SQL at all', () => {
  it('refuses Gamma users and guest-token viewers before any SQL is read, on every engine', async () => {
    const guest = await mintGuestToken(t.config, { user: { username: 'viewer', first_name: '', last_name: '' }, resources: [{ type: 'dashboard', id: '1' }], rls_rules: [{ clause: '1 = 0' }] }, 'localhost:80');
    for (const [backend, databaseId] of Object.entries(ids)) {
      for (const sql of ['SELECT 1', ...postgresCorpus(files).slice(0, 3), ...mariadbCorpus(files).slice(0, 3)]) {
        const asGamma = await t.app.inject({ method: 'POST', url: '/api/v1/sqllab/execute/', headers: t.headers('gamma'), payload: { database_id: databaseId, sql } });
        expect(asGamma.statusCode, `${backend} gamma: ${sql}`).toBe(403);
        const asGuest = await t.app.inject({ method: 'POST', url: '/api/v1/sqllab/execute/', headers: { 'x-guesttoken': guest }, payload: { database_id: databaseId, sql } });
        expect([401, 403], `${backend} guest: ${sql}`).toContain(asGuest.statusCode);
        expect(leaksSecret(asGamma.body + asGuest.body, token)).toBe(false);
      }
    }
    expect(writtenFiles()).toEqual([]);
  });
});

describe('messages', () => {
  it.each([
    ['postgresql', `SELECT U&"pg_read_fil\\0065"('/etc/passwd')`, 'The function pg_read_file is not allowed in SQL Lab'],
    ['postgresql', `SELECT "pg_read_file"('/etc/passwd')`, 'The function pg_read_file is not allowed in SQL Lab'],
    ['postgresql', `SELECT query_to_xml('select 1', true, true, '')`, 'The function query_to_xml is not allowed in SQL Lab'],
    ['postgresql', `COPY (SELECT 1) TO PROGRAM 'id'`, 'COPY is not allowed in SQL Lab'],
    ['mysql', `SELECT 1 /*!, 2 */`, 'A MariaDB executable comment (/*! … */ or /*M! … */) is not allowed in SQL Lab'],
    ['mysql', `SELECT 1 INTO OUTFILE '/tmp/x'`, 'INTO OUTFILE / DUMPFILE is not allowed in SQL Lab'],
    ['sqlite', `ATTACH '/tmp/x' AS x`, 'ATTACH is not allowed in SQL Lab'],
    ['duckdb', `SELECT * FROM "read_text"('/etc/passwd')`, 'The function read_text is not allowed in SQL Lab'],
  ] as const)('%s: %s', async (backend, sql, message) => {
    const res = await execute(ids[backend], sql);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).toMatchObject({ error_type: 'DATABASE_SECURITY_ACCESS_ERROR', message });
  });
});
