import pg from 'pg';
import { ErrorType, type ErrorTypeCode } from '../errors';
import { defineEngineSpec, utcLiteral } from './base';
import { engineError, EngineError, issueCodesFor, mapSocketError, normaliseRows, quoteDouble, resultColumn, scrubSecrets, withCancellation } from './common';
import { DEFAULT_READ_ONLY_TIMEOUT_MS, engineTimeoutMs, runReadOnlyFrame } from './read-only-frame';
import { runTransactionFrame } from './transaction-frame';
import type { ColumnMetadata, ConnectTarget, EngineClient, EngineSpec, ExecuteOptions, ExecuteResult, TableRef, TransactionRun } from './types';

/** Type names of common OIDs; others are looked up in pg_type once per pool. */
const OID_NAMES: Record<number, string> = {
  16: 'BOOLEAN', 17: 'BYTEA', 18: 'CHAR', 19: 'NAME', 20: 'BIGINT', 21: 'SMALLINT', 23: 'INTEGER', 25: 'TEXT', 26: 'OID',
  114: 'JSON', 700: 'REAL', 701: 'DOUBLE PRECISION', 790: 'MONEY', 1042: 'CHAR', 1043: 'VARCHAR', 1082: 'DATE',
  1083: 'TIME', 1114: 'TIMESTAMP WITHOUT TIME ZONE', 1184: 'TIMESTAMP WITH TIME ZONE', 1186: 'INTERVAL', 1266: 'TIME WITH TIME ZONE',
  1700: 'NUMERIC', 2950: 'UUID', 3802: 'JSONB',
};
const RAW_TEXT_OIDS = new Set([1082, 1114, 1184, 1083, 1266]);

/** Numbers for int8/numeric, raw text for dates and times (converted to epoch ms as UTC by normaliseRows). */
const TYPES = {
  getTypeParser(oid: number, format?: string) {
    if (oid === 20 || oid === 1700 || oid === 790) return (value: string) => (oid === 790 ? Number(value.replace(/[^0-9.-]/g, '')) : Number(value));
    if (RAW_TEXT_OIDS.has(oid)) return (value: string) => value;
    return (pg.types.getTypeParser as (oid: number, format?: string) => (value: string) => unknown)(oid, format ?? 'text');
  },
} as unknown as pg.CustomTypesConfig;

export function mapPostgresError(error: unknown, target?: Pick<ConnectTarget, 'host' | 'port' | 'username' | 'database'>): EngineError {
  if (error instanceof EngineError) return error;
  const err = error as { code?: string; message?: string; position?: string };
  const message = scrubSecrets(err.message ?? String(error));
  const socket = mapSocketError('PostgreSQL', err, target?.host ?? null, target?.port ?? 5432);
  if (socket) return socket;
  const make = (type: ErrorTypeCode, text: string) => new EngineError('PostgreSQL', type, text, issueCodesFor(type));
  let match: RegExpExecArray | null;
  if ((match = /password authentication failed for user "(.*?)"/.exec(message))) {
    return make(ErrorType.CONNECTION_INVALID_PASSWORD_ERROR, `The password provided for username "${match[1]}" is incorrect.`);
  }
  if ((match = /role "(.*?)" does not exist/.exec(message))) {
    return make(ErrorType.CONNECTION_INVALID_USERNAME_ERROR, `The username "${match[1]}" does not exist.`);
  }
  if ((match = /database "(.*?)" does not exist/.exec(message))) {
    return make(ErrorType.CONNECTION_UNKNOWN_DATABASE_ERROR, `Unable to connect to database "${match[1]}".`);
  }
  if (err.code === '42501' || /permission denied/.test(message)) return make(ErrorType.CONNECTION_DATABASE_PERMISSIONS_ERROR, message);
  if (err.code === '42P01' || (match = /relation "(.*?)" does not exist/.exec(message))) {
    return make(ErrorType.TABLE_DOES_NOT_EXIST_ERROR, message);
  }
  if (err.code === '3F000') return make(ErrorType.SCHEMA_DOES_NOT_EXIST_ERROR, message);
  if (err.code === '42703' || (match = /column "(.*?)" does not exist/.exec(message))) {
    const column = /column "(.*?)" does not exist/.exec(message)?.[1] ?? '';
    return make(ErrorType.COLUMN_DOES_NOT_EXIST_ERROR, `We can't seem to resolve the column "${column}" at line ${err.position ?? '?'}.`);
  }
  if (err.code === '42601' || (match = /syntax error at or near "(.*?)"/.exec(message))) {
    const near = /syntax error at or near "(.*?)"/.exec(message)?.[1] ?? '';
    return make(ErrorType.SYNTAX_ERROR, `Please check your query for syntax errors at or near "${near}". Then, try running your query again.`);
  }
  // 57014 is both a cancel and the engine's own statement_timeout; only the latter names the timeout.
  if (err.code === '57014' && /statement timeout/.test(message)) return make(ErrorType.CONNECTION_DATABASE_TIMEOUT, 'The query exceeded the statement timeout.');
  if (err.code === '57014') return make(ErrorType.GENERIC_DB_ENGINE_ERROR, 'The query was cancelled.');
  if (/timeout/i.test(message)) {
    return make(ErrorType.CONNECTION_HOST_DOWN_ERROR, `The host "${target?.host ?? ''}" might be down, and can't be reached on port ${target?.port ?? 5432}.`);
  }
  return make(ErrorType.GENERIC_DB_ENGINE_ERROR, `postgresql error: ${message}`);
}

