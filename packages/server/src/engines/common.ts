import { ErrorType, LumenError, type ErrorTypeCode } from '../errors';
import type { ExecuteOptions, GenericType, ResultColumn } from './types';

/**
 * Maps a native type name to a generic type. Shared by every engine: the type names of DuckDB, SQLite,
 * PostgreSQL and MySQL overlap enough that one ordered list of patterns covers them.
 */
export function genericTypeOf(nativeType: string | null | undefined): GenericType | null {
  if (!nativeType) return null;
  const type = nativeType.trim().toUpperCase();
  if (/^(BOOL|BOOLEAN|LOGICAL|BIT\(1\)|TINYINT\(1\))$/.test(type)) return 'BOOLEAN';
  if (/^(DATE|DATETIME|TIMESTAMP|YEAR)\b|^TIMESTAMP(TZ|_S|_MS|_NS)|^TIMESTAMP WITH(OUT)? TIME ZONE|^TIME(TZ)?\b|^TIME WITH/.test(type)) {
    return 'TEMPORAL';
  }
  if (
    /^(TINYINT|SMALLINT|MEDIUMINT|INT|INTEGER|BIGINT|HUGEINT|UHUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|INT2|INT4|INT8|INT16|INT32|INT64|INT128|SERIAL|BIGSERIAL|SMALLSERIAL|DECIMAL|NUMERIC|NUMBER|REAL|FLOAT|FLOAT4|FLOAT8|DOUBLE|DOUBLE PRECISION|MONEY|VARINT|BIGNUM)\b/.test(
      type,
    )
  ) {
    return 'NUMERIC';
  }
  if (/^(VARCHAR|CHAR|CHARACTER|NVARCHAR|NCHAR|TEXT|STRING|CLOB|TINYTEXT|MEDIUMTEXT|LONGTEXT|ENUM|UUID|CITEXT|NAME|BPCHAR|JSON|JSONB|SET)\b/.test(type)) {
    return 'STRING';
  }
  return null;
}

/** Temporal types that carry a date (TIME of day alone is not a datetime column). */
export function isDttmType(nativeType: string | null | undefined): boolean {
  if (!nativeType) return false;
  const type = nativeType.trim().toUpperCase();
  if (/^TIME(TZ)?\b|^TIME WITH/.test(type)) return false;
  return genericTypeOf(type) === 'TEMPORAL';
}

export function resultColumn(name: string, type: string, genericType: (t: string) => GenericType | null = genericTypeOf): ResultColumn {
  const generic = genericType(type);
  return { name, type, generic_type: generic, is_dttm: generic === 'TEMPORAL' && isDttmType(type) };
}

/** Double-quote quoting (ANSI): embedded quotes doubled. */
export const quoteDouble = (name: string): string => `"${String(name).replace(/"/g, '""')}"`;
/** Backtick quoting (MySQL): embedded backticks doubled. */
export const quoteBacktick = (name: string): string => `\`${String(name).replace(/`/g, '``')}\``;

/** A string literal with single quotes doubled. */
export const stringLiteral = (value: string): string => `'${value.replace(/'/g, "''")}'`;

/**
 * Parses a driver's date/time text as UTC: `2020-01-02`, `2020-01-02 03:04:05.678`, `...+00`, `...Z`.
 * Returns null for text that is not a date.
 */
export function parseTemporalText(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', tz] = match;
  let ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(frac.padEnd(3, '0').slice(0, 3)));
  if (Number(y) < 100) ms = new Date(ms).setUTCFullYear(Number(y));
  if (tz && tz !== 'Z') {
    const sign = tz.startsWith('-') ? -1 : 1;
    const digits = tz.slice(1).replace(':', '');
    const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0');
    ms -= sign * offsetMinutes * 60_000;
  }
  return ms;
}

/** Converts a temporal driver value (Date, text, epoch seconds/ms number) to epoch ms or ISO text. */
export function convertTemporal(value: unknown, as: ExecuteOptions['temporalAs'] = 'epoch_ms'): unknown {
  if (value === null || value === undefined) return null;
  let ms: number | null = null;
  if (value instanceof Date) ms = value.getTime();
  else if (typeof value === 'string') ms = parseTemporalText(value);
  else if (typeof value === 'number') ms = value;
  else if (typeof value === 'bigint') ms = Number(value);
  if (ms === null || Number.isNaN(ms)) return typeof value === 'string' ? value : String(value);
  return as === 'iso' ? new Date(ms).toISOString() : ms;
}

