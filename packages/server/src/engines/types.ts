/**
 * The engine layer's shared types: an EngineSpec describes one dialect (quoting, time grains, type mapping,
 * URI parameters); an EngineClient is a live, pooled connection to one database that runs SQL and introspects.
 */

/** Superset's generic column types. */
export type GenericType = 'STRING' | 'NUMERIC' | 'TEMPORAL' | 'BOOLEAN';

/** ISO-8601 duration keys of the time grains every engine supports (Superset's TimeGrain constants). */
export const TIME_GRAINS = [
  'PT1S',
  'PT1M',
  'PT5M',
  'PT10M',
  'PT15M',
  'PT30M',
  'PT1H',
  'P1D',
  'P1W',
  'P1M',
  'P3M',
  'P1Y',
  '1969-12-28T00:00:00Z/P1W',
  '1969-12-29T00:00:00Z/P1W',
  'P1W/1970-01-03T00:00:00Z',
  'P1W/1970-01-04T00:00:00Z',
] as const;
export type TimeGrain = (typeof TIME_GRAINS)[number];

/** Human names of the time grains, as the incumbent's `time_grains` lists them. */
export const TIME_GRAIN_NAMES: Record<TimeGrain, string> = {
  PT1S: 'Second',
  PT1M: 'Minute',
  PT5M: '5 minute',
  PT10M: '10 minute',
  PT15M: '15 minute',
  PT30M: '30 minute',
  PT1H: 'Hour',
  P1D: 'Day',
  P1W: 'Week',
  P1M: 'Month',
  P3M: 'Quarter',
  P1Y: 'Year',
  '1969-12-28T00:00:00Z/P1W': 'Week starting Sunday',
  '1969-12-29T00:00:00Z/P1W': 'Week starting Monday',
  'P1W/1970-01-03T00:00:00Z': 'Week ending Saturday',
  'P1W/1970-01-04T00:00:00Z': 'Week ending Sunday',
};

/** A result column. `type` is the engine's native type name (upper case where the engine has one). */
export interface ResultColumn {
  name: string;
  type: string;
  generic_type: GenericType | null;
  is_dttm: boolean;
}

/**
 * A query result. Rows are arrays in column order (no per-row objects). Values are JS numbers, strings,
 * booleans or null; BIGINT/DECIMAL become numbers; temporal values (DATE, TIMESTAMP, TIMESTAMPTZ) are epoch
 * milliseconds (UTC) unless `temporalAs: 'iso'` was asked for; anything else (JSON, arrays, intervals) is a
 * JSON-serialisable value.
 */
export interface ExecuteResult {
  columns: ResultColumn[];
  rows: unknown[][];
  rowcount: number;
}

/**
 * A query result column by column (chart data's Frame is columnar): `values[i]` holds column i's values,
 * converted exactly as ExecuteResult's rows are.
 */
export interface ColumnarResult {
  columns: ResultColumn[];
  values: unknown[][];
  rowcount: number;
}

export interface ExecuteOptions {
  /** Aborting cancels the running statement on the server (DuckDB interrupt, pg_cancel_backend, KILL QUERY). */
  signal?: AbortSignal;
  /** Cancels and fails with CONNECTION_DATABASE_TIMEOUT after this many milliseconds. */
  timeoutMs?: number;
  /**
   * Least privilege as a second wall (chart data, SQL Lab on read-only databases): the statement runs in a
   * read-only transaction that is rolled back afterwards, with the engine's own statement timeout set from
   * `timeoutMs` (PostgreSQL default_transaction_read_only + statement_timeout, MariaDB START TRANSACTION
   * READ ONLY + max_statement_time, DuckDB BEGIN TRANSACTION READ ONLY, SQLite read-only statements only).
   */
  readOnly?: boolean;
  /** Keep at most this many rows (the statement itself is not rewritten). */
  maxRows?: number;
  /** Temporal values as epoch milliseconds (default) or ISO-8601 strings. */
  temporalAs?: 'epoch_ms' | 'iso';
  /** Result columns to treat as temporal even when the driver does not say so (SQLite expressions). */
  temporalColumns?: string[];
}

export interface TableRef {
  name: string;
  schema?: string | null;
  catalog?: string | null;
}

export interface TableListItem {
  value: string;
  type: 'table' | 'view';
  extra: Record<string, unknown> | null;
}

export interface ColumnMetadata {
  name: string;
  /** Native type as declared, e.g. VARCHAR, BIGINT, TIMESTAMP. */
  type: string;
  generic_type: GenericType | null;
  is_dttm: boolean;
  nullable: boolean;
  default: string | null;
  comment: string | null;
}

export interface ForeignKeyMetadata {
  name: string | null;
  constrained_columns: string[];
  referred_schema: string | null;
  referred_table: string;
  referred_columns: string[];
}

export interface IndexMetadata {
  name: string;
  column_names: string[];
  unique: boolean;
}

export interface PrimaryKeyMetadata {
  name: string | null;
  constrained_columns: string[];
}

