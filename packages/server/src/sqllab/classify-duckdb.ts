import { loadPostgresParser } from '../sql-parsing/postgres-parser';
import { charOffset, type TreeNode, walkTree } from '../sql-parsing/walk';
import { classifyPgStatement, PATH_LIKE } from './classify-pg-tree';
import { DUCKDB_DENIED, MUTATING_FUNCTIONS } from './denied-functions';
import { checkDuckdbTokens } from './duckdb-token-check';
import { duckdbParser } from '../sql-parsing/duckdb-parser';
import { constructRefusal, functionRefusal, type Refusal, refused, stricter, syntaxRefusal, unparsedRefusal, type Verdict } from './verdict';

/**
 * DuckDB statements, by two parsers:
 * - DuckDB's own (json_serialize_sql) decides SELECTs: it is the engine's grammar, so FROM-first queries,
 *   lists, lambdas and DESCRIBE/SUMMARIZE are read exactly as they will run, and every function the query
 *   calls is in its tree with its name resolved.
 * - PostgreSQL's (libpg-query), from which DuckDB's grammar derives, gives the kind of other statements and
 *   a second opinion on SELECTs it can read. When the two disagree on whether the statement is a query, it
 *   is refused. Statements neither reads fall back to checkDuckdbTokens (mutating, dangerous words refused).
 */
type PgOpinion = { ok: true; stmts: TreeNode[] } | { ok: false };

async function pgOpinion(text: string): Promise<PgOpinion> {
  const parser = await loadPostgresParser();
  try {
    return { ok: true, stmts: (parser.parse(text).stmts ?? []).map((s) => s.stmt as TreeNode) };
  } catch {
    return { ok: false };
  }
}

/** Refusal and side effects read from DuckDB's own tree of a SELECT. */
function classifyDuckTree(node: TreeNode, text: string): Verdict {
  let refusal: Refusal | null = null;
  let mutating = false;
  walkTree(node, (child) => {
    if (refusal) return;
    const at = (n: unknown) => charOffset(text, Number(n ?? 0));
    if (typeof child.function_name === 'string') {
      const name = child.function_name.toLowerCase();
      if (DUCKDB_DENIED.has(name)) refusal = functionRefusal(name, at(child.query_location));
      if (MUTATING_FUNCTIONS.has(name)) mutating = true;
    } else if (child.type === 'BASE_TABLE' && PATH_LIKE.test(String(child.table_name ?? ''))) {
      // A replacement scan: DuckDB reads a table name that looks like a file as that file.
      refusal = constructRefusal(`Reading the file ${String(child.table_name)}`, at(child.query_location), String(child.table_name).length);
    }
  });
  // DESCRIBE, SHOW and SUMMARIZE are SELECTs over a SHOW_REF: read-only, but not limitable by rewriting.
  const kind = (node.from_table as TreeNode | undefined)?.type === 'SHOW_REF' ? 'read' : 'select';
  return { kind: mutating ? 'dml' : kind, mutating, refusal };
}

export async function classifyDuckdb(text: string): Promise<Verdict> {
  const [duck, pg] = await Promise.all([duckdbParser.serialize(text), pgOpinion(text)]);
  if (pg.ok && pg.stmts.length !== 1) return refused(unparsedRefusal(`PostgreSQL's parser reads ${pg.stmts.length} statements in it`));
  const second = pg.ok ? classifyPgStatement(pg.stmts[0]!, text, 'duckdb', DUCKDB_DENIED) : null;
  if (!duck.error) {
    if (duck.statements.length !== 1) return refused(unparsedRefusal(`DuckDB's parser reads ${duck.statements.length} statements in it`));
    const own = classifyDuckTree(duck.statements[0]!.node, text);
    if (!second) return own;
    if (second.kind !== 'select' && second.kind !== 'read') return refused(unparsedRefusal('DuckDB reads a query where PostgreSQL\'s grammar reads another statement'));
    return stricter(own, second);
  }
  if (duck.error_type !== 'not implemented') return refused(syntaxRefusal(`DuckDB's parser says ${duck.error_message ?? 'it is invalid'}`));
  // DuckDB parsed it and says it is not a SELECT.
  if (second?.kind === 'select') return refused(unparsedRefusal('PostgreSQL\'s grammar reads a query where DuckDB reads another statement'));
  return second ?? checkDuckdbTokens(text);
}
