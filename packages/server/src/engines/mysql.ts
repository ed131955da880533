import mysql from 'mysql2/promise';
import { ErrorType, type ErrorTypeCode } from '../errors';
import { defineEngineSpec, utcLiteral } from './base';
import { engineError, EngineError, issueCodesFor, mapSocketError, normaliseRows, quoteBacktick, resultColumn, scrubSecrets, withCancellation } from './common';
import { engineTimeoutMs, runReadOnlyFrame } from './read-only-frame';
import { runTransactionFrame } from './transaction-frame';
import type { ColumnMetadata, ConnectTarget, EngineClient, EngineSpec, ExecuteOptions, ExecuteResult, TableRef, TransactionRun } from './types';

/** mysql2 column type codes to SQL type names. */
const TYPE_NAMES: Record<number, string> = {
  0: 'DECIMAL', 1: 'TINYINT', 2: 'SMALLINT', 3: 'INT', 4: 'FLOAT', 5: 'DOUBLE', 6: 'NULL', 7: 'TIMESTAMP', 8: 'BIGINT', 9: 'MEDIUMINT',
  10: 'DATE', 11: 'TIME', 12: 'DATETIME', 13: 'YEAR', 14: 'DATE', 15: 'VARCHAR', 16: 'BIT', 245: 'JSON', 246: 'DECIMAL', 247: 'ENUM',
  248: 'SET', 249: 'TINYTEXT', 250: 'MEDIUMTEXT', 251: 'LONGTEXT', 252: 'TEXT', 253: 'VARCHAR', 254: 'CHAR', 255: 'GEOMETRY',
};
const SYSTEM_SCHEMAS = new Set(['information_schema', 'mysql', 'performance_schema', 'sys']);

