import { parseConnectTarget } from '../engines';
import { ErrorType, LumenError } from '../errors';
import { classifyDuckdb } from './classify-duckdb';
import { classifyMariadb, rawRefusal } from './classify-mariadb';
import { classifyPostgresql } from './classify-postgresql';
import { classifySqlite } from './classify-sqlite';
import type { Statement } from './statements';
import { type Refusal, unparsedRefusal, type Verdict } from './verdict';

/**
 * SQL Lab's safety rules, applied before any statement reaches an engine (and by estimate and validate,
 * because EXPLAIN binds table functions). Each statement the splitter produced is classified by a parser
 * of its engine's own grammar (see classify-*.ts and docs/security.md), never by matching words as a lexer
 * of ours reads them (MariaDB's refusal words are read from the text all its lexical modes could run):
 *
 * 1. Refused on every database, whatever allow_dml says: reaching outside the database (server files,
 *    programs, other servers, extensions: COPY, ATTACH, LOAD, INTO OUTFILE, pg_read_file, LOAD_FILE,
 *    read_csv ...), running SQL from a string (query_to_xml, query(), dblink, DO, PREPARE ... FROM),
 *    MariaDB executable comments, and changing security settings. A SQL Lab user is granted a database,
 *    not the server's file system or network.
 * 2. Statements the parser does not prove read-only need dbs.allow_dml.
 */
export const DML_NOT_ALLOWED_MESSAGE =
  'This database does not allow for DDL/DML, and the query could not be parsed to confirm it is a read-only query. Please contact your administrator for more assistance.';

/** What the guard needs to know of a database: its backend and, for SQLite, the file it compiles against. */
export interface GuardTarget {
  backend: string;
  sqlalchemy_uri?: string;
}

export interface ClassifiedStatement extends Statement {
  refusal: Refusal | null;
}

export interface Violation {
  message: string;
  /** Offset of the offending text in the script. */
  offset: number;
  length: number;
  unparsed: boolean;
}

const BACKENDS: Record<string, string> = { postgres: 'postgresql', postgresql: 'postgresql', mariadb: 'mysql', mysql: 'mysql', duckdb: 'duckdb', sqlite: 'sqlite' };

const backendOf = (target: GuardTarget) => BACKENDS[target.backend.toLowerCase().split('+')[0]!];

/**
 * The parser-backed verdict on one statement's exact text (what the engine will be sent).
 *
 * @example
 * (await classifyStatement(`SELECT "pg_read_file"('/etc/passwd')`, { backend: 'postgresql' })).refusal?.message;
 * // 'The function pg_read_file is not allowed in SQL Lab'
 */
export async function classifyStatement(text: string, target: GuardTarget): Promise<Verdict> {
  switch (backendOf(target)) {
    case 'postgresql':
      return classifyPostgresql(text);
    case 'duckdb':
      return classifyDuckdb(text);
    case 'mysql':
      return classifyMariadb(text);
    case 'sqlite':
      return classifySqlite(parseConnectTarget(target.sqlalchemy_uri ?? 'sqlite://').database ?? ':memory:', text);
    default:
      return { kind: 'other', mutating: true, refusal: unparsedRefusal(`SQL Lab has no parser for ${target.backend}`) };
  }
}

/** The splitter's statements with the parser's kind, mutability and refusal. */
export async function classifyScript(statements: Statement[], target: GuardTarget): Promise<ClassifiedStatement[]> {
  const classified: ClassifiedStatement[] = [];
  for (const statement of statements) {
    const verdict = await classifyStatement(statement.text, target);
    // The lexical kind only names a mutating statement the parser could not type ('other' -> 'ddl' for
    // CREATE OR REPLACE TABLE); it can never make a statement a query or read-only.
    const lexicalNames = verdict.kind === 'other' && verdict.mutating && statement.kind !== 'select' && statement.kind !== 'read';
    const kind = lexicalNames ? statement.kind : verdict.kind;
    classified.push({ ...statement, kind, mutating: verdict.mutating, refusal: verdict.refusal });
  }
  return classified;
}

/**
 * A refusal read from the whole script rather than its statements. MariaDB runs the text of an executable
 * comment wherever it stands, and the splitter leaves comments between and after statements out of the
 * statements' texts; refusing on the raw script means no comment placement decides the outcome.
 */
export function scriptViolation(script: string, target: GuardTarget): Violation | null {
  if (backendOf(target) !== 'mysql') return null;
  const refusal = rawRefusal(script);
  return refusal && { message: refusal.message, offset: refusal.offset, length: refusal.length, unparsed: false };
}

/** The first refused statement of a classified script, with its offset in the script. */
export function firstViolation(statements: ClassifiedStatement[]): Violation | null {
  const statement = statements.find((s) => s.refusal);
  if (!statement?.refusal) return null;
  const { message, offset, length, unparsed } = statement.refusal;
  return { message, offset: statement.start + offset, length, unparsed: unparsed === true };
}

export function violationError(violation: Violation): LumenError {
  if (violation.unparsed) return new LumenError(400, violation.message, ErrorType.INVALID_SQL_ERROR, { offset: violation.offset });
  return new LumenError(403, violation.message, ErrorType.DATABASE_SECURITY_ACCESS_ERROR);
}

/**
 * Classifies the statements, throws the security error for a refused one, then the DML error when the
 * database does not allow DML; answers the classified statements.
 */
export async function assertAllowed(script: string, statements: Statement[], target: GuardTarget, allowDml: boolean): Promise<ClassifiedStatement[]> {
  const classified = await classifyScript(statements, target);
  const violation = scriptViolation(script, target) ?? firstViolation(classified);
  if (violation) throw violationError(violation);
  if (!allowDml && classified.some((s) => s.mutating)) {
    throw new LumenError(400, DML_NOT_ALLOWED_MESSAGE, ErrorType.DML_NOT_ALLOWED_ERROR);
  }
  return classified;
}

/**
 * Refuses any of the exact texts an execution will send (after the row-limit rewrite or CTAS wrapping) that
 * the parser refuses: the guard judges what runs, not only what the user typed.
 */
export async function assertNoRefusal(texts: string[], target: GuardTarget): Promise<void> {
  for (const text of texts) {
    const { refusal } = await classifyStatement(text, target);
    if (refusal) throw violationError({ message: refusal.message, offset: 0, length: refusal.length, unparsed: refusal.unparsed === true });
  }
}
