import { availableParallelism } from 'node:os';
import { findEngineSpec } from '../engines';

/**
 * How many queries a database runs at once when LUMEN_DB_MAX_CONCURRENT_QUERIES is not set. DuckDB runs in
 * this process and uses every core for one query, so more at once than cores only makes each slower.
 * PostgreSQL and MySQL/MariaDB get their connection pool's size (5, engines/postgresql.ts and mysql.ts): a
 * query past that would wait for a connection inside the driver, unseen by the queue's order and deadline.
 * SQLite (better-sqlite3) runs one statement at a time on one handle.
 */
const POOLED_ENGINE_CONNECTIONS = 5;

export function defaultConcurrencyFor(backend: string): number {
  switch (findEngineSpec(backend)?.engine) {
    case 'duckdb':
      return availableParallelism();
    case 'sqlite':
      return 1;
    default:
      return POOLED_ENGINE_CONNECTIONS;
  }
}
