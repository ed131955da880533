import { randomBytes } from 'node:crypto';
import { AdmissionTimeoutError, admissionUserOf } from '../admission';
import type { AppContext } from '../context';
import { EngineError, type ExecuteResult, getConnection, isReadOnlyDatabase } from '../engines';
import { ErrorType, LumenError } from '../errors';
import { nowIso } from '../metadata/connect';
import type { DatabaseRow } from '../metadata/schema';
import type { CurrentUser } from '../security/current-user';
import { finalLimitingFactor, type LimitingFactor } from './limit';
import { type PreparedQuery, splitScript, STATEMENT_SEPARATOR } from './prepare';
import { loadQueryById, mergeExtra, type QueryRow, toQueryDict, transitionQuery, updateQuery } from './query-record';
import { buildResultsPayload } from './results-payload';
import { newResultsKey, storeResults } from './results-store';

/**
 * Running a SQL Lab query: the row is created by the request (pending or running), then `runQuery` — in
 * the request for sync queries, in the runner for async ones — executes the statements in order, keeps
 * the last statement's rows, stores the payload under a results key and records the final state. A stop
 * always wins: once the row says stopped, late results are dropped.
 */
export interface NewQueryInput {
  clientId: string | null;
  sql: string;
  catalog: string | null;
  schema: string | null;
  sqlEditorId: string | null;
  tab: string | null;
  runAsync: boolean;
  selectAsCta: boolean;
  ctasMethod: string | null;
}

/** The incumbent's async time limit (SQLLAB_ASYNC_TIME_LIMIT_SEC): async queries may run long. */
export const ASYNC_TIME_LIMIT_SECONDS = 6 * 3600;

export const newClientId = (): string => randomBytes(8).toString('base64url').slice(0, 11);