class PostgresClient implements EngineClient {
  private readonly pools = new Map<string, pg.Pool>();
  private readonly typeNames = new Map<number, string>(Object.entries(OID_NAMES).map(([oid, name]) => [Number(oid), name]));

  constructor(
    readonly spec: EngineSpec,
    private readonly target: ConnectTarget,
  ) {}

  /**
   * One pool per catalog, and a separate one for read-only work (chart data, read-only databases) whose
   * sessions start with default_transaction_read_only and a statement_timeout, so they can never write.
   */
  private pool(catalog?: string | null, readOnly = false): pg.Pool {
    const database = catalog || this.target.database || 'postgres';
    const key = readOnly ? `${database}\u0000read-only` : database;
    let pool = this.pools.get(key);
    if (pool) return pool;
    const query = this.target.query;
    const ssl = query.sslmode && query.sslmode !== 'disable' && query.sslmode !== 'prefer' ? { rejectUnauthorized: query.sslmode === 'verify-full' } : undefined;
    pool = new pg.Pool({
      host: this.target.host ?? '127.0.0.1',
      port: this.target.port ?? 5432,
      user: this.target.username ?? undefined,
      password: this.target.password ?? undefined,
      database,
      ssl,
      max: 5,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: Number(query.connect_timeout ?? 10) * 1000,
      options: readOnly
        ? `-c TimeZone=UTC -c default_transaction_read_only=on -c statement_timeout=${DEFAULT_READ_ONLY_TIMEOUT_MS}`
        : '-c TimeZone=UTC',
      application_name: 'lumen',
      types: TYPES,
    });
    pool.on('error', () => undefined);
    this.pools.set(key, pool);
    return pool;
  }

  private async typeName(oid: number, client: pg.PoolClient): Promise<string> {
    const known = this.typeNames.get(oid);
    if (known) return known;
    const result = await client.query<{ typname: string }>('SELECT typname FROM pg_type WHERE oid = $1', [oid]);
    const name = (result.rows[0]?.typname ?? 'UNKNOWN').toUpperCase();
    this.typeNames.set(oid, name);
    return name;
  }

  async execute(sql: string, params: unknown[] = [], options: ExecuteOptions = {}, catalog?: string | null): Promise<ExecuteResult> {
    let client: pg.PoolClient;
    try {
      client = await this.pool(catalog, options.readOnly === true).connect();
    } catch (error) {
      throw mapPostgresError(error, this.target);
    }
    const pid = (client as unknown as { processID: number }).processID;
    let broken = false;
    try {
      return await withCancellation(
        'PostgreSQL',
        options,
        async () => {
          await this.pool(catalog).query('SELECT pg_cancel_backend($1)', [pid]);
        },
        async () => {
          try {
            const query = () => client.query({ text: sql, values: params, rowMode: 'array' });
            const result = options.readOnly
              ? await runReadOnlyFrame({
                  begin: [`BEGIN TRANSACTION READ ONLY; SET LOCAL statement_timeout = ${engineTimeoutMs(options.timeoutMs)}`],
                  run: (statement) => client.query(statement),
                  work: query,
                  onBroken: () => {
                    broken = true;
                  },
                })
              : await query();
            const fields = result.fields ?? [];
            const columns = [];
            for (const field of fields) columns.push(resultColumn(field.name, await this.typeName(field.dataTypeID, client), this.spec.genericType));
            let rows = (result.rows ?? []) as unknown[][];
            if (!fields.length) return { columns: [], rows: [], rowcount: result.rowCount ?? 0 };
            if (options.maxRows !== undefined && rows.length > options.maxRows) rows = rows.slice(0, options.maxRows);
            normaliseRows(columns, rows, options);
            return { columns, rows, rowcount: rows.length };
          } catch (error) {
            throw mapPostgresError(error, this.target);
          }
        },
      );
    } finally {
      client.release(broken);
    }
  }