/** Makes any driver value JSON-friendly: bigint -> number, Buffer -> base64-less text, Date -> epoch ms. */
export function plainValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'bigint':
      return Number(value);
    case 'number':
    case 'string':
    case 'boolean':
      return value;
    default:
      break;
  }
  if (value instanceof Date) return value.getTime();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  if (Array.isArray(value)) return value.map(plainValue);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) out[key] = plainValue(inner);
    return out;
  }
  return String(value);
}

/** Which columns are converted as temporal values: date/time types and those `options.temporalColumns` names. */
export function temporalFlags(columns: readonly ResultColumn[], options: ExecuteOptions = {}): boolean[] {
  const extraTemporal = new Set(options.temporalColumns ?? []);
  return columns.map((c) => c.is_dttm || extraTemporal.has(c.name));
}

/** Marks the columns `options.temporalColumns` names as temporal datetime columns (in place). */
export function markTemporalColumns(columns: ResultColumn[], options: ExecuteOptions = {}): void {
  const extraTemporal = new Set(options.temporalColumns ?? []);
  for (const column of columns) {
    if (extraTemporal.has(column.name) && !column.is_dttm) {
      column.is_dttm = true;
      column.generic_type = 'TEMPORAL';
    }
  }
}

/** Converts a row-major result in place: temporal columns per `options`, everything else plain. */
export function normaliseRows(columns: ResultColumn[], rows: unknown[][], options: ExecuteOptions = {}): unknown[][] {
  const temporal = temporalFlags(columns, options);
  for (const row of rows) {
    for (let i = 0; i < row.length; i += 1) {
      row[i] = temporal[i] ? convertTemporal(row[i], options.temporalAs) : plainValue(row[i]);
    }
  }
  markTemporalColumns(columns, options);
  return rows;
}

/**
 * An error raised by a database engine, already mapped to the spec's error_type. `message` is the driver's
 * (password-free) text; `issueCodes` follow the incumbent's issue codes.
 */
export class EngineError extends LumenError {
  override name = 'EngineError';
  constructor(
    readonly engineName: string,
    errorType: ErrorTypeCode,
    message: string,
    readonly issueCodes: { code: number; message: string }[] = [],
    statusCode = 422,
    extra: Record<string, unknown> = {},
  ) {
    super(statusCode, message, errorType, { engine_name: engineName, issue_codes: issueCodes, ...extra });
  }
}

/** The incumbent's issue codes for each error type (superset/errors.py ISSUE_CODES). */
const ISSUE_CODES: Partial<Record<ErrorTypeCode, [number, string][]>> = {
  GENERIC_DB_ENGINE_ERROR: [[1002, 'Issue 1002 - The database returned an unexpected error.']],
  COLUMN_DOES_NOT_EXIST_ERROR: [[1003, 'Issue 1003 - There is a syntax error in the SQL query. Perhaps there was a misspelling or a typo.'], [1004, 'Issue 1004 - The column was deleted or renamed in the database.']],
  TABLE_DOES_NOT_EXIST_ERROR: [[1003, 'Issue 1003 - There is a syntax error in the SQL query. Perhaps there was a misspelling or a typo.'], [1005, 'Issue 1005 - The table was deleted or renamed in the database.']],
  SCHEMA_DOES_NOT_EXIST_ERROR: [[1003, 'Issue 1003 - There is a syntax error in the SQL query. Perhaps there was a misspelling or a typo.'], [1016, 'Issue 1016 - The schema was deleted or renamed in the database.']],
  CONNECTION_INVALID_USERNAME_ERROR: [[1012, 'Issue 1012 - The username provided when connecting to a database is not valid.']],
  CONNECTION_INVALID_PASSWORD_ERROR: [[1013, 'Issue 1013 - The password provided when connecting to a database is not valid.']],
  CONNECTION_INVALID_HOSTNAME_ERROR: [[1007, "Issue 1007 - The hostname provided can't be resolved."]],
  CONNECTION_PORT_CLOSED_ERROR: [[1008, 'Issue 1008 - The port is closed.']],
  CONNECTION_INVALID_PORT_ERROR: [[1034, 'Issue 1034 - The port number is invalid.']],
  CONNECTION_HOST_DOWN_ERROR: [[1009, 'Issue 1009 - The host might be down, and can\'t be reached on the provided port.']],
  CONNECTION_ACCESS_DENIED_ERROR: [[1014, 'Issue 1014 - Either the username or the password is wrong.'], [1015, 'Issue 1015 - Either the database is spelled incorrectly or does not exist.']],
  CONNECTION_UNKNOWN_DATABASE_ERROR: [[1015, 'Issue 1015 - Either the database is spelled incorrectly or does not exist.']],
  CONNECTION_DATABASE_PERMISSIONS_ERROR: [[1017, 'Issue 1017 - User doesn\'t have the proper permissions.']],
  CONNECTION_MISSING_PARAMETERS_ERROR: [[1018, 'Issue 1018 - One or more parameters needed to configure a database are missing.']],
  SYNTAX_ERROR: [[1030, 'Issue 1030 - The query has a syntax error.']],
  CONNECTION_DATABASE_TIMEOUT: [[1001, 'Issue 1001 - The database is under an unusual load.']],
};

