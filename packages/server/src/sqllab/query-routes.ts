import type { FastifyInstance } from 'fastify';
import { type ExpressionBuilder, sql } from 'kysely';
import { badRequest, ErrorType, forbidden, LumenError, notFound } from '../errors';
import type { MetadataSchema } from '../metadata/schema';
import { decodeQ, parseListArgs } from '../resources/query-args';
import type { CurrentUser } from '../security/current-user';
import { requireUser } from '../security/guards';
import { hasPermission } from '../security/current-user';
import { loadQueryByClientId, loadQueryById, type QueryRow, toQueryDicts, updateQuery } from './query-record';
import { deleteResults } from './results-store';
import { cancelEverywhere } from './state';
import { dottedKeys, fabListEnvelope, fabShowEnvelope } from '../http/fab-envelope';

/**
 * /api/v1/query/: the query history (own queries; admins see everyone's), one query, polling of state
 * changes (updated_since) and stop. Stop cancels the statement on the engine (the running client's abort
 * signal -> DuckDB interrupt / pg_cancel_backend / KILL QUERY) in whichever process runs it (Redis
 * broadcast, stop-broadcast.ts) and records the query as stopped.
 */
type Eb = ExpressionBuilder<MetadataSchema & { q: MetadataSchema['query'] }, 'q'>;

const requireQueryRead = (request: Parameters<typeof requireUser>[0]): CurrentUser => {
  const user = requireUser(request);
  if (user.guest || !(hasPermission(user, 'can_read', 'Query') || hasPermission(user, 'can_sqllab', 'Superset'))) {
    throw forbidden('You do not have the permission can_read on Query', ErrorType.QUERY_SECURITY_ACCESS_ERROR);
  }
  return user;
};

const ORDER_COLUMNS: Record<string, string> = {
  changed_on: 'q.changed_on',
  start_time: 'q.start_time',
  end_time: 'q.end_time',
  rows: 'q.rows',
  schema: 'q.schema',
  sql: 'q.sql',
  status: 'q.status',
  tab_name: 'q.tab_name',
  id: 'q.id',
  'database.database_name': 'd.database_name',
  'user.first_name': 'u.first_name',
};

function filterExpression(eb: Eb, col: string, opr: string, value: unknown) {
  const text = typeof value === 'string' ? value : String(value);
  switch (`${col}:${opr}`) {
    case 'status:eq':
      return eb('q.status', '=', text);
    case 'status:neq':
      return eb('q.status', '!=', text);
    case 'database:rel_o_m':
    case 'database:eq':
    case 'database_id:eq':
      return eb('q.database_id', '=', Number(value));
    case 'user:rel_o_m':
    case 'user:eq':
    case 'user_id:eq':
      return eb('q.user_id', '=', Number(value));
    case 'sql:ct':
      return eb(sql`lower(q.sql)`, 'like', `%${text.toLowerCase()}%`);
    case 'start_time:gt':
      return eb('q.start_time', '>', Number(value));
    case 'start_time:lt':
      return eb('q.start_time', '<', Number(value));
    case 'changed_on:gt':
      return eb('q.changed_on', '>', text);
    case 'changed_on:lt':
      return eb('q.changed_on', '<', text);
    case 'sql_editor_id:eq':
      return eb('q.sql_editor_id', '=', text);
    default:
      throw badRequest(`Filter not allowed: ${col} ${opr}`);
  }
}

function listItem(row: QueryRow & { database_name: string | null; first_name: string | null; last_name: string | null }) {
  return {
    id: row.id,
    changed_on: row.changed_on,
    database: { database_name: row.database_name },
    end_time: row.end_time,
    executed_sql: row.executed_sql,
    rows: row.rows,
    schema: row.schema,
    catalog: row.catalog,
    sql: row.sql,
    sql_tables: [],
    start_time: row.start_time,
    status: row.status,
    tab_name: row.tab_name,
    tmp_table_name: row.tmp_table_name,
    tracking_url: row.tracking_url,
    user: { id: row.user_id, first_name: row.first_name, last_name: row.last_name },
  };
}

function showItem(row: QueryRow) {
  return {
    id: row.id,
    changed_on: row.changed_on,
    client_id: row.client_id,
    database: { id: row.database_id },
    catalog: row.catalog,
    schema: row.schema,
    sql: row.sql,
    select_sql: row.select_sql,
    executed_sql: row.executed_sql,
    limit: row.limit,
    progress: row.progress,
    results_key: row.results_key,
    rows: row.rows,
    select_as_cta: row.select_as_cta === 1,
    select_as_cta_used: row.select_as_cta_used === 1,
    sql_editor_id: row.sql_editor_id,
    start_time: row.start_time,
    start_running_time: row.start_running_time,
    end_time: row.end_time,
    end_result_backend_time: row.end_result_backend_time,
    status: row.status,
    tab_name: row.tab_name,
    tmp_schema_name: row.tmp_schema_name,
    tmp_table_name: row.tmp_table_name,
    tracking_url: row.tracking_url,
    error_message: row.error_message,
  };
}

