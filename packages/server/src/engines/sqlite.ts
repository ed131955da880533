import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { ErrorType } from '../errors';
import { defineEngineSpec, utcLiteral } from './base';
import { engineError, EngineError, genericTypeOf, issueCodesFor, normaliseRows, quoteDouble, resultColumn, stringLiteral, withCancellation } from './common';
import { holdDatabaseFile } from './open-files';
import { runTransactionFrame } from './transaction-frame';
import type { ColumnMetadata, ConnectTarget, EngineClient, EngineSpec, ExecuteOptions, ExecuteResult, TableRef, TransactionRun } from './types';

type SqliteDatabase = InstanceType<typeof Database>;

function mapSqliteError(error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string }).code ?? '';
  let type: (typeof ErrorType)[keyof typeof ErrorType] = ErrorType.GENERIC_DB_ENGINE_ERROR;
  if (/no such table/i.test(message)) type = ErrorType.TABLE_DOES_NOT_EXIST_ERROR;
  else if (/no such column/i.test(message)) type = ErrorType.COLUMN_DOES_NOT_EXIST_ERROR;
  else if (/syntax error|incomplete input|unrecognized token/i.test(message)) type = ErrorType.SYNTAX_ERROR;
  else if (code === 'SQLITE_CANTOPEN' || /unable to open database|directory does not exist/i.test(message)) type = ErrorType.CONNECTION_UNKNOWN_DATABASE_ERROR;
  return new EngineError('SQLite', type, message, issueCodesFor(type));
}