export function issueCodesFor(errorType: ErrorTypeCode): { code: number; message: string }[] {
  return (ISSUE_CODES[errorType] ?? []).map(([code, message]) => ({ code, message }));
}

export function engineError(engineName: string, errorType: ErrorTypeCode, message: string, statusCode = 422): EngineError {
  return new EngineError(engineName, errorType, message, issueCodesFor(errorType), statusCode);
}

/** Network-level failures shared by the pg and mysql drivers (Node socket error codes). */
export function mapSocketError(engineName: string, error: { code?: string; message?: string }, host: string | null, port: number | null): EngineError | null {
  switch (error.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return engineError(engineName, ErrorType.CONNECTION_INVALID_HOSTNAME_ERROR, `The hostname "${host ?? ''}" cannot be resolved.`);
    case 'ECONNREFUSED':
      return engineError(engineName, ErrorType.CONNECTION_PORT_CLOSED_ERROR, `Port ${port ?? ''} on hostname "${host ?? ''}" refused the connection.`);
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return engineError(engineName, ErrorType.CONNECTION_HOST_DOWN_ERROR, `The host "${host ?? ''}" might be down, and can't be reached on port ${port ?? ''}.`);
    case 'ERR_SOCKET_BAD_PORT':
      return engineError(engineName, ErrorType.CONNECTION_INVALID_PORT_ERROR, `Port ${port ?? ''} is not a valid port.`);
    default:
      return null;
  }
}

/** Removes anything that looks like a password in a URI from driver text before it is shown or logged. */
export const scrubSecrets = (text: string): string => text.replace(/(\w+:\/\/[^:/@\s]*):[^@\s]*@/g, '$1:XXXXXXXXXX@');

/** How often a cancel is repeated until the work settles (see withCancellation). */
const CANCEL_RETRY_MS = 200;

/**
 * Runs `work` with abort/timeout wiring: `cancel` is called when the signal fires or the timer elapses, and
 * again every CANCEL_RETRY_MS until the work settles: a cancel that lands before the statement reached the
 * engine (the connection still opening its read-only transaction) finds nothing to stop and is lost.
 */
export async function withCancellation<T>(
  engineName: string,
  options: ExecuteOptions,
  cancel: () => void | Promise<void>,
  work: () => Promise<T>,
): Promise<T> {
  const { signal, timeoutMs } = options;
  if (signal?.aborted) throw engineError(engineName, ErrorType.GENERIC_DB_ENGINE_ERROR, 'The query was cancelled.', 499);
  if (!signal && !timeoutMs) return work();
  let reason: 'abort' | 'timeout' | null = null;
  let retry: ReturnType<typeof setInterval> | null = null;
  const attempt = () =>
    void Promise.resolve()
      .then(cancel)
      .catch(() => undefined);
  const fire = (why: 'abort' | 'timeout') => {
    if (reason) return;
    reason = why;
    attempt();
    retry = setInterval(attempt, CANCEL_RETRY_MS);
  };
  const onAbort = () => fire('abort');
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer = timeoutMs ? setTimeout(() => fire('timeout'), timeoutMs) : null;
  try {
    return await work();
  } catch (error) {
    if (reason === 'timeout') {
      throw engineError(engineName, ErrorType.CONNECTION_DATABASE_TIMEOUT, `The query exceeded the ${Math.round((timeoutMs ?? 0) / 1000)} seconds timeout.`, 408);
    }
    if (reason === 'abort') throw engineError(engineName, ErrorType.GENERIC_DB_ENGINE_ERROR, 'The query was cancelled.', 499);
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (timer) clearTimeout(timer);
    if (retry) clearInterval(retry);
  }
}
