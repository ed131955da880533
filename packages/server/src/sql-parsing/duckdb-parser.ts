import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';

/**
 * DuckDB's own parser, reached through `json_serialize_sql` / `json_deserialize_sql` on a private in-memory
 * instance that holds no data and has no external access: statements are parsed, never bound or run, so
 * even a parser bug could reach nothing. json_serialize_sql serialises SELECT statements only; anything else
 * answers an error, which is itself the information "DuckDB does not read this as a SELECT". One connection,
 * created on first use, runs one call at a time. Used by the chart-data expression guard and SQL Lab's
 * statement classifier.
 */
export type DuckdbSerialized =
  | { error: false; statements: { node: Record<string, unknown> }[] }
  | { error: true; error_type?: string; error_message?: string };

export interface DuckdbParser {
  /** The parsed statements of `sql` as DuckDB's JSON, or `{ error: true, error_message }`. */
  serialize(sql: string): Promise<DuckdbSerialized>;
  /** `sql` as DuckDB prints it back from its own parse tree (comments gone, quoting normalised). */
  regenerate(sql: string): Promise<string>;
}

let connecting: Promise<DuckDBConnection> | null = null;
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

/** The one value of a one-row, one-column query, after the calls queued before it. */
function scalar(sql: string, value: string): Promise<string> {
  const run = queue.then(async () => {
    const reader = await (await connection()).runAndReadAll(sql, [value]);
    return String(reader.getRows()[0]?.[0]);
  });
  queue = run.catch(() => undefined);
  return run;
}

export const duckdbParser: DuckdbParser = {
  serialize: async (sql) => JSON.parse(await scalar('SELECT json_serialize_sql($1::VARCHAR)', sql)) as DuckdbSerialized,
  // In SQL, not through JSON.parse: the tree holds 64-bit locations that JavaScript numbers would round.
  regenerate: (sql) => scalar('SELECT json_deserialize_sql(json_serialize_sql($1::VARCHAR))', sql),
};
