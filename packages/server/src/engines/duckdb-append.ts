import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * Appends one value by its JS type and lets DuckDB cast it to the column's type, as it casts a bound
 * parameter: text goes in as VARCHAR, so '2024-01-02' fills a DATE column and digits beyond 2^53 fill (or
 * overflow, with DuckDB's own error) a BIGINT column.
 */
function appendValue(appender: DuckDBAppender, value: unknown): void {
  if (value === null || value === undefined) appender.appendNull();
  else if (typeof value === 'string') appender.appendVarchar(value);
  else if (typeof value === 'number') {
    if (Number.isSafeInteger(value)) appender.appendBigInt(BigInt(value));
    else appender.appendDouble(value);
  } else if (typeof value === 'boolean') appender.appendBoolean(value);
  else if (typeof value === 'bigint') {
    if (value >= INT64_MIN && value <= INT64_MAX) appender.appendBigInt(value);
    else appender.appendVarchar(value.toString());
  } else if (value instanceof Date) appender.appendVarchar(value.toISOString());
  else if (value instanceof Uint8Array) appender.appendBlob(value);
  else appender.appendVarchar(String(value));
}

/**
 * Writes rows into a table with DuckDB's appender on the caller's connection, so inside its open
 * transaction: a refusal (a failed cast while appending, a constraint at the flush) rejects and the
 * caller's ROLLBACK undoes every row. Far faster than multi-row INSERTs with bound parameters, which DuckDB
 * plans and binds value by value.
 *
 * @example
 * await appendRows(connection, { schema: 'main', name: 'sales' }, [[1, 'Ada'], [2, 'Grace']]); // 2
 */
export async function appendRows(connection: DuckDBConnection, table: { schema: string | null; name: string }, rows: readonly (readonly unknown[])[]): Promise<number> {
  const appender = await connection.createAppender(table.name, table.schema);
  let failed = false;
  try {
    const width = appender.columnCount;
    for (const row of rows) {
      if (row.length !== width) throw new Error(`The appender for ${table.name} expects ${width} values a row, got ${row.length}.`);
      for (const value of row) appendValue(appender, value);
      appender.endRow();
    }
    appender.flushSync();
    return rows.length;
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // After a failure, drop what is buffered rather than flush it on close; a close error then (such as
    // "transaction is aborted") would only hide the first error, which is the one to report.
    try {
      if (failed) appender.clear();
      appender.closeSync();
    } catch (error) {
      if (!failed) throw error;
    }
  }
}