  private async values(sql: string, params: unknown[] = [], catalog?: string | null): Promise<unknown[][]> {
    return (await this.execute(sql, params, { temporalAs: 'iso' }, catalog)).rows;
  }

  async getCatalogs(): Promise<string[]> {
    const rows = await this.values('SELECT datname FROM pg_database WHERE NOT datistemplate AND datallowconn ORDER BY datname');
    return rows.map((row) => String(row[0]));
  }

  async defaultSchema(): Promise<string | null> {
    return String((await this.values('SELECT current_schema()'))[0]?.[0] ?? 'public');
  }

  async getSchemas(catalog?: string | null): Promise<string[]> {
    const rows = await this.values(
      `SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' ORDER BY nspname`,
      [],
      catalog,
    );
    return rows.map((row) => String(row[0]));
  }

  async getTables(schema: string | null, catalog?: string | null) {
    const rows = await this.values(
      `SELECT c.relname, CASE WHEN c.relkind IN ('v', 'm') THEN 'view' ELSE 'table' END
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'f') ORDER BY c.relname`,
      [schema ?? 'public'],
      catalog,
    );
    return rows.map((row) => ({ value: String(row[0]), type: row[1] === 'view' ? ('view' as const) : ('table' as const), extra: null }));
  }

  private async relationOid(table: TableRef): Promise<number> {
    const rows = await this.values(
      `SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relname = $2`,
      [table.schema ?? 'public', table.name],
      table.catalog,
    );
    if (!rows.length) {
      throw engineError('PostgreSQL', ErrorType.TABLE_DOES_NOT_EXIST_ERROR, `relation "${table.schema ? `${table.schema}.` : ''}${table.name}" does not exist`, 404);
    }
    return Number(rows[0]![0]);
  }

