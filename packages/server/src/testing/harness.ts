import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { type LumenConfig, loadConfig } from '../config';
import type { AppContext } from '../context';
import { openMetadataStore } from '../metadata/connect';
import { migrateToLatest } from '../metadata/migrate';
import { issueToken } from '../security/access-tokens';
import { createUser, seedRoles } from '../security/bootstrap';
import { ALL_DATASOURCE_ACCESS } from '../security/data-access';
import type { AnyDb } from '../resources/definition';

export type TestDialect = 'sqlite' | 'postgresql';

/** Base URL of the machine's PostgreSQL for tests; each test app gets its own database. */
export const TEST_PG_URL = process.env.LUMEN_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432';

export interface TestUser {
  id: number;
  username: string;
  password: string;
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: LumenConfig;
  users: { admin: TestUser; alpha: TestUser; gamma: TestUser };
  /** Bearer-authenticated headers for a user created by the harness (or by `addUser`). */
  headers(username: string): Record<string, string>;
  addUser(username: string, roles: string[]): Promise<TestUser>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  dialect?: TestDialect;
  dataDir?: string;
  config?: Partial<LumenConfig>;
}

async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `lumen_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${TEST_PG_URL}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: `${TEST_PG_URL}/${name}`,
    drop: async () => {
      const client = new pg.Client({ connectionString: `${TEST_PG_URL}/postgres` });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A fully migrated app on a fresh metadata store (in-memory SQLite or a new PostgreSQL database), with the
 * built-in roles and three users: admin (Admin), alpha (Alpha), gamma (Gamma plus a `data_reader` role holding
 * all_datasource_access, as a Gamma user who was granted the data they work with: the tests that use gamma as
 * an ordinary reader are about something else than data access). A Gamma user with no data grant is
 * `addUser('viewer', ['Gamma'])`; see security-api/data-access-matrix.test.ts. Examples are not generated.
 *
 * @example
 * const t = await createTestApp({ dialect: 'postgresql' });
 * const res = await t.app.inject({ method: 'GET', url: '/api/v1/chart/', headers: t.headers('alpha') });
 * await t.close();
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dialect = options.dialect ?? 'sqlite';
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'lumen-test-'));
  const pgDb = dialect === 'postgresql' ? await createPgDatabase() : null;
  const config = loadConfig(
    {},
    {
      dataDir,
      metadataUrl: pgDb ? pgDb.url : 'sqlite://:memory:',
      secretKey: randomBytes(32).toString('hex'),
      loadExamples: false,
      logLevel: 'silent',
      ...options.config,
    },
  );
  const store = openMetadataStore(config.metadataUrl);
  await migrateToLatest(store, config);
  await seedRoles({ store });
  await createDataReaderRole(store.db as unknown as AnyDb);
  const app = await buildApp({ config, store, logger: false });
  await app.ready();

  const tokens = new Map<string, string>();
  const addUser = async (username: string, roles: string[]): Promise<TestUser> => {
    const password = `${username}-pw-${randomBytes(4).toString('hex')}`;
    const id = await createUser({ store }, { username, password, first_name: username, last_name: 'Test', roles });
    tokens.set(username, await issueToken(config, id, 'access'));
    return { id, username, password };
  };
  const users = {
    admin: await addUser('admin', ['Admin']),
    alpha: await addUser('alpha', ['Alpha']),
    gamma: await addUser('gamma', ['Gamma', DATA_READER_ROLE]),
  };
  return {
    app,
    ctx: app.lumen,
    config,
    users,
    headers(username) {
      const token = tokens.get(username);
      if (!token) throw new Error(`No test user named ${username}`);
      return { authorization: `Bearer ${token}` };
    },
    addUser,
    async close() {
      await app.close();
      await store.close();
      await pgDb?.drop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Both metadata dialects, for `describe.each(METADATA_DIALECTS)`. */
export const METADATA_DIALECTS: TestDialect[] = ['sqlite', 'postgresql'];

/** The role name a test gives a user to let them query every dataset (all_datasource_access). */
export const DATA_READER_ROLE = 'data_reader';

/** A role granting every dataset (all_datasource_access), given to the harness's gamma user. */
async function createDataReaderRole(db: AnyDb): Promise<void> {
  const role = await db.insertInto('ab_role').values({ name: DATA_READER_ROLE }).returning('id').executeTakeFirstOrThrow();
  const pair = await db
    .selectFrom('ab_permission_view')
    .select('id')
    .where('permission', '=', ALL_DATASOURCE_ACCESS)
    .where('view_menu', '=', ALL_DATASOURCE_ACCESS)
    .executeTakeFirstOrThrow();
  await db.insertInto('ab_permission_view_role').values({ permission_view_id: pair.id, role_id: role.id }).execute();
}
