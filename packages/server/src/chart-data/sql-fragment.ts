import { ErrorType, LumenError } from '../errors';

/**
 * Guards user-written SQL fragments (adhoc SQL metrics, adhoc SQL columns and filters, extras.where /
 * extras.having) before they are spliced into a generated statement. A lexical scan, not a dialect parser,
 * so engine-specific functions (DuckDB's list_*, PostgreSQL casts) still pass, while everything that can
 * escape an expression is refused:
 * - a second statement (`;`), comments (`--`, `/*`, `#` on MySQL) that could swallow the rest of the query,
 * - unbalanced parentheses or quotes that could close the surrounding clause,
 * - sub-queries and statement keywords (SELECT, WITH, UNION, INSERT, ... ) outside string literals.
 */
export type FragmentKind = 'metric' | 'column' | 'where' | 'having' | 'orderby';

const STATEMENT_KEYWORDS = new Set([
  'SELECT', 'WITH', 'UNION', 'INTERSECT', 'EXCEPT', 'INSERT', 'UPDATE', 'DELETE', 'MERGE', 'DROP', 'CREATE', 'ALTER',
  'TRUNCATE', 'GRANT', 'REVOKE', 'ATTACH', 'DETACH', 'COPY', 'PRAGMA', 'EXEC', 'EXECUTE', 'CALL', 'INTO', 'LOAD',
  'INSTALL', 'EXPORT', 'IMPORT', 'VACUUM', 'SET', 'RESET', 'USE', 'SHOW', 'DESCRIBE', 'EXPLAIN', 'HANDLER', 'LOCK',
  'UNLOCK', 'RENAME', 'REPLACE', 'DECLARE', 'PREPARE', 'DEALLOCATE', 'LISTEN', 'NOTIFY', 'CHECKPOINT', 'SUMMARIZE',
]);

/** Functions that read files or other databases from inside an expression. */
const FORBIDDEN_FUNCTIONS = new Set([
  'READ_CSV', 'READ_CSV_AUTO', 'READ_PARQUET', 'READ_JSON', 'READ_JSON_AUTO', 'READ_TEXT', 'READ_BLOB', 'GLOB',
  'PG_READ_FILE', 'PG_READ_BINARY_FILE', 'PG_LS_DIR', 'LO_IMPORT', 'LO_EXPORT', 'DBLINK', 'LOAD_FILE',
  'LOAD_EXTENSION', 'SLEEP', 'PG_SLEEP', 'BENCHMARK', 'QUERY', 'QUERY_TABLE', 'SQLITE_SCAN', 'POSTGRES_SCAN',
  'MYSQL_SCAN', 'GETENV', 'SET_CONFIG', 'CURRENT_SETTING', 'PG_TERMINATE_BACKEND', 'PG_CANCEL_BACKEND',
]);

const subqueryError = () =>
  new LumenError(400, 'Custom SQL fields cannot contain sub-queries.', ErrorType.ADHOC_SUBQUERY_NOT_ALLOWED_ERROR);
const invalid = (kind: FragmentKind, why: string, fragment: string) =>
  new LumenError(400, `Invalid SQL in ${kind}: ${why}`, ErrorType.INVALID_SQL_ERROR, { sql: fragment });

/** Returns the fragment trimmed when it is a safe single expression; throws a 400 LumenError otherwise. */
export function assertSafeFragment(fragment: unknown, kind: FragmentKind): string {
  if (typeof fragment !== 'string') throw invalid(kind, 'expected a string', String(fragment));
  const text = fragment.trim();
  if (!text) throw invalid(kind, 'the expression is empty', text);
  if (text.length > 10_000) throw invalid(kind, 'the expression is longer than 10000 characters', text.slice(0, 100));
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === "'" || char === '"' || char === '`') {
      const end = closingQuote(text, i);
      if (end < 0) throw invalid(kind, `unterminated ${char === "'" ? 'string' : 'identifier'} starting at character ${i + 1}`, text);
      i = end + 1;
      continue;
    }
    if (char === '$' && /^\$[A-Za-z_]*\$/.test(text.slice(i))) throw invalid(kind, 'dollar-quoted strings are not allowed', text);
    if (char === ';') throw invalid(kind, 'a second statement (;) is not allowed', text);
    if ((char === '-' && text[i + 1] === '-') || (char === '/' && text[i + 1] === '*') || char === '#') {
      throw invalid(kind, 'comments are not allowed', text);
    }
    if (char === '(') depth++;
    if (char === ')') {
      depth--;
      if (depth < 0) throw invalid(kind, `unbalanced ')' at character ${i + 1}`, text);
    }
    if (/[A-Za-z_]/.test(char)) {
      const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i))![0];
      const upper = word.toUpperCase();
      if (upper === 'SELECT' || upper === 'WITH') throw subqueryError();
      if (STATEMENT_KEYWORDS.has(upper)) throw invalid(kind, `the keyword ${upper} is not allowed in an expression`, text);
      if (FORBIDDEN_FUNCTIONS.has(upper) && /^\s*\(/.test(text.slice(i + word.length))) {
        throw invalid(kind, `the function ${word} is not allowed`, text);
      }
      i += word.length;
      continue;
    }
    i++;
  }
  if (depth !== 0) throw invalid(kind, `unbalanced '(' (${depth} not closed)`, text);
  return text;
}

/** Index of the quote closing the one at `start`; doubled quotes and backslash escapes stay inside. */
function closingQuote(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\' && quote === "'") {
      i++;
      continue;
    }
    if (text[i] === quote) {
      if (text[i + 1] === quote) {
        i++;
        continue;
      }
      return i;
    }
  }
  return -1;
}

/** Metric SQL must look like an aggregate, e.g. SUM(col) (spec 3 §5). */
export const AGGREGATE_PATTERN = /^\s*[A-Za-z_][A-Za-z0-9_]*\s*\(.*\)\s*$/s;