/** Inserts the query row of an execution; status pending (async) or running (sync), progress 0 (spec 3 §4). */
export async function createQueryRow(
  ctx: AppContext,
  user: CurrentUser,
  database: DatabaseRow,
  input: NewQueryInput,
  prepared: PreparedQuery,
): Promise<QueryRow> {
  const now = Date.now();
  const row = await ctx.store.db
    .insertInto('query')
    .values({
      client_id: input.clientId ?? newClientId(),
      database_id: database.id,
      user_id: user.id,
      tmp_table_name: prepared.ctas?.table ?? null,
      tmp_schema_name: prepared.ctas?.schema ?? null,
      status: input.runAsync ? 'pending' : 'running',
      tab_name: input.tab,
      sql_editor_id: input.sqlEditorId,
      catalog: input.catalog,
      schema: input.schema,
      sql: input.sql,
      select_sql: null,
      executed_sql: prepared.statements.join(STATEMENT_SEPARATOR),
      limit: prepared.limit,
      limiting_factor: prepared.limitingFactor,
      select_as_cta: input.selectAsCta ? 1 : 0,
      select_as_cta_used: prepared.ctas ? 1 : 0,
      ctas_method: prepared.ctas?.method ?? input.ctasMethod,
      progress: 0,
      rows: null,
      error_message: null,
      results_key: null,
      start_time: now,
      start_running_time: input.runAsync ? null : now,
      end_time: null,
      end_result_backend_time: null,
      tracking_url: null,
      extra_json: null,
      changed_on: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row;
}

/** Records a refused or failed query (the request then answers with the error). */
export async function failQuery(ctx: AppContext, row: QueryRow, error: LumenError, status: 'failed' | 'timed_out' = 'failed'): Promise<void> {
  await transitionQuery(ctx, row.id, {
    status,
    error_message: error.message,
    end_time: Date.now(),
    extra_json: mergeExtra(row, { errors: [error.toStructured()] }),
  });
}

export interface RunOutcome {
  /** Serialised results payload (what sync execute and GET results answer). */
  body: Buffer;
  row: QueryRow;
}

const stoppedError = () => new LumenError(400, 'The query was stopped.', ErrorType.GENERIC_DB_ENGINE_ERROR);

/**
 * Executes a query row's statements. Resolves with the stored payload; rejects with the LumenError that
 * the row now records (failed, timed_out) or a stop error when the query was stopped.
 */
/**
 * A guest's query (the only SQL Lab queries without a user id: every signed-in user has one) runs in a
 * read-only transaction even on a writable connection, behind the DML guard that already refused its writes.
 */
const runsReadOnly = (row: QueryRow, database: DatabaseRow): boolean => row.user_id === null || isReadOnlyDatabase(database);

export async function runQuery(ctx: AppContext, queryId: number, signal: AbortSignal, timeoutSeconds: number): Promise<RunOutcome> {
  const row = await loadQueryById(ctx, queryId);
  if (!row || row.status === 'stopped') throw stoppedError();
  const database = await ctx.store.db.selectFrom('dbs').selectAll().where('id', '=', row.database_id).executeTakeFirst();
  if (!database) {
    const error = new LumenError(404, 'The database referenced in this query was not found.', ErrorType.DATABASE_NOT_FOUND_ERROR);
    await failQuery(ctx, row, error);
    throw error;
  }
  if (row.status === 'pending' && !(await transitionQuery(ctx, row.id, { status: 'running', start_running_time: Date.now() }))) throw stoppedError();

  const statements = splitScript(row.executed_sql ?? row.sql, database.backend).map((s) => s.text);
  const deadline = Date.now() + timeoutSeconds * 1000;
  let result: ExecuteResult | null = null;
  try {
    const client = await getConnection(ctx, database);
    // One slot of the database's admission control for the whole script, after the viewers' charts; the
    // time spent waiting for it counts against the query's time limit.
    const ticket = { user: admissionUserOf({ id: row.user_id, username: 'sqllab-guest' }), priority: 'sqllab' as const, deadlineAt: deadline, signal };
    result = await ctx.admission.run(database, ticket, async () => {
      let last: ExecuteResult | null = null;
      for (let i = 0; i < statements.length; i++) {
        const isLast = i === statements.length - 1;
        const remaining = Math.max(1, deadline - Date.now());
        // Earlier statements' rows are discarded: fetch one at most instead of materialising them.
        const maxRows = isLast ? (row.limit !== null && !row.select_as_cta_used ? row.limit + 1 : undefined) : 1;
        last = await client.execute(statements[i]!, [], { signal, timeoutMs: remaining, maxRows, temporalAs: 'iso', readOnly: runsReadOnly(row, database) });
        if (!isLast && statements.length > 1) {
          await updateQuery(ctx, row.id, { progress: Math.floor(((i + 1) / statements.length) * 100) });
        }
      }
      return last;
    });
  } catch (error) {
    throw await recordFailure(ctx, row, error, signal, timeoutSeconds);
  }

  // Rows past the limit only told us that more existed; drop the extra one.
  const fetched = result?.rows.length ?? 0;
  let limitingFactor: LimitingFactor | null = row.limiting_factor as LimitingFactor | null;
  if (result && row.limit !== null && !row.select_as_cta_used) {
    limitingFactor = finalLimitingFactor({ limit: row.limit, limitingFactor: limitingFactor ?? 'DROPDOWN', sql: '', fetchRows: row.limit + 1 }, fetched);
    if (fetched > row.limit) result.rows.length = row.limit;
  }
  const resultsKey = newResultsKey();
  const endTime = Date.now();
  const finished: QueryRow = {
    ...row,
    status: 'success',
    progress: 100,
    rows: result ? result.rows.length : 0,
    limiting_factor: limitingFactor,
    results_key: resultsKey,
    end_time: endTime,
    end_result_backend_time: endTime,
    changed_on: nowIso(),
  };
  const labels = await queryLabels(ctx, row, database);
  const payload = buildResultsPayload(toQueryDict(finished, labels), row.id, result);
  const body = Buffer.from(JSON.stringify(payload));
  // Store before announcing success, so a client polling updated_since always finds the results.
  await storeResults(ctx, resultsKey, body);
  const updated = await transitionQuery(ctx, row.id, {
    status: 'success',
    progress: 100,
    rows: finished.rows,
    limiting_factor: limitingFactor,
    results_key: resultsKey,
    end_time: endTime,
    end_result_backend_time: endTime,
  });
  if (!updated) throw stoppedError();
  return { body, row: finished };
}

async function queryLabels(ctx: AppContext, row: QueryRow, database: DatabaseRow) {
  const user = row.user_id === null ? undefined : await ctx.store.db.selectFrom('ab_user').select(['first_name', 'last_name', 'username']).where('id', '=', row.user_id).executeTakeFirst();
  return { databaseName: database.database_name, userLabel: user ? `${user.first_name} ${user.last_name}`.trim() || user.username : null };
}

/** Maps an execution error to the row's final state and the error the caller raises. */
async function recordFailure(ctx: AppContext, row: QueryRow, error: unknown, signal: AbortSignal, timeoutSeconds: number): Promise<LumenError> {
  if (signal.aborted) {
    await updateQuery(ctx, row.id, { status: 'stopped', end_time: Date.now(), results_key: null });
    return stoppedError();
  }
  const timedOut = error instanceof EngineError && error.errorType === ErrorType.CONNECTION_DATABASE_TIMEOUT;
  if (timedOut || error instanceof AdmissionTimeoutError) {
    const timeout = new LumenError(408, `The query exceeded the ${timeoutSeconds} seconds timeout.`, ErrorType.SQLLAB_TIMEOUT_ERROR, {
      issue_codes: [{ code: 1026, message: 'Issue 1026 - Query is too complex and takes too long to run.' }, { code: 1027, message: 'Issue 1027 - The database is currently running too many queries.' }],
    });
    await failQuery(ctx, row, timeout, 'timed_out');
    return timeout;
  }
  const failure =
    error instanceof LumenError
      ? error
      : new LumenError(500, `Query failed: ${error instanceof Error ? error.message : String(error)}`, ErrorType.GENERIC_DB_ENGINE_ERROR);
  if (!(error instanceof LumenError)) ctx.logger.error({ err: error, queryId: row.id }, 'SQL Lab query failed unexpectedly');
  await failQuery(ctx, row, failure);
  return failure;
}
