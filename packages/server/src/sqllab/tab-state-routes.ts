import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Updateable } from 'kysely';
import { isFeatureEnabled } from '../config';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../errors';
import { fromBool, nowIso } from '../metadata/connect';
import type { TabStateTable } from '../metadata/schema';
import type { CurrentUser } from '../security/current-user';
import { requireSqlLabMember } from './access';
import { readFormOrJson } from './form-body';
import { tabStateDict } from './tab-state-model';

/**
 * Backend persistence of SQL Lab tabs and their table schemas (spec 3 §7, the incumbent's /tabstateview/
 * and /tableschemaview/ endpoints), behind the SqllabBackendPersistence flag. Every record belongs to one
 * user: another user's tab or table answers 404 exactly like a missing one, so ids reveal nothing; the
 * client drops its local record on a 404 (spec 3 §4).
 */
type IdParams = { id: string };

const tabNotFound = () => notFound('Tab state not found.');

function parseId(raw: string, notFoundError: () => Error): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw notFoundError();
  return id;
}

const str = (value: unknown): string | null => (value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value));
const intOrNull = (value: unknown, field: string): number | null => {
  if (value === undefined || value === null || value === '') return null;
  const n = Number(value);
  if (!Number.isInteger(n)) throw badRequest(`${field}: Not a valid integer.`, { [field]: ['Not a valid integer.'] });
  return n;
};
const jsonText = (value: unknown): string | null => (value === undefined || value === null ? null : typeof value === 'string' ? value : JSON.stringify(value));

/** PUT fields and how each is stored; undefined values are omitted by the client and ignored here. */
const PUT_FIELDS: Record<string, (value: unknown) => Updateable<TabStateTable>> = {
  database_id: (v) => ({ database_id: intOrNull(v, 'database_id') }),
  catalog: (v) => ({ catalog: str(v) }),
  schema: (v) => ({ schema: str(v) }),
  sql: (v) => ({ sql: str(v) }),
  label: (v) => ({ label: str(v) ?? 'Untitled Query' }),
  query_limit: (v) => ({ query_limit: intOrNull(v, 'query_limit') }),
  latest_query_id: (v) => ({ latest_query_id: str(v) }),
  template_params: (v) => ({ template_params: jsonText(v) }),
  hide_left_bar: (v) => ({ hide_left_bar: fromBool(v) }),
  autorun: (v) => ({ autorun: fromBool(v) }),
  extra_json: (v) => ({ extra_json: jsonText(v) }),
  saved_query_id: (v) => ({ saved_query_id: intOrNull(v, 'saved_query_id') }),
};

