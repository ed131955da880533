import { type LexOptions, significant, type Token, tokenize } from './tokens';

/**
 * Splits a SQL Lab script into statements and gives each a first, lexical classification (used by the row
 * limit and CTAS planning). It is not what the safety rules trust: guard.ts replaces kind and mutability
 * with the verdict of a parser of the engine's own grammar on each statement's exact text. Here too,
 * anything not recognised is treated as mutating (as the incumbent's `is_mutating` does).
 */
export type StatementKind =
  /** Returns rows and can carry a row limit: SELECT, WITH (without data-modifying CTEs), DuckDB FROM-first. */
  | 'select'
  /** Read-only but not limitable by rewriting: SHOW, DESCRIBE, EXPLAIN, SUMMARIZE, VALUES, TABLE, read PRAGMAs. */
  | 'read'
  | 'dml'
  | 'ddl'
  /** SET, RESET, USE, transaction control: changes the session, so treated as mutating. */
  | 'session'
  | 'other';

export interface Statement {
  /** The statement's text without the separating semicolon and surrounding whitespace. */
  text: string;
  /** Offset of `text` in the script, to map engine error positions back to script lines. */
  start: number;
  /** Tokens of the statement, offsets relative to the script. */
  tokens: Token[];
  /** Upper-case first keyword (after any opening parentheses), '' when there is none. */
  keyword: string;
  kind: StatementKind;
  /** True when the statement may change data, schema or session state. */
  mutating: boolean;
  /** CREATE TABLE ... AS SELECT / CREATE VIEW ... AS SELECT. */
  isCtas: boolean;
  isCvas: boolean;
}

const SELECT_KEYWORDS = new Set(['SELECT', 'WITH', 'FROM']);
const READ_KEYWORDS = new Set(['SHOW', 'DESCRIBE', 'DESC', 'EXPLAIN', 'SUMMARIZE', 'VALUES', 'TABLE']);
const DML_KEYWORDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'UPSERT', 'REPLACE', 'COPY', 'LOAD', 'CALL', 'EXEC', 'EXECUTE', 'DO', 'HANDLER', 'LOCK', 'UNLOCK']);
const DDL_KEYWORDS = new Set([
  'CREATE', 'DROP', 'ALTER', 'TRUNCATE', 'RENAME', 'COMMENT', 'GRANT', 'REVOKE', 'ATTACH', 'DETACH', 'INSTALL', 'EXPORT',
  'IMPORT', 'VACUUM', 'ANALYZE', 'ANALYSE', 'REINDEX', 'CLUSTER', 'REFRESH', 'CHECKPOINT', 'OPTIMIZE', 'SECURITY',
]);
const SESSION_KEYWORDS = new Set([
  'SET', 'RESET', 'USE', 'BEGIN', 'START', 'COMMIT', 'END', 'ROLLBACK', 'ABORT', 'SAVEPOINT', 'RELEASE', 'PREPARE',
  'DEALLOCATE', 'DISCARD', 'LISTEN', 'UNLISTEN', 'NOTIFY', 'DECLARE', 'FETCH', 'CLOSE', 'MOVE', 'FORCE',
]);
/** Words that make a SELECT/WITH statement write when they appear as code (data-modifying CTEs). */
const WRITE_WORDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);
/** Functions with side effects that a "read-only" SELECT could call (PostgreSQL mostly). */
const MUTATING_FUNCTIONS = new Set([
  'NEXTVAL', 'SETVAL', 'SET_CONFIG', 'PG_TERMINATE_BACKEND', 'PG_CANCEL_BACKEND', 'PG_RELOAD_CONF', 'PG_ROTATE_LOGFILE',
  'LO_CREATE', 'LO_UNLINK', 'LO_PUT', 'LO_FROM_BYTEA', 'PG_ADVISORY_LOCK', 'PG_TRY_ADVISORY_LOCK', 'TXID_CURRENT',
  'PG_SWITCH_WAL', 'PG_CREATE_RESTORE_POINT', 'GET_LOCK', 'RELEASE_LOCK',
]);
/** PRAGMAs that only read (DuckDB and SQLite); any other PRAGMA may change settings. */
export const READ_PRAGMAS = new Set([
  'TABLE_INFO', 'TABLE_XINFO', 'TABLE_LIST', 'INDEX_LIST', 'INDEX_INFO', 'INDEX_XINFO', 'FOREIGN_KEY_LIST', 'DATABASE_LIST',
  'COLLATION_LIST', 'FUNCTION_LIST', 'COMPILE_OPTIONS', 'PAGE_COUNT', 'PAGE_SIZE', 'USER_VERSION', 'SCHEMA_VERSION',
  'SHOW_TABLES', 'SHOW_TABLES_EXPANDED', 'SHOW_DATABASES', 'SHOW', 'VERSION', 'PLATFORM', 'DATABASE_SIZE', 'STORAGE_INFO',
  'METADATA_INFO', 'FREELIST_COUNT', 'ENCODING',
]);

