import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';

/**
 * DuckDB's own parser, through json_serialize_sql on a private in-memory instance that holds no data and
 * may not touch files or the network: the statement is parsed, never bound or run, so classifying a query
 * cannot read anything. json_serialize_sql serialises SELECT statements only; anything else answers an
 * error, which is itself the information "DuckDB does not read this as a SELECT".
 */
export type DuckSerialized =
  | { error: false; statements: { node: Record<string, unknown> }[] }
  | { error: true; error_type?: string; error_message?: string };

let connecting: Promise<DuckDBConnection> | null = null;
/** Serialises calls: one connection runs one statement at a time. */
let queue: Promise<unknown> = Promise.resolve();

function connection(): Promise<DuckDBConnection> {
  connecting ??= DuckDBInstance.create(':memory:', {
    enable_external_access: 'false',
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    lock_configuration: 'true',
    threads: '1',
  }).then((instance) => instance.connect());
  return connecting;
}

/**
 * DuckDB's syntax tree of `sql` as JSON.
 *
 * @example
 * await serializeDuckDbSql('FROM t'); // {error: false, statements: [{node: {type: 'SELECT_NODE', ...}}]}
 */
export function serializeDuckDbSql(sql: string): Promise<DuckSerialized> {
  const run = queue.then(async () => {
    const conn = await connection();
    const reader = await conn.runAndReadAll('SELECT json_serialize_sql($1::VARCHAR)', [sql]);
    return JSON.parse(String(reader.getRows()[0]?.[0])) as DuckSerialized;
  });
  queue = run.catch(() => undefined);
  return run;
}
