import { getEngineSpec } from '../engines';
import { ErrorType, LumenError } from '../errors';
import { toBool } from '../metadata/connect';
import type { DatabaseRow } from '../metadata/schema';
import type { CurrentUser } from '../security/current-user';
import { assertAllowed, assertNoRefusal } from './guard';
import { dropdownLimit, type LimitingFactor, type LimitSettings, planLimit } from './limit';
import { type Statement, splitStatements } from './statements';
import { parseTemplateParams, renderTemplate } from './template';
import { SqlLexError } from './tokens';

/**
 * Turns an execute request into the statements to run: template rendering, splitting, the safety guard,
 * CTAS/CVAS and the row limit. Everything that can be refused is refused here, before a query runs, so a
 * refused query fails in the request that submitted it even when it would have run asynchronously.
 */
export interface PreparedQuery {
  /** Statements to run, in order; the last one's rows are returned. */
  statements: string[];
  /** Row limit reported to the client (null for CTAS/CVAS). */
  limit: number | null;
  limitingFactor: LimitingFactor | null;
  /** Rows to fetch from the last statement (limit + 1), null for no cap. */
  fetchRows: number | null;
  ctas: { method: 'TABLE' | 'VIEW'; schema: string | null; table: string } | null;
}

export interface PrepareInput {
  sql: string;
  templateParams: unknown;
  queryLimit: unknown;
  schema: string | null;
  selectAsCta: boolean;
  ctasMethod: string | null;
  tmpTableName: string | null;
}

/** The statements' separator in executed_sql; re-split by the runner with the same lexer. */
export const STATEMENT_SEPARATOR = ';\n';

const pad = (n: number) => String(n).padStart(2, '0');

/** The incumbent's default CTAS table name: tmp_{user id}_table_{UTC timestamp}. */
export function defaultTmpTableName(userId: number | null, now = new Date()): string {
  const stamp = `${now.getUTCFullYear()}_${pad(now.getUTCMonth() + 1)}_${pad(now.getUTCDate())}_${pad(now.getUTCHours())}_${pad(now.getUTCMinutes())}_${pad(now.getUTCSeconds())}`;
  return `tmp_${userId ?? 0}_table_${stamp}`;
}

export function splitScript(sql: string, backend: string): Statement[] {
  try {
    return splitStatements(sql, { backend });
  } catch (error) {
    if (error instanceof SqlLexError) throw new LumenError(400, `Unable to parse SQL: ${error.message}.`, ErrorType.INVALID_SQL_ERROR, { offset: error.offset });
    throw error;
  }
}

export async function prepareQuery(input: PrepareInput, database: DatabaseRow, user: CurrentUser, settings: LimitSettings): Promise<PreparedQuery> {
  const backend = database.backend;
  const params = parseTemplateParams(input.templateParams);
  const rendered = renderTemplate(input.sql, params, { id: user.id, username: user.username, email: user.email }, backend);
  const split = splitScript(rendered, backend);
  if (!split.length) throw new LumenError(400, 'The query is empty.', ErrorType.INVALID_SQL_ERROR);
  const statements = await assertAllowed(rendered, split, database, toBool(database.allow_dml));

  const last = statements[statements.length - 1]!;
  const prepared = input.selectAsCta ? prepareCtas(input, database, user, statements, last) : prepareLimited(input, statements, last, settings);
  // The last statement was rewritten (row limit, CTAS): the parser judges the text that will really run.
  await assertNoRefusal(prepared.statements.slice(-1), database);
  return prepared;
}

function prepareLimited(input: PrepareInput, statements: Statement[], last: Statement, settings: LimitSettings): PreparedQuery {
  const plan = planLimit(last, dropdownLimit(input.queryLimit, settings));
  return {
    statements: [...statements.slice(0, -1).map((s) => s.text), plan.sql],
    limit: plan.limit,
    limitingFactor: plan.limitingFactor,
    fetchRows: plan.fetchRows,
    ctas: null,
  };
}

function prepareCtas(input: PrepareInput, database: DatabaseRow, user: CurrentUser, statements: Statement[], last: Statement): PreparedQuery {
  const method = (input.ctasMethod ?? 'TABLE').toUpperCase() === 'VIEW' ? 'VIEW' : 'TABLE';
  if (method === 'TABLE') {
    if (!toBool(database.allow_ctas)) {
      throw new LumenError(400, `The database ${database.database_name} does not allow CREATE TABLE AS SELECT (CTAS).`, ErrorType.INVALID_CTAS_QUERY_ERROR);
    }
    if (last.kind !== 'select') {
      throw new LumenError(
        400,
        'CTAS (create table as select) can only be run with a query where the last statement is a SELECT. Please make sure your query has a SELECT as its last statement. Then, try running your query again.',
        ErrorType.INVALID_CTAS_QUERY_ERROR,
      );
    }
  } else {
    if (!toBool(database.allow_cvas)) {
      throw new LumenError(400, `The database ${database.database_name} does not allow CREATE VIEW AS SELECT (CVAS).`, ErrorType.INVALID_CVAS_QUERY_ERROR);
    }
    if (statements.length !== 1 || last.kind !== 'select') {
      throw new LumenError(
        400,
        'CVAS (create view as select) can only be run with a query with a single SELECT statement. Please make sure your query has only a SELECT statement. Then, try running your query again.',
        ErrorType.INVALID_CVAS_QUERY_ERROR,
      );
    }
  }
  const table = input.tmpTableName?.trim() || defaultTmpTableName(user.id);
  const schema = database.force_ctas_schema || input.schema || null;
  const spec = getEngineSpec(database.backend);
  const target = `${schema ? `${spec.quoteIdentifier(schema)}.` : ''}${spec.quoteIdentifier(table)}`;
  return {
    statements: [...statements.slice(0, -1).map((s) => s.text), `CREATE ${method} ${target} AS\n${last.text}`],
    limit: null,
    limitingFactor: null,
    fetchRows: null,
    ctas: { method, schema, table },
  };
}