/** A live, pooled connection to one database. */
export interface EngineClient {
  readonly spec: EngineSpec;
  execute(sql: string, params?: unknown[], options?: ExecuteOptions): Promise<ExecuteResult>;
  /**
   * The same result column by column, for engines that read results in columns (DuckDB): no row arrays
   * are built. Engines without it are served by executeColumns() (engines/columnar.ts), which transposes.
   */
  executeColumns?(sql: string, params?: unknown[], options?: ExecuteOptions): Promise<ColumnarResult>;
  /** Catalog names (empty for engines without catalogs). */
  getCatalogs(): Promise<string[]>;
  getSchemas(catalog?: string | null): Promise<string[]>;
  getTables(schema: string | null, catalog?: string | null): Promise<TableListItem[]>;
  /** Columns of a table or view; throws TABLE_DOES_NOT_EXIST_ERROR when missing. */
  getColumns(table: TableRef): Promise<ColumnMetadata[]>;
  getPrimaryKey(table: TableRef): Promise<PrimaryKeyMetadata>;
  getForeignKeys(table: TableRef): Promise<ForeignKeyMetadata[]>;
  getIndexes(table: TableRef): Promise<IndexMetadata[]>;
  /** Default schema of the connection (main, public, the MySQL database), null when not applicable. */
  defaultSchema(): Promise<string | null>;
  /**
   * Runs `work` on one dedicated connection between BEGIN and COMMIT; a throw rolls back and is rethrown
   * (mapped like execute's errors). Statements take bound parameters only (file uploads write through it).
   * MySQL commits DDL implicitly, so only its DML is undone by a rollback.
   */
  transaction<T>(work: (run: TransactionRun, append?: TransactionAppend) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Runs one statement inside a transaction with bound parameters; resolves with the affected row count. */
export type TransactionRun = (sql: string, params?: unknown[]) => Promise<number>;

/**
 * Bulk-loads rows into a table inside the transaction through the engine's appender: every row gives a
 * value for each of the table's columns in table order, values travel as data (never SQL text) and the
 * engine casts them to the column types. Resolves with the row count once the rows are flushed, so a
 * refused row rejects the call that carried it. Only engines where it beats multi-row INSERTs by far
 * offer it (DuckDB, whose bound multi-row INSERTs are slow).
 */
export type TransactionAppend = (table: { schema: string | null; name: string }, rows: readonly (readonly unknown[])[]) => Promise<number>;

/** JSON schema (draft 4 subset) for a database's connection parameters, as /database/available/ returns it. */
export interface ParametersSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
}

/** Connection parameters of the parameters form (validate_parameters, test_connection without a URI). */
export interface ConnectionParameters {
  host?: string;
  port?: number | string;
  username?: string;
  password?: string;
  database?: string;
  query?: Record<string, string>;
  encryption?: boolean;
}

/** What a connection needs: parsed from `sqlalchemy_uri` plus the stored password. */
export interface ConnectTarget {
  backend: string;
  driver: string | null;
  host: string | null;
  port: number | null;
  username: string | null;
  password: string | null;
  /** Database name, or file path for file engines (':memory:' for in-memory). */
  database: string | null;
  query: Record<string, string>;
  /** Open file engines read-only (DuckDB). */
  readOnly?: boolean;
  /**
   * The client is closed right after one use (test_connection, uploads): a DuckDB instance it had to open
   * is closed with it, so the file is not left locked by this process.
   */
  temporary?: boolean;
}

export interface EngineSpec {
  /** Backend name as stored in dbs.backend: duckdb, sqlite, postgresql, mysql. */
  engine: string;
  /** Display name: DuckDB, SQLite, PostgreSQL, MySQL. */
  engineName: string;
  /** URI schemes (before any `+driver`) that select this engine. */
  schemes: string[];
  defaultDriver: string;
  drivers: string[];
  sqlalchemyUriPlaceholder: string;
  /** True for engines whose database is a local file. */
  fileBased: boolean;
  supportsCatalogs: boolean;
  supportsSchemas: boolean;
  /** Parameters JSON schema; null when only a URI can configure the engine. */
  parametersSchema: ParametersSchema;
  /** Parameters that must be present in the parameters form. */
  requiredParameters: string[];
  /** Default port of network engines. */
  defaultPort: number | null;
  /** Bind parameter style: `?` (qmark) or `$1` (numeric). */
  paramStyle: 'qmark' | 'numeric';
  placeholder(index: number): string;
  quoteIdentifier(name: string): string;
  /** SQL for a time grain over an expression; null grain returns the expression. Throws on unknown grains. */
  timeGrainExpression(expression: string, grain: string | null | undefined): string;
  timeGrains: Record<TimeGrain, string>;
  /** ` LIMIT n OFFSET m` for the dialect (leading space). */
  limitClause(limit: number | null, offset?: number | null): string;
  /** A literal for an epoch-ms instant, comparable with TIMESTAMP columns. */
  datetimeLiteral(epochMs: number): string;
  genericType(nativeType: string | null | undefined): GenericType | null;
  /** SELECT * (or the explicit column list) with a limit, formatted over lines as SQL Lab shows it. */
  selectStar(table: TableRef, columns: string[] | null, limit?: number): string;
  buildUri(params: ConnectionParameters): string;
  parametersFromTarget(target: ConnectTarget): ConnectionParameters;
  connect(target: ConnectTarget): Promise<EngineClient>;
}
