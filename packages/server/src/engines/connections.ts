import type { AppContext } from '../context';
import { openDatabasePassword, type SecretKeys } from '../security/database-secrets';
import type { DatabaseRow } from '../metadata/schema';
import { releaseAllDuckDBInstances } from './duckdb';
import { getEngineSpec } from './registry';
import { parseConnectTarget } from './uri';
import type { ConnectTarget, EngineClient } from './types';
import { isReadOnlyDatabase } from './read-only-setting';

/** The dbs columns a connection needs. */
export type ConnectableDatabase = Pick<DatabaseRow, 'id' | 'sqlalchemy_uri' | 'password' | 'backend'> &
  Partial<Pick<DatabaseRow, 'allow_dml' | 'changed_on' | 'extra' | 'uuid' | 'database_name'>>;

interface PoolEntry {
  /** Identifies the configuration the client was made for; a changed URI/password makes a new client. */
  fingerprint: string;
  client: Promise<EngineClient>;
}

const pools = new Map<number, PoolEntry>();

/** The stored password is encrypted (security/database-secrets.ts): it is decrypted only here, to connect. */
function passwordOf(database: ConnectableDatabase, keys: SecretKeys | null): string | null {
  if (database.password === null) return null;
  if (!keys) throw new Error(`Cannot open database ${database.id}: its password is encrypted and no secret key was given`);
  return openDatabasePassword(keys, database);
}

/** Builds the driver target of a stored database row (URI without password + the password column). */
export function connectTargetOf(database: ConnectableDatabase, keys: SecretKeys | null = null): ConnectTarget {
  const target = parseConnectTarget(database.sqlalchemy_uri, passwordOf(database, keys));
  // Databases without DML (or read-only ones) open DuckDB files read-only so several processes can share them.
  target.readOnly = database.allow_dml === 0 || database.allow_dml === undefined || isReadOnlyDatabase(database);
  return target;
}

/**
 * Returns the pooled client of a database, creating it on first use (pg Pool, mysql2 pool, a shared DuckDB
 * instance per file, a better-sqlite3 handle). The pool is replaced when the URI or password change.
 *
 * @example
 * const client = await getConnection(ctx, databaseRow);
 * const { columns, rows } = await client.execute('SELECT 1 AS one');
 */
export async function getConnection(_ctx: AppContext | null, database: ConnectableDatabase): Promise<EngineClient> {
  const fingerprint = `${database.sqlalchemy_uri}\u0000${database.password ?? ''}\u0000${database.allow_dml ?? ''}\u0000${isReadOnlyDatabase(database)}`;
  const existing = pools.get(database.id);
  if (existing && existing.fingerprint === fingerprint) return existing.client;
  if (existing) {
    pools.delete(database.id);
    void existing.client.then((client) => client.close()).catch(() => undefined);
  }
  const target = connectTargetOf(database, _ctx?.config ?? null);
  const spec = getEngineSpec(target.backend);
  const entry: PoolEntry = { fingerprint, client: spec.connect(target) };
  pools.set(database.id, entry);
  entry.client.catch(() => {
    if (pools.get(database.id) === entry) pools.delete(database.id);
  });
  return entry.client;
}

/** Closes and forgets the pool of one database (after it is edited or deleted). */
export async function closeConnection(databaseId: number): Promise<void> {
  const entry = pools.get(databaseId);
  if (!entry) return;
  pools.delete(databaseId);
  await entry.client.then((client) => client.close()).catch(() => undefined);
}

/**
 * Opens a one-off client (test_connection), runs `work`, and always closes it.
 *
 * @example
 * await withTemporaryConnection(target, (client) => client.execute('SELECT 1'));
 */
export async function withTemporaryConnection<T>(target: ConnectTarget, work: (client: EngineClient) => Promise<T>): Promise<T> {
  const client = await getEngineSpec(target.backend).connect({ ...target, temporary: true });
  try {
    return await work(client);
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** Closes every pool and DuckDB instance; called when the server stops. */
export async function closeAllConnections(): Promise<void> {
  const entries = [...pools.values()];
  pools.clear();
  await Promise.all(entries.map((entry) => entry.client.then((client) => client.close()).catch(() => undefined)));
  await releaseAllDuckDBInstances();
}