/** SQLite declares types loosely: a column is temporal when its declared type says DATE/TIME. */
function sqliteGenericType(nativeType: string | null | undefined) {
  if (!nativeType) return null;
  return genericTypeOf(nativeType.replace(/\(.*$/, ''));
}

/**
 * SQLite through better-sqlite3. The driver is synchronous, so a statement blocks the event loop while it
 * runs; SQLite sources are meant for small local files. Cancellation is limited to not starting work after
 * an abort (better-sqlite3 exposes no interrupt).
 */
class SqliteClient implements EngineClient {
  private db: SqliteDatabase | null = null;
  private releaseFile: () => void = () => undefined;

  constructor(
    readonly spec: EngineSpec,
    private readonly path: string,
    private readonly readOnly: boolean,
  ) {}

  private handle(): SqliteDatabase {
    if (this.db) return this.db;
    // Refused before SQLite touches the file when DuckDB holds it open in this process (engines/open-files.ts).
    this.releaseFile = holdDatabaseFile('sqlite', this.path);
    try {
      const readonly = this.readOnly && this.path !== ':memory:' && existsSync(this.path);
      this.db = new Database(this.path, { readonly, fileMustExist: false });
      this.db.defaultSafeIntegers(false);
      return this.db;
    } catch (error) {
      this.releaseFile();
      throw mapSqliteError(error);
    }
  }

  async execute(sql: string, params: unknown[] = [], options: ExecuteOptions = {}): Promise<ExecuteResult> {
    const db = this.handle();
    return withCancellation('SQLite', options, () => undefined, async () => {
      try {
        const values = params.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value instanceof Date ? value.toISOString() : value));
        const statement = db.prepare(sql);
        // SQLite has no read-only transactions on a writable handle: refuse any statement that would write.
        if (options.readOnly && !statement.readonly) {
          throw engineError('SQLite', ErrorType.DML_NOT_ALLOWED_ERROR, 'Only SELECT statements are allowed against this database.', 422);
        }
        if (!statement.reader) {
          const info = statement.run(...values);
          return { columns: [], rows: [], rowcount: info.changes };
        }
        statement.raw(true);
        const declared = statement.columns();
        const columns = declared.map((column) => resultColumn(column.name, column.type ?? '', sqliteGenericType));
        let rows: unknown[][] = [];
        if (options.maxRows !== undefined) {
          for (const row of statement.iterate(...values) as IterableIterator<unknown[]>) {
            if (rows.length >= options.maxRows) break;
            rows.push(row);
          }
        } else {
          rows = statement.all(...values) as unknown[][];
        }
        // Expressions have no declared type: infer NUMERIC/STRING from the first non-null value.
        columns.forEach((column, index) => {
          if (column.type) return;
          const sample = rows.find((row) => row[index] !== null && row[index] !== undefined)?.[index];
          column.type = typeof sample === 'number' || typeof sample === 'bigint' ? 'NUMERIC' : typeof sample === 'string' ? 'TEXT' : '';
          column.generic_type = column.type ? sqliteGenericType(column.type) : null;
        });
        normaliseRows(columns, rows, options);
        return { columns, rows, rowcount: rows.length };
      } catch (error) {
        throw mapSqliteError(error);
      }
    });
  }

  private rows(sql: string, params: unknown[] = []): Record<string, unknown>[] {
    try {
      return this.handle()
        .prepare(sql)
        .all(...params) as Record<string, unknown>[];
    } catch (error) {
      throw mapSqliteError(error);
    }
  }

  async getCatalogs(): Promise<string[]> {
    return [];
  }

  async defaultSchema(): Promise<string | null> {
    return 'main';
  }

  async getSchemas(): Promise<string[]> {
    return this.rows('PRAGMA database_list')
      .map((row) => String(row.name))
      .filter((name) => name !== 'temp')
      .sort();
  }

  async getTables(schema: string | null) {
    const rows = this.rows(
      `SELECT name, type FROM ${quoteDouble(schema ?? 'main')}.sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name`,
    );
    return rows.map((row) => ({ value: String(row.name), type: row.type === 'view' ? ('view' as const) : ('table' as const), extra: null }));
  }

  private tableInfo(table: TableRef): Record<string, unknown>[] {
    const rows = this.rows(`PRAGMA ${quoteDouble(table.schema ?? 'main')}.table_xinfo(${stringLiteral(table.name)})`);
    if (!rows.length) throw engineError('SQLite', ErrorType.TABLE_DOES_NOT_EXIST_ERROR, `no such table: ${table.name}`, 404);
    return rows;
  }

  async getColumns(table: TableRef): Promise<ColumnMetadata[]> {
    return this.tableInfo(table)
      .filter((row) => Number(row.hidden ?? 0) === 0)
      .map((row) => {
        const column = resultColumn(String(row.name), String(row.type ?? ''), sqliteGenericType);
        return { ...column, nullable: Number(row.notnull) === 0 && Number(row.pk) === 0, default: (row.dflt_value as string | null) ?? null, comment: null };
      });
  }

  async getPrimaryKey(table: TableRef) {
    const columns = this.tableInfo(table)
      .filter((row) => Number(row.pk) > 0)
      .sort((a, b) => Number(a.pk) - Number(b.pk))
      .map((row) => String(row.name));
    return { name: null, constrained_columns: columns };
  }

  async getForeignKeys(table: TableRef) {
    this.tableInfo(table);
    const rows = this.rows(`PRAGMA ${quoteDouble(table.schema ?? 'main')}.foreign_key_list(${stringLiteral(table.name)})`);
    const byId = new Map<number, { name: null; constrained_columns: string[]; referred_schema: string | null; referred_table: string; referred_columns: string[] }>();
    for (const row of rows) {
      const id = Number(row.id);
      const fk = byId.get(id) ?? { name: null, constrained_columns: [], referred_schema: table.schema ?? 'main', referred_table: String(row.table), referred_columns: [] };
      fk.constrained_columns.push(String(row.from));
      if (row.to !== null) fk.referred_columns.push(String(row.to));
      byId.set(id, fk);
    }
    return [...byId.values()];
  }

  async getIndexes(table: TableRef) {
    this.tableInfo(table);
    const schema = quoteDouble(table.schema ?? 'main');
    const indexes = this.rows(`PRAGMA ${schema}.index_list(${stringLiteral(table.name)})`).filter((row) => row.origin !== 'pk');
    return indexes.map((row) => ({
      name: String(row.name),
      column_names: this.rows(`PRAGMA ${schema}.index_info(${stringLiteral(String(row.name))})`).map((col) => String(col.name)),
      unique: Number(row.unique) === 1,
    }));
  }

  /**
   * A transaction on its own handle, so statements of other requests sharing this client's handle never
   * land inside it between two awaits of `work`.
   */
  async transaction<T>(work: (run: TransactionRun) => Promise<T>): Promise<T> {
    if (this.readOnly) throw engineError('SQLite', ErrorType.GENERIC_DB_ENGINE_ERROR, 'attempt to write a readonly database');
    let db: SqliteDatabase;
    try {
      db = new Database(this.path, { fileMustExist: false });
      db.pragma('busy_timeout = 5000');
    } catch (error) {
      throw mapSqliteError(error);
    }
    const run: TransactionRun = async (sql, params = []) => {
      try {
        const values = params.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value instanceof Date ? value.toISOString() : value));
        return db.prepare(sql).run(...values).changes;
      } catch (error) {
        throw mapSqliteError(error);
      }
    };
    const rollback = async () => {
      if (db.inTransaction) db.exec('ROLLBACK');
    };
    try {
      return await runTransactionFrame({ begin: 'BEGIN IMMEDIATE', run, rollback, work });
    } finally {
      db.close();
    }
  }

  async close(): Promise<void> {
    this.db?.close();
    this.db = null;
    this.releaseFile();
  }
}

