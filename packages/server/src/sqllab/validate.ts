import type { EngineClient } from '../engines';
import { LumenError } from '../errors';
import { type ClassifiedStatement, classifyScript, firstViolation, type GuardTarget, scriptViolation } from './guard';
import { splitScript } from './prepare';
import type { Statement } from './statements';
import { lineAndColumn, significant, tokenize } from './tokens';

/**
 * SQL validation without running anything: each statement is compiled by the engine through EXPLAIN (which
 * parses and binds but does not execute), and an error's position is mapped back to a line and columns of
 * the whole script, the annotations the editor underlines. Engines report positions differently: DuckDB
 * prints the line and a caret, MySQL "at line N", PostgreSQL and SQLite name the token "near" the error.
 */
export interface SqlAnnotation {
  line_number: number;
  start_column: number;
  end_column: number;
  message: string;
}

/** EXPLAIN prefix per backend; a newline keeps the statement's own line numbers one below the prefix. */
const EXPLAIN_PREFIX: Record<string, string> = {
  duckdb: 'EXPLAIN\n',
  postgresql: 'EXPLAIN\n',
  mysql: 'EXPLAIN\n',
  sqlite: 'EXPLAIN QUERY PLAN\n',
};

/** Statement kinds each engine's EXPLAIN accepts; others are skipped rather than reported falsely. */
function explainable(statement: Statement, backend: string): boolean {
  if (statement.kind === 'select' || statement.kind === 'dml') return true;
  if (statement.kind === 'read') return ['VALUES', 'TABLE'].includes(statement.keyword);
  if (statement.kind === 'ddl') return backend === 'sqlite' || statement.isCtas || statement.isCvas;
  return false;
}

function annotationAt(script: string, offset: number, length: number, message: string): SqlAnnotation {
  const { line, column } = lineAndColumn(script, offset);
  return { line_number: line, start_column: column, end_column: column + Math.max(1, length) - 1, message };
}

/** Offset (in the statement) and length of the token an engine message points at, or null. */
function locate(statement: Statement, message: string): { offset: number; length: number } | null {
  const text = statement.text;
  const lines = text.split('\n');
  const lineStart = (n: number) => lines.slice(0, n - 1).reduce((sum, l) => sum + l.length + 1, 0);
  // DuckDB: "LINE 3:   2 FROMM t\n                  ^" (line counted in the EXPLAIN-prefixed text).
  const duck = /LINE (\d+): (.*)\n( *)\^/.exec(message);
  if (duck) {
    const line = Number(duck[1]) - 1;
    if (line >= 1 && line <= lines.length) {
      const excerpt = duck[2]!;
      let caret = duck[3]!.length - `LINE ${duck[1]}: `.length;
      const source = lines[line - 1]!;
      if (excerpt.startsWith('...')) {
        // Long lines are shown as a window: find where the window starts in the real line.
        const probe = excerpt.slice(3, 23);
        const at = source.indexOf(probe);
        caret = at >= 0 ? at + caret - 3 : 0;
      }
      const offset = lineStart(line) + Math.max(0, Math.min(caret, source.length));
      const word = /^[\w$]+|^./.exec(text.slice(offset))?.[0] ?? '';
      return { offset, length: word.length || 1 };
    }
  }
  if (/at end of input|incomplete input|unexpected end/i.test(message)) return { offset: Math.max(0, text.length - 1), length: 1 };
  const near = /near "([^"]*)"|near '([^']*)'|"([^"]+)"/.exec(message);
  const wanted = near ? (near[1] ?? near[2] ?? near[3] ?? '') : '';
  const mysqlLine = /at line (\d+)/.exec(message);
  const tokens = significant(tokenize(text)).map((t) => ({ ...t, start: t.start, end: t.end }));
  if (wanted) {
    const probe = wanted.trim().split(/\s+/)[0]!.toUpperCase();
    const fromLine = mysqlLine ? lineStart(Math.max(1, Number(mysqlLine[1]) - 1)) : 0;
    const hit = tokens.find((t) => t.start >= fromLine && (t.upper === probe || t.text.toUpperCase() === probe || t.text.toUpperCase().replace(/^["`']|["`']$/g, '') === probe));
    if (hit) return { offset: hit.start, length: hit.end - hit.start };
  }
  if (mysqlLine) {
    const line = Math.max(1, Number(mysqlLine[1]) - 1);
    if (line <= lines.length) return { offset: lineStart(line), length: lines[line - 1]!.length };
  }
  return null;
}

export interface Validation {
  annotations: SqlAnnotation[];
  /** The script's statements as the parser classified them (empty when the script could not be split). */
  statements: ClassifiedStatement[];
}

/**
 * Validates a script on an engine. Answers no annotations when every statement compiles. A statement the
 * guard refuses is annotated and nothing is explained. One the engine's own parser rejects is explained
 * anyway, under its lexical kind: the engine cannot run it either, and its EXPLAIN error names the line and
 * column the user needs. Nothing else the guard could not verify (text holding two statements) is explained.
 *
 * @example
 * (await validateSql(client, { backend: 'duckdb' }, 'SELECT 1 FROMM t')).annotations; // [{line_number: 1, start_column: 16, ...}]
 */
export async function validateSql(client: EngineClient, target: GuardTarget, script: string): Promise<Validation> {
  const backend = target.backend;
  let lexical: Statement[];
  let statements: ClassifiedStatement[];
  try {
    lexical = splitScript(script, backend);
    statements = await classifyScript(lexical, target);
  } catch (error) {
    const offset = error instanceof LumenError && typeof error.extra?.offset === 'number' ? error.extra.offset : 0;
    return { annotations: [annotationAt(script, offset, 1, error instanceof Error ? error.message : String(error))], statements: [] };
  }
  const refused = scriptViolation(script, target) ?? firstViolation(statements.map((s) => (s.refusal?.syntax ? { ...s, refusal: null } : s)));
  if (refused) return { annotations: [annotationAt(script, refused.offset, refused.length, refused.message)], statements };
  const prefix = EXPLAIN_PREFIX[backend] ?? 'EXPLAIN\n';
  const annotations: SqlAnnotation[] = [];
  for (const [i, classified] of statements.entries()) {
    const statement = classified.refusal?.syntax ? lexical[i]! : classified;
    if (!explainable(statement, backend)) continue;
    try {
      // Mutating statements are only explained, never run: EXPLAIN without ANALYZE executes nothing.
      if (/^\s*EXPLAIN\b/i.test(statement.text) && /\bANALY[SZ]E\b/i.test(statement.text)) continue;
      await client.execute(`${prefix}${statement.text}`, [], { maxRows: 1, timeoutMs: 10_000 });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const where = locate(statement, message);
      annotations.push(annotationAt(script, statement.start + (where?.offset ?? 0), where?.length ?? 1, message.split('\n')[0]!));
    }
  }
  return { annotations, statements };
}
