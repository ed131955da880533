import * as libpgQuery from 'libpg-query';

/**
 * PostgreSQL's own parser (libpg_query compiled to WebAssembly), so a guard and the engine can never disagree
 * about where a string, identifier or comment ends. The module loads once per process (≈1.7 MB of wasm);
 * afterwards parsing and scanning are synchronous.
 */
export type PostgresParseResult = libpgQuery.ParseResult;
export type PostgresScanToken = libpgQuery.ScanToken;

export interface PostgresParser {
  /** Parse tree of every statement in `sql`; throws the parser's own error (with its cursor position). */
  parse(sql: string): PostgresParseResult;
  /** Every token of `sql` as PostgreSQL's scanner reads it, comments included. */
  scan(sql: string): PostgresScanToken[];
}

let loading: Promise<PostgresParser> | null = null;

export function loadPostgresParser(): Promise<PostgresParser> {
  loading ??= libpgQuery.loadModule().then(() => ({
    parse: (sql: string) => libpgQuery.parseSync(sql),
    scan: (sql: string) => libpgQuery.scanSync(sql).tokens,
  }));
  return loading;
}

/** The parser's message for a syntax error, e.g. 'syntax error at or near "FROM"'. */
export function postgresSyntaxMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