export async function registerTabStateRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.lumen;

  /** The user, when persistence is on; a 404 naming the flag otherwise. */
  const begin = (request: FastifyRequest): CurrentUser => {
    if (!isFeatureEnabled(ctx.config, 'SqllabBackendPersistence')) {
      throw notFound('SQL Lab backend persistence is disabled (feature flag SqllabBackendPersistence).');
    }
    return requireSqlLabMember(request);
  };

  app.post('/tabstateview/', async (request) => {
    const user = begin(request);
    const body = await readFormOrJson(request);
    let editor: unknown = body.queryEditor ?? body;
    if (typeof editor === 'string') {
      try {
        editor = JSON.parse(editor);
      } catch {
        throw badRequest('queryEditor: Not valid JSON.', { queryEditor: ['Not valid JSON.'] });
      }
    }
    if (typeof editor !== 'object' || editor === null || Array.isArray(editor)) throw badRequest('queryEditor: Must be an object.');
    const e = editor as Record<string, unknown>;
    const now = nowIso();
    const row = await ctx.store.db.transaction().execute(async (trx) => {
      await trx.updateTable('tab_state').set({ active: 0 }).where('user_id', '=', user.id!).execute();
      return trx
        .insertInto('tab_state')
        .values({
          user_id: user.id!,
          label: str(e.name) || str(e.title) || 'Untitled Query',
          active: 1,
          database_id: intOrNull(e.dbId, 'dbId'),
          catalog: str(e.catalog),
          schema: str(e.schema),
          sql: typeof e.sql === 'string' ? e.sql : 'SELECT ...',
          query_limit: intOrNull(e.queryLimit, 'queryLimit'),
          latest_query_id: str(e.latestQueryId),
          autorun: fromBool(e.autorun),
          template_params: jsonText(e.templateParams),
          hide_left_bar: fromBool(e.hideLeftBar),
          saved_query_id: intOrNull(e.remoteId, 'remoteId'),
          extra_json: JSON.stringify({ version: e.version ?? null, updatedAt: e.updatedAt ?? null }),
          created_on: now,
          changed_on: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
    return { id: row.id };
  });

  app.get<{ Params: IdParams }>('/tabstateview/:id', async (request) => {
    const user = begin(request);
    const tab = await ownTab(ctx, user, request.params.id);
    return tabStateDict(ctx, tab);
  });

  app.put<{ Params: IdParams }>('/tabstateview/:id', async (request) => {
    const user = begin(request);
    const tab = await ownTab(ctx, user, request.params.id);
    const fields = await readFormOrJson(request);
    let values: Updateable<TabStateTable> = {};
    for (const [name, value] of Object.entries(fields)) {
      const map = PUT_FIELDS[name];
      if (!map || value === undefined) continue;
      values = { ...values, ...map(value) };
    }
    if (typeof values.latest_query_id === 'string') {
      const query = await ctx.store.db.selectFrom('query').select(['id', 'user_id']).where('client_id', '=', values.latest_query_id).executeTakeFirst();
      if (!query || query.user_id !== user.id) throw badRequest(`latest_query_id: no query with client id ${values.latest_query_id}.`);
    }
    await ctx.store.db.updateTable('tab_state').set({ ...values, changed_on: nowIso() }).where('id', '=', tab.id).execute();
    return tab.id;
  });

  app.post<{ Params: IdParams }>('/tabstateview/:id/activate', async (request) => {
    const user = begin(request);
    const tab = await ownTab(ctx, user, request.params.id);
    await ctx.store.db.transaction().execute(async (trx) => {
      await trx.updateTable('tab_state').set({ active: 0 }).where('user_id', '=', user.id!).where('id', '!=', tab.id).execute();
      await trx.updateTable('tab_state').set({ active: 1, changed_on: nowIso() }).where('id', '=', tab.id).execute();
    });
    return tab.id;
  });

  app.delete<{ Params: IdParams }>('/tabstateview/:id', async (request, reply) => {
    const user = begin(request);
    const tab = await ownTab(ctx, user, request.params.id);
    await ctx.store.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('query').where('sql_editor_id', '=', String(tab.id)).where('user_id', '=', user.id!).execute();
      await trx.deleteFrom('table_schema').where('tab_state_id', '=', tab.id).execute();
      await trx.deleteFrom('tab_state').where('id', '=', tab.id).execute();
    });
    return reply.type('application/json; charset=utf-8').send(JSON.stringify('OK'));
  });

  app.delete<{ Params: { id: string; clientId: string } }>('/tabstateview/:id/query/:clientId', async (request, reply) => {
    const user = begin(request);
    const tab = await ownTab(ctx, user, request.params.id);
    const clientId = request.params.clientId;
    // A tab whose latest query is removed falls back to its previous query.
    if (tab.latest_query_id === clientId) {
      const previous = await ctx.store.db
        .selectFrom('query')
        .select('client_id')
        .where('client_id', '!=', clientId)
        .where('user_id', '=', user.id!)
        .where('sql_editor_id', '=', String(tab.id))
        .orderBy('id', 'desc')
        .executeTakeFirst();
      await ctx.store.db.updateTable('tab_state').set({ latest_query_id: previous?.client_id ?? null }).where('id', '=', tab.id).execute();
    }
    await ctx.store.db.deleteFrom('query').where('client_id', '=', clientId).where('user_id', '=', user.id!).where('sql_editor_id', '=', String(tab.id)).execute();
    return reply.type('application/json; charset=utf-8').send(JSON.stringify('OK'));
  });

  app.post<{ Params: IdParams }>('/tabstateview/:id/migrate_query', async (request) => {
    const user = begin(request);
    const tab = await ownTab(ctx, user, request.params.id);
    const body = await readFormOrJson(request);
    const clientId = str(body.queryId);
    if (!clientId) throw badRequest('queryId: Missing data for required field.', { queryId: ['Missing data for required field.'] });
    await ctx.store.db.updateTable('query').set({ sql_editor_id: String(tab.id) }).where('client_id', '=', clientId).where('user_id', '=', user.id!).execute();
    return tab.id;
  });

  app.post('/tableschemaview/', async (request) => {
    const user = begin(request);
    const body = await readFormOrJson(request);
    let table: unknown = body.table ?? body;
    if (typeof table === 'string') {
      try {
        table = JSON.parse(table);
      } catch {
        throw badRequest('table: Not valid JSON.', { table: ['Not valid JSON.'] });
      }
    }
    if (typeof table !== 'object' || table === null || Array.isArray(table)) throw badRequest('table: Must be an object.');
    const t = table as Record<string, unknown>;
    const tab = await ownTab(ctx, user, String(t.queryEditorId ?? t.tab_state_id ?? ''));
    const databaseId = intOrNull(t.dbId ?? t.database_id, 'dbId');
    const name = str(t.name ?? t.table);
    if (databaseId === null) throw badRequest('dbId: Missing data for required field.', { dbId: ['Missing data for required field.'] });
    if (!name) throw badRequest('name: Missing data for required field.', { name: ['Missing data for required field.'] });
    const catalog = str(t.catalog);
    const schema = str(t.schema);
    const now = nowIso();
    const row = await ctx.store.db.transaction().execute(async (trx) => {
      // One record per table and tab: adding a table again replaces it.
      let existing = trx.deleteFrom('table_schema').where('tab_state_id', '=', tab.id).where('database_id', '=', databaseId).where('table', '=', name);
      existing = catalog === null ? existing.where('catalog', 'is', null) : existing.where('catalog', '=', catalog);
      existing = schema === null ? existing.where('schema', 'is', null) : existing.where('schema', '=', schema);
      await existing.execute();
      return trx
        .insertInto('table_schema')
        .values({ tab_state_id: tab.id, database_id: databaseId, catalog, schema, table: name, description: JSON.stringify(t), expanded: t.expanded === false ? 0 : 1, created_on: now, changed_on: now })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
    return { id: row.id };
  });

  app.post<{ Params: IdParams }>('/tableschemaview/:id/expanded', async (request) => {
    const user = begin(request);
    const table = await ownTable(ctx, user, request.params.id);
    const body = await readFormOrJson(request);
    if (typeof body.expanded !== 'boolean') throw badRequest('expanded: Not a valid boolean.', { expanded: ['Not a valid boolean.'] });
    await ctx.store.db.updateTable('table_schema').set({ expanded: fromBool(body.expanded), changed_on: nowIso() }).where('id', '=', table.id).execute();
    return { id: table.id, expanded: body.expanded };
  });

  app.delete<{ Params: IdParams }>('/tableschemaview/:id', async (request, reply) => {
    const user = begin(request);
    const table = await ownTable(ctx, user, request.params.id);
    await ctx.store.db.deleteFrom('table_schema').where('id', '=', table.id).execute();
    return reply.type('application/json; charset=utf-8').send(JSON.stringify('OK'));
  });
}

async function ownTab(ctx: AppContext, user: CurrentUser, rawId: string) {
  const id = parseId(rawId, tabNotFound);
  const tab = await ctx.store.db.selectFrom('tab_state').selectAll().where('id', '=', id).where('user_id', '=', user.id ?? -1).executeTakeFirst();
  if (!tab) throw tabNotFound();
  return tab;
}

async function ownTable(ctx: AppContext, user: CurrentUser, rawId: string) {
  const missing = () => notFound('Table schema not found.');
  const id = parseId(rawId, missing);
  const row = await ctx.store.db
    .selectFrom('table_schema as ts')
    .innerJoin('tab_state as tab', 'tab.id', 'ts.tab_state_id')
    .select(['ts.id'])
    .where('ts.id', '=', id)
    .where('tab.user_id', '=', user.id ?? -1)
    .executeTakeFirst();
  if (!row) throw missing();
  return row;
}
