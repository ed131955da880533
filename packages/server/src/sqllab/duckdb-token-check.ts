import { loadPostgresParser } from '../sql-parsing/postgres-parser';
import { DUCKDB_DENIED, DUCKDB_SECURITY_SETTINGS } from './denied-functions';
import { READ_PRAGMAS } from './statements';
import { constructRefusal, functionRefusal, refused, unparsedRefusal, type Verdict } from './verdict';

/**
 * The last resort for DuckDB statements that neither DuckDB's json_serialize_sql (SELECTs only) nor
 * PostgreSQL's grammar can read: DuckDB-only DDL and utility statements (CREATE OR REPLACE TABLE, ATTACH,
 * INSTALL, PIVOT, COPY ... (FORMAT parquet), CREATE MACRO ...). They are never read-only (a read PRAGMA
 * aside), so they need allow_dml; what remains is to refuse the dangerous ones. The tokens come from
 * PostgreSQL's scanner, from which DuckDB's derives, so strings, quoted identifiers and comments end where
 * DuckDB ends them; every identifier is compared after unquoting and decoding U&"…" escapes, wherever it
 * appears (a conservative reading: a column named like a file function is refused too).
 */
const REFUSED_WORDS: Record<string, string> = {
  attach: 'ATTACH',
  detach: 'DETACH',
  copy: 'COPY',
  install: 'INSTALL',
  load: 'LOAD',
  export: 'EXPORT DATABASE',
  import: 'IMPORT DATABASE',
  secret: 'CREATE SECRET',
  extensions: 'UPDATE EXTENSIONS',
  uescape: 'UESCAPE',
};

/** U&"…" identifier body with the default escape character: \XXXX, \+XXXXXX and \\. */
function decodeUnicodeIdentifier(body: string): string {
  return body.replace(/\\(\\|\+[0-9A-Fa-f]{6}|[0-9A-Fa-f]{4})/g, (_, code: string) =>
    code === '\\' ? '\\' : String.fromCodePoint(parseInt(code.replace('+', ''), 16)),
  );
}

/** The identifier or keyword a token spells, lower-cased; null for strings, numbers, operators, comments. */
export function identifierOf(tokenText: string): string | null {
  if (/^u&"/i.test(tokenText)) return decodeUnicodeIdentifier(tokenText.slice(3, -1).replace(/""/g, '"')).toLowerCase();
  if (tokenText.startsWith('"')) return tokenText.slice(1, -1).replace(/""/g, '"').toLowerCase();
  return /^[A-Za-z_\u0080-\uffff][\w$\u0080-\uffff]*$/.test(tokenText) ? tokenText.toLowerCase() : null;
}

const isString = (text: string) => /^([eEbBxXnN]|[uU]&)?'/.test(text) || text.startsWith('$');

export async function checkDuckdbTokens(text: string): Promise<Verdict> {
  const parser = await loadPostgresParser();
  let tokens: { start: number; end: number; tokenName: string }[];
  try {
    tokens = parser.scan(text).filter((t) => t.tokenName !== 'SQL_COMMENT' && t.tokenName !== 'C_COMMENT');
  } catch (error) {
    return refused(unparsedRefusal(`its tokens cannot be read (${error instanceof Error ? error.message : String(error)})`));
  }
  const words = tokens.map((t) => ({ ...t, text: text.slice(t.start, t.end), name: identifierOf(text.slice(t.start, t.end)) }));
  for (let i = 0; i < words.length; i++) {
    const { name, start, end, text: source } = words[i]!;
    if (name && DUCKDB_DENIED.has(name)) return refused(functionRefusal(name, start));
    if (name && REFUSED_WORDS[name]) return refused(constructRefusal(REFUSED_WORDS[name]!, start, end - start));
    if (name && DUCKDB_SECURITY_SETTINGS.has(name)) return refused(constructRefusal(`Changing the setting ${name}`, start, end - start));
    const previous = words[i - 1]?.name;
    // Replacement scans: a string where a table belongs is a file DuckDB would read.
    if (isString(source) && (previous === 'from' || previous === 'join')) return refused(constructRefusal(`Reading the file ${source}`, start, end - start));
  }
  const head = words[0]?.name;
  const readPragma = head === 'pragma' && READ_PRAGMAS.has((words[1]?.name ?? '').toUpperCase()) && !words.some((w) => w.text === '=');
  return readPragma ? { kind: 'read', mutating: false, refusal: null } : { kind: 'other', mutating: true, refusal: null };
}