/**
 * Splits a script on top-level semicolons, skipping those inside strings, quoted identifiers, dollar quotes
 * and comments. Empty statements (`;;`, a trailing `;`, comment-only text) are dropped.
 *
 * @example
 * splitStatements("SELECT ';' AS a; -- x;\nSELECT 2").map((s) => s.text); // ["SELECT ';' AS a", 'SELECT 2']
 */
export function splitStatements(sql: string, options: LexOptions = {}): Statement[] {
  const tokens = tokenize(sql, options);
  const statements: Statement[] = [];
  let current: Token[] = [];
  const flush = () => {
    const meaningful = significant(current);
    if (meaningful.length) {
      // Keep leading comments (optimizer hints) but not the whitespace around the statement.
      const first = current.find((t) => t.kind !== 'space')!;
      const last = meaningful[meaningful.length - 1]!;
      const inner = current.filter((t) => t.start >= first.start && t.end <= last.end);
      statements.push(classify(sql.slice(first.start, last.end), first.start, inner));
    }
    current = [];
  };
  for (const token of tokens) {
    if (token.kind === 'punct' && token.text === ';') flush();
    else current.push(token);
  }
  flush();
  return statements;
}

function wordAt(tokens: Token[], index: number): string {
  const token = tokens[index];
  return token && token.kind === 'word' ? token.upper : '';
}

function classify(text: string, start: number, tokens: Token[]): Statement {
  const sig = significant(tokens);
  let first = 0;
  while (sig[first]?.text === '(') first++;
  const keyword = wordAt(sig, first);
  const statement: Statement = { text, start, tokens, keyword, kind: 'other', mutating: true, isCtas: false, isCvas: false };

  if (SELECT_KEYWORDS.has(keyword)) {
    statement.kind = 'select';
    statement.mutating = hasWriteCode(sig) || selectsInto(sig);
    if (statement.mutating) statement.kind = 'dml';
  } else if (keyword === 'EXPLAIN' || keyword === 'DESCRIBE' || keyword === 'DESC' || keyword === 'SUMMARIZE') {
    // EXPLAIN ANALYZE runs what it explains: read-only only when that statement is (conservatively, when
    // no write or DDL word appears at all).
    statement.kind = 'read';
    statement.mutating = hasWriteCode(sig) || sig.some((t) => t.kind === 'word' && DDL_KEYWORDS.has(t.upper) && t.upper !== 'ANALYZE' && t.upper !== 'ANALYSE');
  } else if (READ_KEYWORDS.has(keyword)) {
    statement.kind = 'read';
    statement.mutating = hasWriteCode(sig);
  } else if (keyword === 'PRAGMA') {
    const name = wordAt(sig, first + 1);
    const assigns = sig.some((t) => t.text === '=');
    statement.kind = READ_PRAGMAS.has(name) && !assigns ? 'read' : 'session';
    statement.mutating = statement.kind !== 'read';
  } else if (DML_KEYWORDS.has(keyword)) {
    statement.kind = 'dml';
  } else if (DDL_KEYWORDS.has(keyword)) {
    statement.kind = 'ddl';
    if (keyword === 'CREATE') {
      const words = sig.filter((t) => t.kind === 'word' && t.depth === 0).map((t) => t.upper);
      const asIndex = words.indexOf('AS');
      const selectAfterAs = asIndex > 0 && SELECT_KEYWORDS.has(words[asIndex + 1] ?? '');
      statement.isCtas = words.slice(0, asIndex).includes('TABLE') && selectAfterAs;
      statement.isCvas = words.slice(0, asIndex).includes('VIEW') && selectAfterAs;
    }
  } else if (SESSION_KEYWORDS.has(keyword)) {
    statement.kind = 'session';
  }
  return statement;
}

/** INSERT/UPDATE/DELETE/MERGE as code (data-modifying CTEs), or a call to a function with side effects. */
function hasWriteCode(sig: Token[]): boolean {
  for (let i = 0; i < sig.length; i++) {
    const token = sig[i]!;
    if (token.kind !== 'word') continue;
    const previous = sig[i - 1];
    // `FOR UPDATE` / `FOR NO KEY UPDATE` lock clauses and `ON DELETE` in a window or constraint are not writes.
    if (WRITE_WORDS.has(token.upper) && !(previous?.kind === 'word' && ['FOR', 'KEY', 'ON', 'NO'].includes(previous.upper))) return true;
    if (MUTATING_FUNCTIONS.has(token.upper) && sig[i + 1]?.text === '(') return true;
  }
  return false;
}

/** `SELECT ... INTO new_table` (PostgreSQL) creates a table; MySQL's INTO OUTFILE is refused by the guard. */
function selectsInto(sig: Token[]): boolean {
  return sig.some((t, i) => t.kind === 'word' && t.upper === 'INTO' && t.depth === 0 && sig[i - 1]?.upper !== 'INSERT');
}

/** True when every statement is read-only. */
export const isReadOnlyScript = (statements: Statement[]): boolean => statements.every((s) => !s.mutating);
