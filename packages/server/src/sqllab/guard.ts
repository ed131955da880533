import { ErrorType, LumenError } from '../errors';
import type { Statement } from './statements';
import { significant, type Token, unquote } from './tokens';

/**
 * SQL Lab's safety rules, applied before any statement reaches an engine (and by estimate and validate,
 * because EXPLAIN binds table functions and so already opens files).
 *
 * 1. File and cross-database access is refused on every database, whatever allow_dml says: ATTACH,
 *    COPY, INSTALL/LOAD (extensions), EXPORT/IMPORT DATABASE, VACUUM INTO, SELECT ... INTO OUTFILE, table
 *    functions that read files or other servers (read_csv, read_parquet, glob, sqlite_scan, postgres_scan,
 *    query(), pg_read_file, load_file, load_extension, dblink ...), DuckDB replacement scans (a string in
 *    FROM position reads that file), and SET/PRAGMA of DuckDB's external-access settings. A SQL Lab user is
 *    granted a database, not the server's file system or network; an admin who wants a file in DuckDB
 *    loads it outside SQL Lab.
 * 2. Mutating statements (see statements.ts) need dbs.allow_dml.
 */
export const DML_NOT_ALLOWED_MESSAGE =
  'This database does not allow for DDL/DML, and the query could not be parsed to confirm it is a read-only query. Please contact your administrator for more assistance.';

const REFUSED_KEYWORDS = new Set(['ATTACH', 'DETACH', 'COPY', 'INSTALL', 'LOAD', 'EXPORT', 'IMPORT']);

const FILE_FUNCTIONS = new Set([
  // DuckDB readers and scanners
  'READ_CSV', 'READ_CSV_AUTO', 'SNIFF_CSV', 'READ_PARQUET', 'PARQUET_SCAN', 'PARQUET_METADATA', 'PARQUET_SCHEMA',
  'PARQUET_FILE_METADATA', 'PARQUET_KV_METADATA', 'READ_JSON', 'READ_JSON_AUTO', 'READ_JSON_OBJECTS', 'READ_NDJSON',
  'READ_NDJSON_AUTO', 'READ_NDJSON_OBJECTS', 'READ_JSON_OBJECTS_AUTO', 'READ_NDJSON_OBJECTS_AUTO', 'READ_TEXT',
  'READ_BLOB', 'READ_XLSX', 'GLOB', 'ST_READ', 'ST_READ_META', 'ICEBERG_SCAN', 'ICEBERG_METADATA', 'ICEBERG_SNAPSHOTS',
  'DELTA_SCAN', 'SQLITE_SCAN', 'SQLITE_ATTACH', 'SQLITE_QUERY', 'POSTGRES_SCAN', 'POSTGRES_SCAN_PUSHDOWN',
  'POSTGRES_ATTACH', 'POSTGRES_QUERY', 'POSTGRES_EXECUTE', 'MYSQL_SCAN', 'MYSQL_QUERY', 'MYSQL_EXECUTE', 'QUERY',
  'QUERY_TABLE', 'READ_AVRO', 'HTTP_GET', 'HTTP_POST', 'GETENV', 'DUCKDB_SECRETS', 'WHICH_SECRET', 'LOAD_AWS_CREDENTIALS',
  // PostgreSQL server files and remote servers
  'PG_READ_FILE', 'PG_READ_BINARY_FILE', 'PG_LS_DIR', 'PG_STAT_FILE', 'PG_LS_LOGDIR', 'PG_LS_WALDIR', 'PG_LS_TMPDIR',
  'PG_LS_ARCHIVE_STATUSDIR', 'LO_IMPORT', 'LO_EXPORT', 'DBLINK', 'DBLINK_EXEC', 'DBLINK_CONNECT', 'DBLINK_CONNECT_U',
  'DBLINK_SEND_QUERY',
  // MySQL and SQLite
  'LOAD_FILE', 'LOAD_EXTENSION', 'READFILE', 'WRITEFILE', 'EDIT', 'FSDIR',
]);

/** DuckDB settings that widen what the engine may touch; changing them is refused. */
const SECURITY_SETTINGS = new Set([
  'ENABLE_EXTERNAL_ACCESS', 'ALLOWED_DIRECTORIES', 'ALLOWED_PATHS', 'LOCK_CONFIGURATION', 'ALLOW_UNSIGNED_EXTENSIONS',
  'ALLOW_COMMUNITY_EXTENSIONS', 'AUTOINSTALL_KNOWN_EXTENSIONS', 'AUTOLOAD_KNOWN_EXTENSIONS', 'CUSTOM_EXTENSION_REPOSITORY',
  'AUTOINSTALL_EXTENSION_REPOSITORY', 'EXTENSION_DIRECTORY', 'HOME_DIRECTORY', 'TEMP_DIRECTORY', 'SECRET_DIRECTORY',
  'ALLOW_PERSISTENT_SECRETS', 'ENABLE_FSST_VECTORS', 'DISABLED_FILESYSTEMS', 'ENABLE_HTTP_METADATA_CACHE',
]);

/** Clause keywords that end a FROM list (so a later `,` separates select items, not tables). */
const CLAUSE_WORDS = new Set([
  'SELECT', 'FROM', 'JOIN', 'WHERE', 'GROUP', 'HAVING', 'ORDER', 'LIMIT', 'OFFSET', 'QUALIFY', 'WINDOW', 'UNION',
  'INTERSECT', 'EXCEPT', 'ON', 'USING', 'VALUES', 'SET', 'RETURNING', 'PIVOT', 'UNPIVOT',
]);