/** Week boundaries computed with strftime('%w') (0 = Sunday). */
const daysSinceMonday = "((CAST(STRFTIME('%w', {col}) AS INTEGER) + 6) % 7)";

export const sqliteSpec: EngineSpec = defineEngineSpec({
  engine: 'sqlite',
  engineName: 'SQLite',
  schemes: ['sqlite'],
  defaultDriver: 'pysqlite',
  drivers: ['pysqlite'],
  sqlalchemyUriPlaceholder: 'sqlite:////path/to/file.db',
  fileBased: true,
  supportsCatalogs: false,
  supportsSchemas: true,
  defaultPort: null,
  paramStyle: 'qmark',
  quoteIdentifier: quoteDouble,
  timeGrains: {
    PT1S: "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:%S', {col}))",
    PT1M: "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:00', {col}))",
    PT5M: "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:00', {col}), PRINTF('-%d minutes', CAST(STRFTIME('%M', {col}) AS INTEGER) % 5))",
    PT10M: "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:00', {col}), PRINTF('-%d minutes', CAST(STRFTIME('%M', {col}) AS INTEGER) % 10))",
    PT15M: "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:00', {col}), PRINTF('-%d minutes', CAST(STRFTIME('%M', {col}) AS INTEGER) % 15))",
    PT30M: "DATETIME(STRFTIME('%Y-%m-%dT%H:%M:00', {col}), PRINTF('-%d minutes', CAST(STRFTIME('%M', {col}) AS INTEGER) % 30))",
    PT1H: "DATETIME(STRFTIME('%Y-%m-%dT%H:00:00', {col}))",
    P1D: "DATETIME({col}, 'start of day')",
    P1W: `DATETIME({col}, 'start of day', PRINTF('-%d days', ${daysSinceMonday}))`,
    P1M: "DATETIME({col}, 'start of month')",
    P3M: "DATETIME({col}, 'start of month', PRINTF('-%d months', (CAST(STRFTIME('%m', {col}) AS INTEGER) - 1) % 3))",
    P1Y: "DATETIME({col}, 'start of year')",
    '1969-12-28T00:00:00Z/P1W': "DATETIME({col}, 'start of day', PRINTF('-%d days', CAST(STRFTIME('%w', {col}) AS INTEGER)))",
    '1969-12-29T00:00:00Z/P1W': `DATETIME({col}, 'start of day', PRINTF('-%d days', ${daysSinceMonday}))`,
    'P1W/1970-01-03T00:00:00Z': "DATETIME({col}, 'start of day', 'weekday 6')",
    'P1W/1970-01-04T00:00:00Z': "DATETIME({col}, 'start of day', 'weekday 0')",
  },
  datetimeLiteral: (epochMs) => utcLiteral(epochMs),
  genericType: sqliteGenericType,
  async connect(target: ConnectTarget): Promise<EngineClient> {
    const path = target.database && target.database !== '' ? target.database : ':memory:';
    if (path !== ':memory:' && !existsSync(path) && target.readOnly) {
      // Opening would create an empty file; report it like the incumbent's "unable to open database file".
      throw engineError('SQLite', ErrorType.CONNECTION_UNKNOWN_DATABASE_ERROR, `unable to open database file: ${path}`);
    }
    return new SqliteClient(sqliteSpec, path, target.readOnly === true);
  },
});
