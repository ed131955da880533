/**
 * The parts of a MariaDB statement that may be code, whatever the session's sql_mode.
 *
 * MariaDB's lexer depends on the session: with NO_BACKSLASH_ESCAPES a backslash inside '…' is a plain
 * character, with ANSI_QUOTES "…" is an identifier (code) rather than a string. A SET earlier in a pooled
 * session can change either, so no single lexer is MariaDB's. This module lexes the text under all four
 * combinations and blanks (with spaces, keeping offsets) only the characters that every combination reads
 * as the inside of a string literal or of a comment. Whatever MariaDB reads as code is therefore still
 * there, and a word check on the result cannot be hidden by quoting; words that only occur inside string
 * data (`WHERE region = 'global'`) no longer trip it.
 *
 * Executable comments (`/*! … *\/`, `/*M! … *\/`) are read as code here; SQL Lab refuses them outright.
 */
interface Mode {
  backslashEscapes: boolean;
  ansiQuotes: boolean;
}

const MODES: Mode[] = [
  { backslashEscapes: true, ansiQuotes: false },
  { backslashEscapes: false, ansiQuotes: false },
  { backslashEscapes: true, ansiQuotes: true },
  { backslashEscapes: false, ansiQuotes: true },
];

/** `--` starts a comment only before a space or control character (MariaDB's my_isspace / my_iscntrl). */
const DASH_COMMENT_FOLLOWER = /[\x00-\x20\x7f]/;

/** Index just past the quote closing the one at `start`; doubled quotes and (if enabled) backslashes escape. */
function closeQuote(sql: string, start: number, quote: string, backslash: boolean): number {
  for (let i = start + 1; i < sql.length; i++) {
    if (backslash && sql[i] === '\\') i++;
    else if (sql[i] === quote) {
      if (sql[i + 1] !== quote) return i + 1;
      i++;
    }
  }
  return sql.length;
}

/** Marks, for one mode, every character inside a string literal or a comment (delimiters included). */
function dataMask(sql: string, mode: Mode): Uint8Array {
  const data = new Uint8Array(sql.length);
  const mark = (from: number, to: number) => data.fill(1, from, to);
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    const next = sql[i + 1];
    let end = i + 1;
    if (c === '#' || (c === '-' && next === '-' && DASH_COMMENT_FOLLOWER.test(sql[i + 2] ?? ' '))) {
      const newline = sql.indexOf('\n', i);
      end = newline === -1 ? sql.length : newline + 1;
      mark(i, end);
    } else if (c === '/' && next === '*' && sql[i + 2] !== '!' && !(sql[i + 2] === 'M' && sql[i + 3] === '!')) {
      const close = sql.indexOf('*/', i + 2);
      end = close === -1 ? sql.length : close + 2;
      mark(i, end);
    } else if (c === "'" || (c === '"' && !mode.ansiQuotes)) {
      end = closeQuote(sql, i, c, mode.backslashEscapes);
      mark(i, end);
    } else if (c === '`' || c === '"') {
      // Quoted identifiers are code (a UDF may be called by a quoted name): skipped whole, not blanked.
      end = closeQuote(sql, i, c, false);
    }
    i = end;
  }
  return data;
}

/**
 * `sql` with every character that all of MariaDB's lexical modes read as string or comment content
 * replaced by a space.
 *
 * @example
 * mariadbCodeText("SELECT 'global' AS g # outfile"); // "SELECT          AS g          "
 */
export function mariadbCodeText(sql: string): string {
  const masks = MODES.map((mode) => dataMask(sql, mode));
  let out = '';
  for (let i = 0; i < sql.length; i++) out += masks.every((mask) => mask[i]) ? ' ' : sql[i];
  return out;
}
