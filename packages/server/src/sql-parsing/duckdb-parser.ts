import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';

/**
 * DuckDB's own parser, reached through `json_serialize_sql` / `json_deserialize_sql` on a private in-memory
 * instance that holds no data and has no external access: parsing runs no user SQL, and even a parser bug
 * could reach nothing. One connection, created on first use; DuckDB serialises calls on it.
 */
export interface DuckdbParser {
  /** The parsed statements of `sql` as DuckDB's JSON, or `{ error: true, error_message }`. */
  serialize(sql: string): Promise<DuckdbSerialized>;
  /** `sql` as DuckDB prints it back from its own parse tree (comments gone, quoting normalised). */
  regenerate(sql: string): Promise<string>;
}

export interface DuckdbSerialized {
  error: boolean;
  error_message?: string;
  statements?: { node: Record<string, unknown> }[];
}

let connecting: Promise<DuckDBConnection> | null = null;

async function connection(): Promise<DuckDBConnection> {
  connecting ??= DuckDBInstance.create(':memory:', {
    enable_external_access: 'false',
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    lock_configuration: 'true',
    threads: '1',
  }).then((instance) => instance.connect());
  return connecting;
}

async function scalar(sql: string, value: string): Promise<string> {
  const reader = await (await connection()).runAndReadAll(sql, [value]);
  return String(reader.getRows()[0]![0]);
}

export const duckdbParser: DuckdbParser = {
  serialize: async (sql) => JSON.parse(await scalar('SELECT json_serialize_sql($1::VARCHAR)', sql)) as DuckdbSerialized,
  // In SQL, not through JSON.parse: the tree holds 64-bit locations that JavaScript numbers would round.
  regenerate: (sql) => scalar('SELECT json_deserialize_sql(json_serialize_sql($1::VARCHAR))', sql),
};