  async getColumns(table: TableRef): Promise<ColumnMetadata[]> {
    const oid = await this.relationOid(table);
    const rows = await this.values(
      `SELECT a.attname, format_type(a.atttypid, a.atttypmod), NOT a.attnotnull, pg_get_expr(d.adbin, d.adrelid), col_description(a.attrelid, a.attnum)
       FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
      [oid],
      table.catalog,
    );
    return rows.map(([name, type, nullable, def, comment]) => ({
      ...resultColumn(String(name), String(type).toUpperCase(), this.spec.genericType),
      nullable: nullable === true,
      default: (def as string | null) ?? null,
      comment: (comment as string | null) ?? null,
    }));
  }

  private async constraintColumns(oid: number, kind: 'p' | 'f', catalog?: string | null) {
    return this.values(
      `SELECT con.conname,
              ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n ORDER BY k.i),
              rn.nspname, rc.relname,
              ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n ORDER BY k.i)
       FROM pg_constraint con
       LEFT JOIN pg_class rc ON rc.oid = con.confrelid LEFT JOIN pg_namespace rn ON rn.oid = rc.relnamespace
       WHERE con.conrelid = $1 AND con.contype = $2 ORDER BY con.conname`,
      [oid, kind],
      catalog,
    );
  }

  async getPrimaryKey(table: TableRef) {
    const [row] = await this.constraintColumns(await this.relationOid(table), 'p', table.catalog);
    return row ? { name: String(row[0]), constrained_columns: row[1] as string[] } : { name: null, constrained_columns: [] };
  }

  async getForeignKeys(table: TableRef) {
    const rows = await this.constraintColumns(await this.relationOid(table), 'f', table.catalog);
    return rows.map((row) => ({
      name: String(row[0]),
      constrained_columns: row[1] as string[],
      referred_schema: (row[2] as string) ?? null,
      referred_table: String(row[3]),
      referred_columns: row[4] as string[],
    }));
  }

  async getIndexes(table: TableRef) {
    const oid = await this.relationOid(table);
    const rows = await this.values(
      `SELECT ic.relname, ix.indisunique,
              ARRAY(SELECT a.attname::text FROM unnest(ix.indkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.n ORDER BY k.i)
       FROM pg_index ix JOIN pg_class ic ON ic.oid = ix.indexrelid
       WHERE ix.indrelid = $1 AND NOT ix.indisprimary ORDER BY ic.relname`,
      [oid],
      table.catalog,
    );
    return rows.map((row) => ({ name: String(row[0]), unique: row[1] === true, column_names: row[2] as string[] }));
  }

  async transaction<T>(work: (run: TransactionRun) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool().connect();
    } catch (error) {
      throw mapPostgresError(error, this.target);
    }
    const run: TransactionRun = async (sql, params = []) => {
      try {
        return (await client.query({ text: sql, values: params })).rowCount ?? 0;
      } catch (error) {
        throw mapPostgresError(error, this.target);
      }
    };
    let broken = false;
    const rollback = async () => {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
    };
    try {
      return await runTransactionFrame({ begin: 'BEGIN', run, rollback, work });
    } finally {
      // A connection whose rollback failed is in an unknown state: destroy it rather than pool it.
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((pool) => pool.end().catch(() => undefined)));
  }
}

export const postgresqlSpec: EngineSpec = defineEngineSpec({
  engine: 'postgresql',
  engineName: 'PostgreSQL',
  schemes: ['postgresql', 'postgres'],
  defaultDriver: 'psycopg2',
  drivers: ['psycopg2'],
  sqlalchemyUriPlaceholder: 'postgresql://user:password@host:port/dbname[?key=value&key=value...]',
  fileBased: false,
  supportsCatalogs: true,
  supportsSchemas: true,
  defaultPort: 5432,
  paramStyle: 'numeric',
  quoteIdentifier: quoteDouble,
  timeGrains: {
    PT1S: "DATE_TRUNC('second', {col})",
    PT1M: "DATE_TRUNC('minute', {col})",
    PT5M: "(DATE_TRUNC('minute', {col}) - (CAST(EXTRACT(MINUTE FROM {col}) AS INTEGER) % 5) * INTERVAL '1 minute')",
    PT10M: "(DATE_TRUNC('minute', {col}) - (CAST(EXTRACT(MINUTE FROM {col}) AS INTEGER) % 10) * INTERVAL '1 minute')",
    PT15M: "(DATE_TRUNC('minute', {col}) - (CAST(EXTRACT(MINUTE FROM {col}) AS INTEGER) % 15) * INTERVAL '1 minute')",
    PT30M: "(DATE_TRUNC('minute', {col}) - (CAST(EXTRACT(MINUTE FROM {col}) AS INTEGER) % 30) * INTERVAL '1 minute')",
    PT1H: "DATE_TRUNC('hour', {col})",
    P1D: "DATE_TRUNC('day', {col})",
    P1W: "DATE_TRUNC('week', {col})",
    P1M: "DATE_TRUNC('month', {col})",
    P3M: "DATE_TRUNC('quarter', {col})",
    P1Y: "DATE_TRUNC('year', {col})",
    '1969-12-28T00:00:00Z/P1W': "(DATE_TRUNC('week', {col} + INTERVAL '1 day') - INTERVAL '1 day')",
    '1969-12-29T00:00:00Z/P1W': "DATE_TRUNC('week', {col})",
    'P1W/1970-01-03T00:00:00Z': "(DATE_TRUNC('week', {col} + INTERVAL '1 day') + INTERVAL '5 days')",
    'P1W/1970-01-04T00:00:00Z': "(DATE_TRUNC('week', {col}) + INTERVAL '6 days')",
  },
  datetimeLiteral: (epochMs) => `CAST(${utcLiteral(epochMs)} AS TIMESTAMP)`,
  async connect(target: ConnectTarget): Promise<EngineClient> {
    return new PostgresClient(postgresqlSpec, target);
  },
});
