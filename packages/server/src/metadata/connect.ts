import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { MetadataSchema } from './schema';
import { holdDatabaseFile } from '../engines/open-files';
import { withStatementCache } from './statement-cache';

export type MetadataDialect = 'sqlite' | 'postgresql';

export interface MetadataStore {
  db: Kysely<MetadataSchema>;
  dialect: MetadataDialect;
  close(): Promise<void>;
}

/** Parses `sqlite:///abs/path.db`, `sqlite://:memory:` or `postgresql://...` into a dialect and target. */
export function parseMetadataUrl(url: string): { dialect: MetadataDialect; target: string } {
  if (url.startsWith('sqlite:')) {
    const path = url.replace(/^sqlite:\/\/\/?/, '');
    if (!path) throw new Error(`LUMEN_METADATA_URL has no SQLite file path: ${url}`);
    return { dialect: 'sqlite', target: path === ':memory:' ? ':memory:' : url.replace(/^sqlite:\/\//, '') };
  }
  if (/^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgresql', target: url.replace(/^postgres:/, 'postgresql:') };
  throw new Error(`LUMEN_METADATA_URL must start with sqlite:// or postgresql://, got ${url.replace(/:[^:@/]*@/, ':***@')}`);
}

/**
 * Opens the metadata store. SQLite runs in WAL mode with foreign keys on; PostgreSQL uses a pool.
 * Both return int8/numeric as JS numbers so the same code reads ids and counts the same way.
 */
export function openMetadataStore(url: string): MetadataStore {
  const { dialect, target } = parseMetadataUrl(url);
  if (dialect === 'sqlite') {
    if (target !== ':memory:') mkdirSync(dirname(target), { recursive: true });
    // Registered so no DuckDB in this process ever opens the metadata file (engines/open-files.ts).
    const releaseFile = holdDatabaseFile('sqlite', target);
    const sqlite = new Database(target);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<MetadataSchema>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    return { db, dialect, close: () => db.destroy().finally(releaseFile) };
  }
  // COUNT(*) and BIGSERIAL come back as strings by default; ids and counts here fit in a double.
  pg.types.setTypeParser(20, (value) => Number(value));
  pg.types.setTypeParser(1700, (value) => Number(value));
  const pool = new pg.Pool({ connectionString: target, max: 10 });
  // An idle client can be dropped by the server (restart, admin termination); without a listener that error
  // would crash the process. The pool replaces the client on next use.
  pool.on('error', () => undefined);
  const db = new Kysely<MetadataSchema>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect, close: () => db.destroy() };
}

/** Current time as stored in the metadata store. */
export const nowIso = (): string => new Date().toISOString();
export const toBool = (value: unknown): boolean => value === 1 || value === true || value === '1';
export const fromBool = (value: unknown): number => (value ? 1 : 0);
