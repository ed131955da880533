/**
 * A small lexical SQL tokenizer shared by the SQL Lab splitter, classifier, guard and limit rewriter. It is
 * not a parser: it knows only what it needs to never mistake text inside strings, quoted identifiers,
 * dollar quotes or comments for code (the one property every SQL Lab safety check depends on). Engines
 * differ in a few lexical rules, so the dialect switches MySQL's `#` comments, backticks and backslash
 * escapes on.
 */
export type TokenKind = 'word' | 'number' | 'string' | 'qident' | 'param' | 'punct' | 'comment' | 'space';

export interface Token {
  kind: TokenKind;
  /** Source text of the token, quotes included. */
  text: string;
  /** Offset of the first character in the script. */
  start: number;
  /** Offset just past the last character. */
  end: number;
  /** Upper-cased text for words, so checks compare keywords without allocating again. */
  upper: string;
  /** Parenthesis depth at which the token sits (0 = top level of its statement). */
  depth: number;
}

export interface LexOptions {
  /** Backend name (duckdb, sqlite, postgresql, mysql, ...): selects the lexical rules above. */
  backend?: string;
}

export class SqlLexError extends Error {
  override name = 'SqlLexError';
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const isWordStart = (c: string) => /[A-Za-z_\u0080-\uffff]/.test(c);
const isWordChar = (c: string) => /[A-Za-z0-9_$\u0080-\uffff]/.test(c);

/** Index just past the quote closing the one at `start` (doubled quotes stay inside; backslash if asked). */
function closeQuote(sql: string, start: number, quote: string, backslash: boolean): number {
  for (let i = start + 1; i < sql.length; i++) {
    const c = sql[i];
    if (backslash && c === '\\') {
      i++;
      continue;
    }
    if (c === quote) {
      if (sql[i + 1] === quote) {
        i++;
        continue;
      }
      return i + 1;
    }
  }
  return -1;
}

/**
 * Splits SQL text into tokens. Unterminated strings, identifiers and block comments throw SqlLexError
 * with the offset where they start, so callers can point the user at the line.
 *
 * @example
 * tokenize("SELECT 'a;b' -- c\nFROM t").filter((t) => t.kind === 'word').map((t) => t.upper); // ['SELECT', 'FROM', 'T']
 */
export function tokenize(sql: string, options: LexOptions = {}): Token[] {
  const mysql = options.backend === 'mysql' || options.backend === 'mariadb';
  const tokens: Token[] = [];
  let depth = 0;
  let i = 0;
  const push = (kind: TokenKind, start: number, end: number) => {
    const text = sql.slice(start, end);
    tokens.push({ kind, text, start, end, upper: kind === 'word' ? text.toUpperCase() : text, depth });
  };
  while (i < sql.length) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (/\s/.test(c)) {
      let j = i + 1;
      while (j < sql.length && /\s/.test(sql[j]!)) j++;
      push('space', i, j);
      i = j;
    } else if ((c === '-' && next === '-') || (mysql && c === '#')) {
      let j = sql.indexOf('\n', i);
      if (j < 0) j = sql.length;
      push('comment', i, j);
      i = j;
    } else if (c === '/' && next === '*') {
      const j = sql.indexOf('*/', i + 2);
      if (j < 0) throw new SqlLexError('Unterminated comment', i);
      push('comment', i, j + 2);
      i = j + 2;
    } else if (c === "'" || ((c === 'E' || c === 'e') && next === "'" && !mysql)) {
      // PostgreSQL E'...' strings honour backslash escapes; MySQL strings always do.
      const quoteAt = c === "'" ? i : i + 1;
      const j = closeQuote(sql, quoteAt, "'", mysql || quoteAt !== i);
      if (j < 0) throw new SqlLexError('Unterminated string literal', i);
      push('string', i, j);
      i = j;
    } else if (c === '"' || c === '`') {
      const j = closeQuote(sql, i, c, false);
      if (j < 0) throw new SqlLexError('Unterminated quoted identifier', i);
      push(mysql && c === '"' ? 'string' : 'qident', i, j);
      i = j;
    } else if (c === '[' && options.backend === 'sqlite' && /^\[[^\]\n]*\]/.test(sql.slice(i))) {
      const j = sql.indexOf(']', i) + 1;
      push('qident', i, j);
      i = j;
    } else if (c === '$' && !mysql) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
      if (tag) {
        const j = sql.indexOf(tag[0], i + tag[0].length);
        if (j < 0) throw new SqlLexError('Unterminated dollar-quoted string', i);
        push('string', i, j + tag[0].length);
        i = j + tag[0].length;
      } else {
        let j = i + 1;
        while (j < sql.length && /[0-9]/.test(sql[j]!)) j++;
        push('param', i, Math.max(j, i + 1));
        i = Math.max(j, i + 1);
      }
    } else if (isWordStart(c)) {
      let j = i + 1;
      while (j < sql.length && isWordChar(sql[j]!)) j++;
      push('word', i, j);
      i = j;
    } else if (/[0-9]/.test(c) || (c === '.' && next !== undefined && /[0-9]/.test(next))) {
      const m = /^(?:0x[0-9A-Fa-f]+|[0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?|[0-9]+\.)/.exec(sql.slice(i))!;
      push('number', i, i + m[0].length);
      i += m[0].length;
    } else if (c === '?' || (c === ':' && next !== undefined && isWordStart(next) && sql[i - 1] !== ':')) {
      let j = i + 1;
      while (j < sql.length && isWordChar(sql[j]!)) j++;
      push('param', i, j);
      i = j;
    } else {
      if (c === ')') depth = Math.max(0, depth - 1);
      push('punct', i, i + 1);
      if (c === '(') depth++;
      i++;
    }
  }
  return tokens;
}

/** Tokens that carry meaning (no whitespace, no comments). */
export const significant = (tokens: Token[]): Token[] => tokens.filter((t) => t.kind !== 'space' && t.kind !== 'comment');

/** The text of a string literal or quoted identifier without its quotes (doubled quotes undone). */
export function unquote(token: Token): string {
  const text = token.text;
  if (token.kind === 'string' && text.startsWith('$')) {
    const tag = /^\$[^$]*\$/.exec(text)![0];
    return text.slice(tag.length, text.length - tag.length);
  }
  const body = /^[Ee]'/.test(text) ? text.slice(2, -1) : text.slice(1, -1);
  const quote = text[text.length - 1]!;
  return body.split(quote + quote).join(quote);
}

/** 1-based line and column of an offset in a text. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