/** Words after which `(` opens a sub-query or list rather than a function's arguments. */
const NOT_CALL_WORDS = new Set([
  'FROM', 'JOIN', 'IN', 'EXISTS', 'AS', 'ANY', 'ALL', 'SOME', 'LATERAL', 'UNION', 'INTERSECT', 'EXCEPT', 'SELECT', 'WHERE',
  'ON', 'AND', 'OR', 'NOT', 'WITH', 'USING', 'HAVING', 'BY', 'THEN', 'ELSE', 'WHEN', 'RETURNING', 'VALUES', 'INTO', 'TABLE',
  'MATERIALIZED', 'RECURSIVE',
]);

const PATH_LIKE = /[/\\:]|\.(csv|tsv|txt|parquet|json|jsonl|ndjson|gz|zst|bz2|xz|db|duckdb|ddb|sqlite|sqlite3|xlsx|arrow|avro|orc|ipc)$/i;

export interface Violation {
  message: string;
  /** Offset of the offending token in the script. */
  offset: number;
  length: number;
}

const violation = (token: Token, message: string): Violation => ({ message, offset: token.start, length: token.end - token.start });

/**
 * The first file or cross-database access in the statements, or null.
 *
 * @example
 * findFileAccess(splitStatements("SELECT * FROM read_csv('/etc/passwd')"), 'duckdb')?.message;
 * // 'SQL Lab cannot read files or other databases: read_csv() is not allowed.'
 */
export function findFileAccess(statements: Statement[], backend: string): Violation | null {
  const duckdb = backend === 'duckdb';
  for (const statement of statements) {
    const sig = significant(statement.tokens);
    const head = sig.find((t) => t.text !== '(');
    if (head && head.kind === 'word' && REFUSED_KEYWORDS.has(head.upper)) {
      return violation(head, `SQL Lab cannot read files or other databases: ${head.upper} statements are not allowed.`);
    }
    if (head?.upper === 'VACUUM' && sig.some((t) => t.kind === 'word' && t.upper === 'INTO')) {
      return violation(head, 'SQL Lab cannot read files or other databases: VACUUM INTO is not allowed.');
    }
    if (head && (head.upper === 'SET' || head.upper === 'RESET' || head.upper === 'PRAGMA')) {
      const setting = sig.find((t, i) => i > sig.indexOf(head) && t.kind === 'word' && SECURITY_SETTINGS.has(t.upper));
      if (setting) return violation(setting, `SQL Lab cannot change the setting ${setting.text}.`);
    }
    if (head?.upper === 'CREATE' && sig.some((t) => t.kind === 'word' && t.upper === 'SECRET')) {
      return violation(head, 'SQL Lab cannot read files or other databases: CREATE SECRET is not allowed.');
    }
    const clause: string[] = [''];
    // Depths opened by a function call: `extract(year FROM '...')` is an argument list, not a FROM clause.
    const callDepths = new Set<number>();
    for (let i = 0; i < sig.length; i++) {
      const token = sig[i]!;
      const depth = token.depth;
      while (clause.length <= depth + 1) clause.push('');
      if (token.text === '(') {
        const before = sig[i - 1];
        clause[depth + 1] = '';
        if (before && (before.kind === 'qident' || (before.kind === 'word' && !NOT_CALL_WORDS.has(before.upper)))) callDepths.add(depth + 1);
        else callDepths.delete(depth + 1);
        continue;
      }
      if (token.kind === 'word') {
        if (FILE_FUNCTIONS.has(token.upper) && sig[i + 1]?.text === '(') {
          return violation(token, `SQL Lab cannot read files or other databases: ${token.text.toLowerCase()}() is not allowed.`);
        }
        if (token.upper === 'INTO' && ['OUTFILE', 'DUMPFILE'].includes(sig[i + 1]?.upper ?? '')) {
          return violation(token, 'SQL Lab cannot write files: SELECT ... INTO OUTFILE is not allowed.');
        }
        if (CLAUSE_WORDS.has(token.upper)) clause[depth] = token.upper;
        continue;
      }
      if (!duckdb || (token.kind !== 'string' && token.kind !== 'qident') || callDepths.has(depth)) continue;
      // DuckDB replacement scans: `FROM 'data.csv'` (or a path-like quoted name) reads that file.
      const previous = sig[i - 1];
      const inFromList = previous?.kind === 'word' && (previous.upper === 'FROM' || previous.upper === 'JOIN');
      const afterComma = previous?.text === ',' && (clause[depth] === 'FROM' || clause[depth] === 'JOIN');
      if (!inFromList && !afterComma) continue;
      if (token.kind === 'string' || PATH_LIKE.test(unquote(token))) {
        return violation(token, `SQL Lab cannot read files or other databases: reading ${token.text} is not allowed.`);
      }
    }
  }
  return null;
}

/** Throws the security error for file access, then the DML error when the database does not allow DML. */
export function assertAllowed(statements: Statement[], backend: string, allowDml: boolean): void {
  const refused = findFileAccess(statements, backend);
  if (refused) throw new LumenError(403, refused.message, ErrorType.DATABASE_SECURITY_ACCESS_ERROR);
  if (!allowDml && statements.some((s) => s.mutating)) {
    throw new LumenError(400, DML_NOT_ALLOWED_MESSAGE, ErrorType.DML_NOT_ALLOWED_ERROR);
  }
}
