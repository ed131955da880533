import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How many distinct SQL texts keep their prepared statement (a list request runs about ten). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Wraps a better-sqlite3 database so Kysely's SQLite driver reuses prepared statements: the driver calls
 * `prepare(sql)` for every query, and compiling the SQL was the largest single cost of a list request on
 * SQLite metadata. Statements are keyed by their SQL text and the least recently used is dropped past
 * `size`. Reuse is safe because the driver runs one query at a time on its single connection, and SQLite
 * prepares a statement again by itself when the schema changed (migrations).
 */
export function withStatementCache(database: SqliteDatabase, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached) {
        // Re-inserted so Map order is least recently used first.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > size) statements.delete(statements.keys().next().value as string);
      return statement;
    },
    close(): void {
      statements.clear();
      database.close();
    },
  };
}
