import type { Selectable, Updateable } from 'kysely';
import type { AppContext } from '../context';
import { nowIso, toBool } from '../metadata/connect';
import type { QueryTable } from '../metadata/schema';

export type QueryRow = Selectable<QueryTable>;

/**
 * The `query` row of a SQL Lab execution and its API shapes. A query moves through
 * pending|running -> fetching -> success|failed|stopped|timed_out (spec 3 §4); every change stamps
 * changed_on so /api/v1/query/updated_since can poll it.
 */
export const QUERY_STATES = ['started', 'pending', 'running', 'fetching', 'scheduled', 'stopped', 'failed', 'success', 'timed_out'] as const;
export type QueryState = (typeof QUERY_STATES)[number];
export const FINISHED_STATES: ReadonlySet<string> = new Set(['stopped', 'failed', 'success', 'timed_out']);

/** Who ran the query and on which database, for the to_dict labels. */
export interface QueryLabels {
  databaseName: string | null;
  userLabel: string | null;
}

const parseJson = (text: string | null): Record<string, unknown> => {
  if (!text) return {};
  try {
    const value = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
};

/**
 * The incumbent's Query.to_dict(): what SQL Lab's client keeps per query (spec 3 §3 Query).
 *
 * @example
 * toQueryDict(row, { databaseName: 'examples', userLabel: 'Ada Admin' }).state; // 'success'
 */
export function toQueryDict(row: QueryRow, labels: QueryLabels): Record<string, unknown> {
  const extra = parseJson(row.extra_json);
  return {
    changed_on: row.changed_on,
    dbId: row.database_id,
    db: labels.databaseName,
    endDttm: row.end_time,
    errorMessage: row.error_message,
    executedSql: row.executed_sql,
    id: row.client_id,
    queryId: row.id,
    limit: row.limit,
    limitingFactor: row.limiting_factor,
    progress: row.progress,
    rows: row.rows,
    schema: row.schema,
    catalog: row.catalog,
    ctas: toBool(row.select_as_cta),
    serverId: row.id,
    sql: row.sql,
    sqlEditorId: row.sql_editor_id,
    startDttm: row.start_time,
    state: row.status.toLowerCase(),
    tab: row.tab_name,
    tempSchema: row.tmp_schema_name,
    tempTable: row.tmp_table_name,
    userId: row.user_id,
    user: labels.userLabel,
    resultsKey: row.results_key,
    trackingUrl: row.tracking_url,
    extra,
    ...(Array.isArray(extra.errors) ? { errors: extra.errors } : {}),
  };
}

/** to_dict for many rows with one lookup of database names and user labels. */
export async function toQueryDicts(ctx: AppContext, rows: QueryRow[]): Promise<Record<string, unknown>[]> {
  const dbIds = [...new Set(rows.map((r) => r.database_id))];
  const userIds = [...new Set(rows.map((r) => r.user_id).filter((id): id is number => id !== null))];
  const [dbs, users] = await Promise.all([
    dbIds.length ? ctx.store.db.selectFrom('dbs').select(['id', 'database_name']).where('id', 'in', dbIds).execute() : [],
    userIds.length ? ctx.store.db.selectFrom('ab_user').select(['id', 'first_name', 'last_name', 'username']).where('id', 'in', userIds).execute() : [],
  ]);
  const dbNames = new Map(dbs.map((d) => [d.id, d.database_name]));
  const userLabels = new Map(users.map((u) => [u.id, `${u.first_name} ${u.last_name}`.trim() || u.username]));
  return rows.map((row) =>
    toQueryDict(row, { databaseName: dbNames.get(row.database_id) ?? null, userLabel: row.user_id === null ? null : (userLabels.get(row.user_id) ?? null) }),
  );
}

export async function loadQueryByClientId(ctx: AppContext, clientId: string): Promise<QueryRow | undefined> {
  return ctx.store.db.selectFrom('query').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}

export async function loadQueryById(ctx: AppContext, id: number): Promise<QueryRow | undefined> {
  return ctx.store.db.selectFrom('query').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Updates a query row and stamps changed_on. */
export async function updateQuery(ctx: AppContext, id: number, values: Updateable<QueryTable>): Promise<void> {
  await ctx.store.db.updateTable('query').set({ ...values, changed_on: nowIso() }).where('id', '=', id).execute();
}

/**
 * Moves a query to a new state unless it was stopped meanwhile (a stop wins over a late result, spec 3 §4).
 * Returns false when the row was already stopped.
 */
export async function transitionQuery(ctx: AppContext, id: number, values: Updateable<QueryTable>): Promise<boolean> {
  const result = await ctx.store.db
    .updateTable('query')
    .set({ ...values, changed_on: nowIso() })
    .where('id', '=', id)
    .where('status', '!=', 'stopped')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const mergeExtra = (row: Pick<QueryRow, 'extra_json'>, patch: Record<string, unknown>): string =>
  JSON.stringify({ ...parseJson(row.extra_json), ...patch });