/** The columns of a list item and of an item, read off the serialisers (an empty row gives every key). */
const LIST_COLUMNS = dottedKeys(listItem({} as never));
const SHOW_COLUMNS = dottedKeys(showItem({} as never));

export async function registerQueryRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.lumen;

  app.post<{ Body: { client_id?: unknown } }>('/api/v1/query/stop', async (request) => {
    const user = requireUser(request);
    const clientId = request.body?.client_id;
    if (typeof clientId !== 'string' || !clientId) throw badRequest('client_id: Missing data for required field.', { client_id: ['Missing data for required field.'] });
    const query = await loadQueryByClientId(ctx, clientId);
    if (!query) throw notFound('Query not found.');
    if (query.user_id !== user.id && !user.isAdmin) throw forbidden('You can stop only your own queries.', ErrorType.QUERY_SECURITY_ACCESS_ERROR);
    if (query.status === 'success' || query.status === 'failed' || query.status === 'timed_out') return { result: 'OK' };
    // Mark first: a result arriving between now and the engine noticing the cancel is then discarded.
    await updateQuery(ctx, query.id, { status: 'stopped', end_time: Date.now(), results_key: null });
    if (query.results_key) await deleteResults(ctx, query.results_key);
    await cancelEverywhere(ctx, clientId);
    return { result: 'OK' };
  });

  app.get<{ Querystring: { q?: string } }>('/api/v1/query/', async (request) => {
    const user = requireQueryRead(request);
    const args = parseListArgs(request.query.q);
    const pageSize = Math.min(args.pageSize ?? 25, 100);
    let base = ctx.store.db
      .selectFrom('query as q')
      .leftJoin('dbs as d', 'd.id', 'q.database_id')
      .leftJoin('ab_user as u', 'u.id', 'q.user_id');
    if (!user.isAdmin) base = base.where('q.user_id', '=', user.id ?? -1);
    for (const filter of args.filters) base = base.where((eb) => filterExpression(eb as unknown as Eb, filter.col, filter.opr, filter.value));
    const orderColumn = args.orderColumn ?? 'changed_on';
    const orderRef = ORDER_COLUMNS[orderColumn];
    if (!orderRef) throw badRequest(`Order column not allowed: ${orderColumn}`);
    const direction = args.orderColumn ? args.orderDirection : 'desc';
    const [rows, count] = await Promise.all([
      base
        .selectAll('q')
        .select(['d.database_name', 'u.first_name', 'u.last_name'])
        .orderBy(sql.ref(orderRef), direction)
        .orderBy('q.id', direction)
        .limit(pageSize)
        .offset(args.page * pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      count: Number(count.n),
      ids: rows.map((r) => r.id),
      result: rows.map((r) => listItem(r as never)),
      ...fabListEnvelope(LIST_COLUMNS, Object.keys(ORDER_COLUMNS), 'List Query'),
    };
  });

  app.get<{ Querystring: { q?: string } }>('/api/v1/query/updated_since', async (request) => {
    const user = requireQueryRead(request);
    const q = decodeQ(request.query.q);
    const last = typeof q === 'object' && q !== null && !Array.isArray(q) ? Number(q.last_updated_ms) : NaN;
    if (!Number.isFinite(last)) throw badRequest("Query parameter 'q' must be (last_updated_ms:<epoch ms>)");
    const since = new Date(last).toISOString();
    const rows = await ctx.store.db
      .selectFrom('query')
      .selectAll()
      .where('user_id', '=', user.id ?? -1)
      .where('changed_on', '>=', since)
      .orderBy('changed_on')
      .execute();
    return { result: await toQueryDicts(ctx, rows) };
  });

  app.get<{ Params: { pk: string } }>('/api/v1/query/:pk', async (request) => {
    const user = requireQueryRead(request);
    const id = Number(request.params.pk);
    const row = Number.isInteger(id) && id > 0 ? await loadQueryById(ctx, id) : undefined;
    if (!row || (row.user_id !== user.id && !user.isAdmin)) throw new LumenError(404, 'Not found', ErrorType.OBJECT_DOES_NOT_EXIST_ERROR);
    return { id: row.id, result: showItem(row), ...fabShowEnvelope(SHOW_COLUMNS, 'Show Query') };
  });
}
