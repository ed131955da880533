import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, ErrorType, forbidden, LumenError } from '../errors';
import { isFeatureEnabled } from '../config';
import { toBool } from '../metadata/connect';
import { decodeQ } from '../resources/query-args';
import { canAccessWholeDatabase, dataAccessOf } from '../security/data-access';
import { GUEST_WITH_SQLLAB_GRANT, loadSqlLabDatabase, readOnlyForGuest, requireSqlLab, requireSqlLabMember } from './access';
import { guestSqlLabDatabaseIds } from '../embedding/guest-sqllab';
import { ASYNC_TIME_LIMIT_SECONDS, createQueryRow, failQuery, type NewQueryInput, runQuery } from './execute';
import { prepareQuery } from './prepare';
import { FINISHED_STATES, loadQueryByClientId, type QueryRow, toQueryDicts } from './query-record';
import { deleteResults, readResults } from './results-store';
import { getSqlLabState } from './state';
import { tabStateDict } from './tab-state-model';

/** Where SQL Lab runs SQL: Lumen's API path and the incumbent's legacy one. */
export const EXECUTE_PATHS = ['/api/v1/sqllab/execute/', '/superset/sql_json/'] as const;

/** POST /api/v1/sqllab/execute/ (and /superset/sql_json/), GET /api/v1/sqllab/results/ and the bootstrap GET /api/v1/sqllab/. */
const optionalString = (value: unknown, field: string): string | null => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw badRequest(`${field}: Not a valid string.`, { [field]: ['Not a valid string.'] });
  return value;
};

const EXECUTE_BODY = {
  type: 'object',
  required: ['database_id', 'sql'],
  properties: {
    client_id: { type: ['string', 'null'], maxLength: 64 },
    database_id: { type: 'integer' },
    json: { type: ['boolean', 'null'] },
    runAsync: { type: ['boolean', 'null'] },
    catalog: { type: ['string', 'null'] },
    schema: { type: ['string', 'null'] },
    sql: { type: 'string' },
    sql_editor_id: {},
    tab: { type: ['string', 'null'] },
    tmp_table_name: { type: ['string', 'null'] },
    select_as_cta: { type: ['boolean', 'null'] },
    ctas_method: { type: ['string', 'null'], enum: ['TABLE', 'VIEW', 'table', 'view', null] },
    templateParams: {},
    queryLimit: { type: ['integer', 'null'] },
    expand_data: { type: ['boolean', 'null'] },
  },
} as const;

type ExecuteBody = {
  client_id?: string | null;
  database_id: number;
  runAsync?: boolean | null;
  catalog?: string | null;
  schema?: string | null;
  sql: string;
  sql_editor_id?: string | number | null;
  tab?: string | null;
  tmp_table_name?: string | null;
  select_as_cta?: boolean | null;
  ctas_method?: string | null;
  templateParams?: string | Record<string, unknown> | null;
  queryLimit?: number | null;
};