export function mapMysqlError(error: unknown, target?: Pick<ConnectTarget, 'host' | 'port' | 'username' | 'database'>): EngineError {
  if (error instanceof EngineError) return error;
  const err = error as { code?: string; errno?: number; message?: string; sqlMessage?: string };
  const message = scrubSecrets(err.sqlMessage ?? err.message ?? String(error));
  const make = (type: ErrorTypeCode, text: string) => new EngineError('MySQL', type, text, issueCodesFor(type));
  let match: RegExpExecArray | null;
  if ((match = /Access denied for user '(.*?)'@'(.*?)'( \(using password: (YES|NO)\))?/.exec(message))) {
    if (/to database '(.*?)'/.test(message)) {
      return make(ErrorType.CONNECTION_DATABASE_PERMISSIONS_ERROR, message);
    }
    return make(ErrorType.CONNECTION_ACCESS_DENIED_ERROR, `Either the username "${match[1]}" or the password is incorrect.`);
  }
  if (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN') {
    return make(ErrorType.CONNECTION_INVALID_HOSTNAME_ERROR, `Unknown MySQL server host "${target?.host ?? ''}".`);
  }
  const socket = mapSocketError('MySQL', err, target?.host ?? null, target?.port ?? 3306);
  if (socket) return socket;
  if ((match = /Unknown database '(.*?)'/.exec(message))) {
    return make(ErrorType.CONNECTION_UNKNOWN_DATABASE_ERROR, `Unable to connect to database "${match[1]}".`);
  }
  if (err.code === 'ER_NO_SUCH_TABLE' || /Table '.*?' doesn't exist/.test(message)) return make(ErrorType.TABLE_DOES_NOT_EXIST_ERROR, message);
  if (err.code === 'ER_BAD_FIELD_ERROR' || (match = /Unknown column '(.*?)'/.exec(message))) {
    const column = /Unknown column '(.*?)'/.exec(message)?.[1] ?? '';
    return make(ErrorType.COLUMN_DOES_NOT_EXIST_ERROR, `We can't seem to resolve the column "${column}"`);
  }
  if (err.code === 'ER_PARSE_ERROR' || /You have an error in your SQL syntax/.test(message)) {
    const near = /near '([\s\S]*?)' at line/.exec(message)?.[1] ?? message;
    return make(ErrorType.SYNTAX_ERROR, `Please check your query for syntax errors near "${near}". Then, try running your query again.`);
  }
  // MariaDB's max_statement_time (1969) and MySQL's max_execution_time (3024) are the engine's own timeout.
  if (err.errno === 1969 || err.errno === 3024 || /max_statement_time|maximum statement execution time exceeded/i.test(message)) {
    return make(ErrorType.CONNECTION_DATABASE_TIMEOUT, 'The query exceeded the statement timeout.');
  }
  if (err.code === 'ER_QUERY_INTERRUPTED' || /Query execution was interrupted/.test(message)) {
    return make(ErrorType.GENERIC_DB_ENGINE_ERROR, 'The query was cancelled.');
  }
  if (/connect ETIMEDOUT|Can't connect to MySQL server/.test(message)) {
    return make(ErrorType.CONNECTION_HOST_DOWN_ERROR, `The host "${target?.host ?? ''}" might be down and can't be reached.`);
  }
  return make(ErrorType.GENERIC_DB_ENGINE_ERROR, `mysql error: ${message}`);
}

/**
 * The session statement that bounds every statement of a read-only frame: MariaDB's max_statement_time
 * (seconds, any statement) or MySQL's max_execution_time (milliseconds, SELECT only).
 */
function statementTimeoutSql(mariadb: boolean, timeoutMs: number): string {
  return mariadb ? `SET SESSION max_statement_time = ${(timeoutMs / 1000).toFixed(3)}` : `SET SESSION max_execution_time = ${Math.ceil(timeoutMs)}`;
}

class MysqlClient implements EngineClient {
  private pool: mysql.Pool | null = null;
  /** Connections for read-only work (chart data, read-only databases): sessions default to read-only. */
  private readOnlyPool: mysql.Pool | null = null;
  /** Whether the server is MariaDB (asked once per client; the timeout variable differs from MySQL's). */
  private mariadb: Promise<boolean> | null = null;

  constructor(
    readonly spec: EngineSpec,
    private readonly target: ConnectTarget,
  ) {}

  private getPool(readOnly = false): mysql.Pool {
    if (readOnly) return (this.readOnlyPool ??= this.createPool(true));
    return (this.pool ??= this.createPool(false));
  }

  private createPool(readOnly: boolean): mysql.Pool {
    const query = this.target.query;
    const pool = mysql.createPool({
      host: this.target.host ?? '127.0.0.1',
      port: this.target.port ?? 3306,
      user: this.target.username ?? undefined,
      password: this.target.password ?? undefined,
      database: this.target.database ?? undefined,
      connectionLimit: 5,
      connectTimeout: Number(query.connect_timeout ?? 10) * 1000,
      dateStrings: true,
      timezone: 'Z',
      decimalNumbers: true,
      supportBigNumbers: true,
      bigNumberStrings: false,
      multipleStatements: false,
      charset: query.charset ?? 'utf8mb4',
      ssl: query.ssl === 'true' || query.ssl_mode === 'REQUIRED' ? { rejectUnauthorized: false } : undefined,
    });
    pool.on('connection', (connection) => {
      const session = connection as unknown as { query(sql: string): void };
      session.query("SET time_zone = '+00:00'");
      if (readOnly) session.query('SET SESSION TRANSACTION READ ONLY');
    });
    return pool;
  }

  private isMariaDb(connection: mysql.PoolConnection): Promise<boolean> {
    this.mariadb ??= connection.query('SELECT VERSION()').then(
      ([rows]) => /mariadb/i.test(String(Object.values((rows as Record<string, unknown>[])[0] ?? {})[0])),
      (error: unknown) => {
        // Not an answer about the server (a cancel, a dropped connection): ask again next time.
        this.mariadb = null;
        throw error;
      },
    );
    return this.mariadb;
  }

  async execute(sql: string, params: unknown[] = [], options: ExecuteOptions = {}): Promise<ExecuteResult> {
    let connection: mysql.PoolConnection;
    try {
      connection = await this.getPool(options.readOnly === true).getConnection();
    } catch (error) {
      throw mapMysqlError(error, this.target);
    }
    const threadId = connection.threadId;
    let broken = false;
    try {
      return await withCancellation(
        'MySQL',
        options,
        async () => {
          await this.getPool().query(`KILL QUERY ${Number(threadId)}`);
        },
        async () => {
          try {
            const query = () => connection.query({ sql, values: params, rowsAsArray: true });
            const [rows, fields] = options.readOnly
              ? await runReadOnlyFrame({
                  begin: [statementTimeoutSql(await this.isMariaDb(connection), engineTimeoutMs(options.timeoutMs)), 'START TRANSACTION READ ONLY'],
                  run: (statement) => connection.query(statement),
                  work: query,
                  onBroken: () => {
                    broken = true;
                  },
                })
              : await query();
            if (!Array.isArray(rows)) return { columns: [], rows: [], rowcount: (rows as { affectedRows?: number }).affectedRows ?? 0 };
            const columns = (fields ?? []).map((field) => {
              const code = (field as unknown as { columnType?: number; type?: number }).columnType ?? field.type ?? 253;
              let type = TYPE_NAMES[code] ?? 'VARCHAR';
              if (code === 1 && field.columnLength === 1) type = 'BOOLEAN';
              return resultColumn(field.name, type, this.spec.genericType);
            });
            let data = rows as unknown as unknown[][];
            if (options.maxRows !== undefined && data.length > options.maxRows) data = data.slice(0, options.maxRows);
            normaliseRows(columns, data, options);
            columns.forEach((column, index) => {
              if (column.type !== 'BOOLEAN') return;
              for (const row of data) if (row[index] !== null) row[index] = row[index] === 1 || row[index] === true;
            });
            return { columns, rows: data, rowcount: data.length };
          } catch (error) {
            throw mapMysqlError(error, this.target);
          }
        },
      );
    } finally {
      if (broken) connection.destroy();
      else connection.release();
    }
  }

  private async values(sql: string, params: unknown[] = []): Promise<unknown[][]> {
    return (await this.execute(sql, params, { temporalAs: 'iso' })).rows;
  }

  async getCatalogs(): Promise<string[]> {
    return [];
  }

  async defaultSchema(): Promise<string | null> {
    return (this.target.database ?? (await this.values('SELECT DATABASE()'))[0]?.[0] ?? null) as string | null;
  }

  async getSchemas(): Promise<string[]> {
    const rows = await this.values('SELECT SCHEMA_NAME FROM information_schema.SCHEMATA ORDER BY SCHEMA_NAME');
    return rows.map((row) => String(row[0])).filter((name) => !SYSTEM_SCHEMAS.has(name));
  }

  private async schemaOf(table: { schema?: string | null }): Promise<string> {
    return table.schema ?? (await this.defaultSchema()) ?? '';
  }

  async getTables(schema: string | null) {
    const rows = await this.values(
      'SELECT TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME',
      [await this.schemaOf({ schema })],
    );
    return rows.map((row) => ({ value: String(row[0]), type: row[1] === 'VIEW' ? ('view' as const) : ('table' as const), extra: null }));
  }

  async getColumns(table: TableRef): Promise<ColumnMetadata[]> {
    const schema = await this.schemaOf(table);
    const rows = await this.values(
      `SELECT COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, COLUMN_DEFAULT, COLUMN_COMMENT FROM information_schema.COLUMNS
       WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
      [schema, table.name],
    );
    if (!rows.length) throw engineError('MySQL', ErrorType.TABLE_DOES_NOT_EXIST_ERROR, `Table '${schema}.${table.name}' doesn't exist`, 404);
    return rows.map(([name, type, nullable, def, comment]) => ({
      ...resultColumn(String(name), String(type).toUpperCase(), this.spec.genericType),
      nullable: nullable === 'YES',
      default: def === null || def === undefined ? null : String(def),
      comment: comment ? String(comment) : null,
    }));
  }

  private async keyColumns(table: TableRef) {
    const schema = await this.schemaOf(table);
    await this.getColumns(table);
    return this.values(
      `SELECT CONSTRAINT_NAME, COLUMN_NAME, REFERENCED_TABLE_SCHEMA, REFERENCED_TABLE_NAME, REFERENCED_COLUMN_NAME
       FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY CONSTRAINT_NAME, ORDINAL_POSITION`,
      [schema, table.name],
    );
  }

  async getPrimaryKey(table: TableRef) {
    const rows = (await this.keyColumns(table)).filter((row) => row[0] === 'PRIMARY');
    return { name: rows.length ? 'PRIMARY' : null, constrained_columns: rows.map((row) => String(row[1])) };
  }

  async getForeignKeys(table: TableRef) {
    const byName = new Map<string, { name: string; constrained_columns: string[]; referred_schema: string | null; referred_table: string; referred_columns: string[] }>();
    for (const row of await this.keyColumns(table)) {
      if (!row[3]) continue;
      const name = String(row[0]);
      const fk = byName.get(name) ?? { name, constrained_columns: [], referred_schema: (row[2] as string) ?? null, referred_table: String(row[3]), referred_columns: [] };
      fk.constrained_columns.push(String(row[1]));
      fk.referred_columns.push(String(row[4]));
      byName.set(name, fk);
    }
    return [...byName.values()];
  }

  async getIndexes(table: TableRef) {
    const schema = await this.schemaOf(table);
    await this.getColumns(table);
    const rows = await this.values(
      `SELECT INDEX_NAME, COLUMN_NAME, NON_UNIQUE FROM information_schema.STATISTICS
       WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND INDEX_NAME <> 'PRIMARY' ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
      [schema, table.name],
    );
    const byName = new Map<string, { name: string; column_names: string[]; unique: boolean }>();
    for (const [name, column, nonUnique] of rows) {
      const index = byName.get(String(name)) ?? { name: String(name), column_names: [], unique: Number(nonUnique) === 0 };
      index.column_names.push(String(column));
      byName.set(String(name), index);
    }
    return [...byName.values()];
  }

  /** DML runs as server-side prepared statements (execute), so values never become SQL text. */
  async transaction<T>(work: (run: TransactionRun) => Promise<T>): Promise<T> {
    let connection: mysql.PoolConnection;
    try {
      connection = await this.getPool().getConnection();
    } catch (error) {
      throw mapMysqlError(error, this.target);
    }
    const run: TransactionRun = async (sql, params = []) => {
      try {
        const values = params.map((value) => (value === undefined ? null : value));
        const [result] = params.length ? await connection.execute(sql, values as never[]) : await connection.query(sql);
        return (result as { affectedRows?: number }).affectedRows ?? 0;
      } catch (error) {
        throw mapMysqlError(error, this.target);
      }
    };
    let broken = false;
    const rollback = () =>
      connection.rollback().catch(() => {
        broken = true;
      });
    try {
      return await runTransactionFrame({ begin: 'START TRANSACTION', run, rollback, work });
    } finally {
      if (broken) connection.destroy();
      else connection.release();
    }
  }

  async close(): Promise<void> {
    const pools = [this.pool, this.readOnlyPool];
    this.pool = null;
    this.readOnlyPool = null;
    await Promise.all(pools.map((pool) => pool?.end().catch(() => undefined)));
  }
}

export const mysqlSpec: EngineSpec = defineEngineSpec({
  engine: 'mysql',
  engineName: 'MySQL',
  schemes: ['mysql', 'mariadb'],
  defaultDriver: 'mysqldb',
  drivers: ['mysqldb', 'pymysql', 'mysqlconnector'],
  sqlalchemyUriPlaceholder: 'mysql://user:password@host:port/dbname[?key=value&key=value...]',
  fileBased: false,
  supportsCatalogs: false,
  supportsSchemas: true,
  defaultPort: 3306,
  paramStyle: 'qmark',
  quoteIdentifier: quoteBacktick,
  timeGrains: {
    PT1S: 'DATE_ADD(DATE({col}), INTERVAL (HOUR({col}) * 3600 + MINUTE({col}) * 60 + SECOND({col})) SECOND)',
    PT1M: 'DATE_ADD(DATE({col}), INTERVAL (HOUR({col}) * 60 + MINUTE({col})) MINUTE)',
    PT5M: 'DATE_ADD(DATE({col}), INTERVAL (HOUR({col}) * 60 + MINUTE({col}) DIV 5 * 5) MINUTE)',
    PT10M: 'DATE_ADD(DATE({col}), INTERVAL (HOUR({col}) * 60 + MINUTE({col}) DIV 10 * 10) MINUTE)',
    PT15M: 'DATE_ADD(DATE({col}), INTERVAL (HOUR({col}) * 60 + MINUTE({col}) DIV 15 * 15) MINUTE)',
    PT30M: 'DATE_ADD(DATE({col}), INTERVAL (HOUR({col}) * 60 + MINUTE({col}) DIV 30 * 30) MINUTE)',
    PT1H: 'DATE_ADD(DATE({col}), INTERVAL HOUR({col}) HOUR)',
    P1D: 'DATE({col})',
    P1W: 'DATE(DATE_SUB({col}, INTERVAL WEEKDAY({col}) DAY))',
    P1M: 'DATE(DATE_SUB({col}, INTERVAL DAYOFMONTH({col}) - 1 DAY))',
    P3M: 'MAKEDATE(YEAR({col}), 1) + INTERVAL QUARTER({col}) QUARTER - INTERVAL 1 QUARTER',
    P1Y: 'DATE(DATE_SUB({col}, INTERVAL DAYOFYEAR({col}) - 1 DAY))',
    '1969-12-28T00:00:00Z/P1W': 'DATE(DATE_SUB({col}, INTERVAL DAYOFWEEK({col}) - 1 DAY))',
    '1969-12-29T00:00:00Z/P1W': 'DATE(DATE_SUB({col}, INTERVAL WEEKDAY({col}) DAY))',
    'P1W/1970-01-03T00:00:00Z': 'DATE(DATE_ADD({col}, INTERVAL 7 - DAYOFWEEK({col}) DAY))',
    'P1W/1970-01-04T00:00:00Z': 'DATE(DATE_ADD({col}, INTERVAL 6 - WEEKDAY({col}) DAY))',
  },
  datetimeLiteral: (epochMs) => `CAST(${utcLiteral(epochMs)} AS DATETIME)`,
  async connect(target: ConnectTarget): Promise<EngineClient> {
    return new MysqlClient(mysqlSpec, target);
  },
});
