import { loadPostgresParser, postgresSyntaxMessage } from '../sql-parsing/postgres-parser';
import type { TreeNode } from '../sql-parsing/walk';
import { classifyPgStatement } from './classify-pg-tree';
import { POSTGRESQL_DENIED } from './denied-functions';
import { refused, syntaxRefusal, unparsedRefusal, type Verdict } from './verdict';

/**
 * PostgreSQL statements are classified by PostgreSQL's own parser (libpg-query): it is the grammar the
 * server runs, so strings, dollar quotes, E'…' escapes, nested comments and U&"…" identifiers end exactly
 * where the server ends them. Text it cannot parse is refused rather than guessed at.
 */
export async function classifyPostgresql(text: string): Promise<Verdict> {
  const parser = await loadPostgresParser();
  let stmts: { stmt?: TreeNode }[];
  try {
    stmts = (parser.parse(text).stmts ?? []) as { stmt?: TreeNode }[];
  } catch (error) {
    return refused(syntaxRefusal(`PostgreSQL's parser says ${postgresSyntaxMessage(error)}`));
  }
  // The engine runs what it is sent, all of it: text that holds two statements is not one statement.
  if (stmts.length !== 1 || !stmts[0]!.stmt) return refused(unparsedRefusal(`PostgreSQL's parser reads ${stmts.length} statements in it`));
  return classifyPgStatement(stmts[0]!.stmt, text, 'postgresql', POSTGRESQL_DENIED);
}