export async function registerExecuteRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.lumen;

  const execute = async (request: FastifyRequest<{ Body: ExecuteBody }>, reply: FastifyReply) => {
    const user = requireSqlLab(request);
    const body = request.body;
    const database = await loadSqlLabDatabase(ctx, body.database_id, user);
    const clientId = optionalString(body.client_id, 'client_id');
    if (clientId) {
      const existing = await loadQueryByClientId(ctx, clientId);
      // Guests share the null user id, so an existing client id may be another guest's query: never reused.
      if (existing && (existing.user_id !== user.id || user.guest)) throw badRequest(`A query with client_id ${clientId} already exists.`);
      // A retried submission of a query still in progress answers with that query (the incumbent's behaviour).
      if (existing && !FINISHED_STATES.has(existing.status)) {
        const [query] = await toQueryDicts(ctx, [existing]);
        return reply.status(202).send({ query });
      }
      if (existing) {
        if (existing.results_key) await deleteResults(ctx, existing.results_key);
        await ctx.store.db.deleteFrom('query').where('id', '=', existing.id).execute();
      }
    }
    const input: NewQueryInput = {
      clientId,
      sql: body.sql,
      catalog: optionalString(body.catalog, 'catalog'),
      schema: optionalString(body.schema, 'schema'),
      sqlEditorId: body.sql_editor_id === null || body.sql_editor_id === undefined ? null : String(body.sql_editor_id),
      tab: optionalString(body.tab, 'tab'),
      // A guest's results come back inline: there is no stored result a guest could fetch later.
      runAsync: body.runAsync === true && !user.guest,
      selectAsCta: body.select_as_cta === true,
      ctasMethod: optionalString(body.ctas_method, 'ctas_method')?.toUpperCase() ?? null,
    };
    let prepared;
    try {
      prepared = await prepareQuery(
        {
          sql: body.sql,
          templateParams: body.templateParams,
          queryLimit: body.queryLimit,
          schema: input.schema,
          selectAsCta: input.selectAsCta,
          ctasMethod: input.ctasMethod,
          tmpTableName: optionalString(body.tmp_table_name, 'tmp_table_name'),
        },
        database,
        user,
        ctx.config,
      );
    } catch (error) {
      // Refusals are recorded too, so the query history shows what was refused and why.
      if (error instanceof LumenError) {
        const row = await createQueryRow(ctx, user, database, input, { statements: [body.sql], limit: null, limitingFactor: null, fetchRows: null, ctas: null });
        await failQuery(ctx, row, error);
      }
      throw error;
    }
    const row = await createQueryRow(ctx, user, database, input, prepared);
    const state = getSqlLabState(ctx);
    if (input.runAsync) {
      await state.runner.submit({ type: 'sqllab', queryId: row.id, clientId: row.client_id });
      const [query] = await toQueryDicts(ctx, [row]);
      return reply.status(202).send({ query });
    }
    const controller = new AbortController();
    state.active.set(row.client_id, controller);
    try {
      const outcome = await runQuery(ctx, row.id, controller.signal, ctx.config.sqllabTimeoutSeconds);
      return reply.status(200).type('application/json; charset=utf-8').send(outcome.body);
    } finally {
      state.active.delete(row.client_id);
    }
  };
  // The incumbent's legacy /superset/sql_json/ takes the same body: one handler, so the same guard,
  // permissions, limits and query history.
  for (const path of EXECUTE_PATHS) {
    app.post<{ Body: ExecuteBody }>(path, { schema: { body: EXECUTE_BODY }, config: GUEST_WITH_SQLLAB_GRANT }, execute);
  }

  app.get<{ Querystring: { q?: string } }>('/api/v1/sqllab/results/', async (request, reply) => {
    const user = requireSqlLabMember(request);
    const q = decodeQ(request.query.q);
    if (typeof q !== 'object' || q === null || Array.isArray(q) || typeof q.key !== 'string' || !q.key) {
      throw badRequest("Query parameter 'q' must be a rison object with a key, e.g. (key:'...',rows:100)");
    }
    const rows = q.rows === undefined || q.rows === null ? null : Number(q.rows);
    if (rows !== null && (!Number.isInteger(rows) || rows < 0)) throw badRequest("'rows' must be a non-negative integer");
    const query = await ctx.store.db.selectFrom('query').selectAll().where('results_key', '=', q.key).executeTakeFirst();
    if (!query) {
      throw new LumenError(404, 'The query associated with these results could not be found. You need to re-run the original query.', ErrorType.RESULTS_BACKEND_ERROR);
    }
    if (query.user_id !== user.id && !user.isAdmin) {
      throw forbidden('The query results are visible only to their owner.', ErrorType.QUERY_SECURITY_ACCESS_ERROR);
    }
    const body = await readResults(ctx, q.key);
    if (!body) {
      throw new LumenError(410, 'Data could not be retrieved from the results backend. You need to re-run the original query.', ErrorType.RESULTS_BACKEND_ERROR);
    }
    const payload = rows === null ? body : truncate(body, rows);
    return reply.type('application/json; charset=utf-8').send(payload);
  });

  app.get('/api/v1/sqllab/', { config: GUEST_WITH_SQLLAB_GRANT }, async (request) => {
    const user = requireSqlLab(request);
    const persistence = isFeatureEnabled(ctx.config, 'SqllabBackendPersistence') && !user.guest;
    const tabs = persistence
      ? await ctx.store.db.selectFrom('tab_state').selectAll().where('user_id', '=', user.id ?? -1).orderBy('id').execute()
      : [];
    const active = tabs.find((t) => toBool(t.active)) ?? tabs[0];
    // Only databases the user may run free SQL on: a database-level grant (security/data-access.ts).
    const access = dataAccessOf(user);
    const guestDatabases = user.guest ? guestSqlLabDatabaseIds(user) : [];
    const databases = (await ctx.store.db.selectFrom('dbs').selectAll().where('expose_in_sqllab', '=', 1).orderBy('database_name').execute())
      .filter((d) => (user.guest ? guestDatabases.includes(d.id) : canAccessWholeDatabase(access, d.id)))
      .map((d) => readOnlyForGuest(d, user));
    let queries: Record<string, unknown> = {};
    if (persistence && tabs.length) {
      const rows: QueryRow[] = await ctx.store.db
        .selectFrom('query')
        .selectAll()
        .where('user_id', '=', user.id ?? -1)
        .where('sql_editor_id', 'in', tabs.map((t) => String(t.id)))
        .execute();
      const dicts = await toQueryDicts(ctx, rows);
      queries = Object.fromEntries(dicts.map((d) => [String(d.id), d]));
    }
    return {
      result: {
        active_tab: active ? await tabStateDict(ctx, active) : null,
        tab_state_ids: tabs.map((t) => ({ id: t.id, label: t.label })),
        databases: Object.fromEntries(
          databases.map((d) => [
            d.id,
            {
              id: d.id,
              database_name: d.database_name,
              backend: d.backend,
              allow_multi_catalog: toBool(d.allow_multi_catalog),
              expose_in_sqllab: toBool(d.expose_in_sqllab),
              allow_run_async: toBool(d.allow_run_async),
              allow_dml: toBool(d.allow_dml),
              allow_ctas: toBool(d.allow_ctas),
              allow_cvas: toBool(d.allow_cvas),
              allow_file_upload: toBool(d.allow_file_upload),
              disable_data_preview: toBool(d.disable_data_preview),
              force_ctas_schema: d.force_ctas_schema,
            },
          ]),
        ),
        queries,
        common: {
          conf: {
            DEFAULT_SQLLAB_LIMIT: ctx.config.sqllabDefaultLimit,
            SQL_MAX_ROW: ctx.config.sqllabMaxLimit,
            SQLLAB_TIMEOUT: ctx.config.sqllabTimeoutSeconds,
            SQLLAB_ASYNC_TIME_LIMIT_SEC: ASYNC_TIME_LIMIT_SECONDS,
            SQLLAB_SAVE_WARNING_MESSAGE: null,
            DEFAULT_DB_ID: databases[0]?.id ?? null,
          },
          feature_flags: { SQLLAB_BACKEND_PERSISTENCE: persistence },
        },
      },
    };
  });
}

/** A stored payload cut to its first `rows` records (the client asks for fewer rows than stored). */
function truncate(body: Buffer, rows: number): Buffer {
  const payload = JSON.parse(body.toString('utf8')) as { data?: unknown[] };
  if (!Array.isArray(payload.data) || payload.data.length <= rows) return body;
  payload.data = payload.data.slice(0, rows);
  return Buffer.from(JSON.stringify(payload));
}
