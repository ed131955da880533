import type { UploadColumnType } from './column-types';

/** What the upload writer needs to know about an engine beyond its EngineSpec. */
export interface UploadDialect {
  types: Record<UploadColumnType, string>;
  /** Whether CREATE/DROP TABLE roll back with the transaction (MySQL/MariaDB commit DDL implicitly). */
  transactionalDdl: boolean;
  /** Longest identifier the engine keeps whole (PostgreSQL silently truncates past 63 bytes). */
  maxIdentifierBytes: number | null;
}

const DIALECTS: Record<string, UploadDialect> = {
  duckdb: {
    types: { integer: 'BIGINT', float: 'DOUBLE', boolean: 'BOOLEAN', text: 'VARCHAR', date: 'DATE', datetime: 'TIMESTAMP' },
    transactionalDdl: true,
    maxIdentifierBytes: null,
  },
  sqlite: {
    types: { integer: 'BIGINT', float: 'REAL', boolean: 'BOOLEAN', text: 'TEXT', date: 'DATE', datetime: 'DATETIME' },
    transactionalDdl: true,
    maxIdentifierBytes: null,
  },
  postgresql: {
    types: { integer: 'BIGINT', float: 'DOUBLE PRECISION', boolean: 'BOOLEAN', text: 'TEXT', date: 'DATE', datetime: 'TIMESTAMP' },
    transactionalDdl: true,
    maxIdentifierBytes: 63,
  },
  mysql: {
    types: { integer: 'BIGINT', float: 'DOUBLE', boolean: 'BOOLEAN', text: 'TEXT', date: 'DATE', datetime: 'DATETIME(3)' },
    transactionalDdl: false,
    maxIdentifierBytes: 64,
  },
};

/** The upload facts of an engine, or null when uploads into it are not supported. */
export function uploadDialectOf(engine: string): UploadDialect | null {
  return DIALECTS[engine] ?? null;
}
