import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../errors';
import type { CurrentUser } from '../security/current-user';
import { BUILTIN_ROLES } from '../security/roles';
import { ensureCanEdit, requirePerm, requireUserOf } from './access';
import { registerAnnotationRoutes } from './annotation-routes';
import { registerDashboardRoutes } from './dashboard-routes';
import type { AnyDb, Json, RequestScope, ResourceDefinition, Row } from './definition';
import { addFavorite, favoriteStatus, removeFavorite } from './favorites';
import { validateInput } from './fields';
import { createItem, transact as transactIn } from './create-item';
import { fieldsInfo } from './field-info';
import { filtersInfo } from './filter-names';
import { replyWithCachedList } from './cached-list-reply';
import { checkColumns, project, runList, selectableColumns } from './list';
import { ListAnswerCache } from './list-answer-cache';
import { listCacheKey } from './list-cache-key';
import { loadVisibleRow } from './load';
import { showEnvelope } from './show-envelope';
import { parseIdList, parseInfoArgs, parseListArgs, parseRelatedArgs, parseShowArgs } from './query-args';
import { RESOURCE_DEFINITIONS, TAGGABLE } from './registry';
import { runDistinct, runRelated } from './related';
import { ensureTags, type ObjectRef, parseBulkBody, parseObjectsToTag, tagObjects } from './tags';

/** What a guest-token viewer gets of GET /api/v1/chart/{id} (what rendering the chart needs). */
const GUEST_CHART_COLUMNS = new Set(['id', 'slice_name', 'viz_type', 'params', 'query_context', 'datasource_id', 'datasource_type', 'description', 'cache_timeout', 'url']);

type Q = { Querystring: { q?: string } & Record<string, string> };
type P = { Params: { pk: string } } & Q;
type C = { Params: { column: string } } & Q;

const QUERY_SCHEMA = { type: 'object', properties: { q: { type: 'string' } } } as const;
const PK_SCHEMA = { type: 'object', required: ['pk'], properties: { pk: { type: 'string', minLength: 1 } } } as const;
const COLUMN_SCHEMA = { type: 'object', required: ['column'], properties: { column: { type: 'string', minLength: 1 } } } as const;

/** Permission names a view grants; admins hold all of them. */
const VIEW_PERMISSIONS = ['can_read', 'can_write', 'can_export', 'can_tag'];

/** The built-in Admin role's pairs: what an admin holds on a view (Annotation has no can_export, as in the incumbent). */
const ADMIN_PAIRS = new Set(BUILTIN_ROLES.Admin!.map(([permission, view]) => `${permission}|${view}`));

function permissionsOn(user: CurrentUser, view: string): string[] {
  if (user.isAdmin) return VIEW_PERMISSIONS.filter((p) => ADMIN_PAIRS.has(`${p}|${view}`));
  const out: string[] = [];
  for (const pair of user.permissions) {
    const [permission, on] = pair.split('|');
    if (on === view) out.push(permission);
  }
  return out.sort();
}

const capitalise = (s: string) => s[0].toUpperCase() + s.slice(1);

/**
 * One router for every resource definition (DESIGN.md "Generic resource layer"): list, get, post, put,
 * delete, bulk delete, _info, related, distinct and favourites under /api/v1/{resource}/, plus tag bulk
 * creation, the dashboard sub-resources and a layer's annotations. Registered after the security plugin, whose hooks set
 * `request.user`.
 */
export async function registerResourceRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.lumen;
  const db = ctx.store.db as unknown as AnyDb;
  const scopeOf = (user: CurrentUser): RequestScope => ({ ctx, user, db });

  const { listCacheBytes, listCacheSeconds } = ctx.config;
  const listCache = listCacheBytes > 0 && listCacheSeconds > 0 ? new ListAnswerCache(listCacheBytes, listCacheSeconds * 1000) : null;

  const transact = <T>(def: ResourceDefinition, work: Parameters<ReturnType<AnyDb['transaction']>['execute']>[0]) => transactIn<T>(db, def, work);

  for (const def of RESOURCE_DEFINITIONS) {
    const base = `/api/v1/${def.name}`;
    const readUser = (request: FastifyRequest) => requirePerm(request, 'can_read', def.view);

    app.get<Q>(`${base}/`, { schema: { querystring: QUERY_SCHEMA } }, async (request, reply) => {
      const user = readUser(request);
      const { q } = request.query;
      const compute = () => runList(def, parseListArgs(q), scopeOf(user));
      // Guests are never cached: what a guest token may see is not part of the key.
      if (!listCache || user.guest) return compute();
      return replyWithCachedList({ ctx, cache: listCache, request, reply, key: listCacheKey(def.name, q, user), compute });
    });

    app.get<Q>(`${base}/_info`, { schema: { querystring: QUERY_SCHEMA } }, async (request) => {
      const user = readUser(request);
      const keys = parseInfoArgs(request.query.q);
      const out: Json = {};
      if (keys.includes('permissions')) out.permissions = permissionsOn(user, def.view);
      if (keys.includes('add_columns')) out.add_columns = fieldsInfo(def.createFields, def.labels) as unknown as Json;
      if (keys.includes('edit_columns')) out.edit_columns = fieldsInfo(def.updateFields, def.labels) as unknown as Json;
      if (keys.includes('add_title')) out.add_title = `Add ${capitalise(def.thing)}`;
      if (keys.includes('edit_title')) out.edit_title = `Edit ${capitalise(def.thing)}`;
      if (keys.includes('filters')) out.filters = filtersInfo(def.filters);
      return out;
    });

    app.get<C>(`${base}/related/:column`, { schema: { params: COLUMN_SCHEMA, querystring: QUERY_SCHEMA } }, async (request) => {
      const user = readUser(request);
      return runRelated(def, request.params.column, parseRelatedArgs(request.query.q), scopeOf(user));
    });

    app.get<C>(`${base}/distinct/:column`, { schema: { params: COLUMN_SCHEMA, querystring: QUERY_SCHEMA } }, async (request) => {
      const user = readUser(request);
      return runDistinct(def, request.params.column, parseRelatedArgs(request.query.q), scopeOf(user));
    });

    if (def.favoriteClass) {
      const className = def.favoriteClass;
      app.get<Q>(`${base}/favorite_status/`, { schema: { querystring: QUERY_SCHEMA } }, async (request) => {
        const user = readUser(request);
        return { result: await favoriteStatus(db, className, user.id, parseIdList(request.query.q)) };
      });
      const favorite = (add: boolean) => async (request: FastifyRequest<P>) => {
        const user = readUser(request);
        if (user.id === null) throw badRequest('Guests cannot keep favourites');
        const row = await loadVisibleRow(def, request.params.pk, scopeOf(user));
        await (add ? addFavorite : removeFavorite)(db, className, user.id, row.id as number);
        return { result: 'OK' };
      };
      app.post<P>(`${base}/:pk/favorites/`, { schema: { params: PK_SCHEMA } }, favorite(true));
      app.delete<P>(`${base}/:pk/favorites/`, { schema: { params: PK_SCHEMA } }, favorite(false));
    }

    app.get<P>(
      `${base}/:pk`,
      { schema: { params: PK_SCHEMA, querystring: QUERY_SCHEMA }, config: { allowGuest: def.name === 'dashboard' || def.name === 'chart' } },
      async (request) => {
        const user = requireUserOf(request);
        if (!user.guest) readUser(request);
        const { columns } = parseShowArgs(request.query.q);
        if (columns) checkColumns(columns, selectableColumns(def), 'Column');
        const scope = scopeOf(user);
        const row = await loadVisibleRow(def, request.params.pk, scope);
        const item = await def.serializeShow(row, scope);
        let shown = columns?.length ? columns : def.showColumns;
        // A guest reads a chart to render it: not its owners, tags or the other dashboards it is on.
        if (user.guest && def.name === 'chart') shown = shown.filter((column) => GUEST_CHART_COLUMNS.has(column));
        return { id: row.id, result: project(item, shown), ...showEnvelope(def, shown) };
      },
    );

    app.post<Q>(`${base}/`, async (request, reply) => reply.status(201).send(await createItem(request, def, request.body)));

    // Changing a row needs can_write and ownership; either missing answers 'You do not have permission to edit this {thing}'.
    app.put<P>(`${base}/:pk`, { schema: { params: PK_SCHEMA } }, async (request) => {
      const user = readUser(request);
      const scope = scopeOf(user);
      const row = await loadVisibleRow(def, request.params.pk, scope);
      await ensureCanEdit(db, def, row, user);
      const input = validateInput(def.updateFields, request.body, 'update');
      await transact(def, async (trx) => {
        await def.update(trx, row, input, scope, request.query);
        if (def.name === 'tag' && input.objects_to_tag) await tagObjects(trx, [row.id as number], parseObjectsToTag(input.objects_to_tag), TAGGABLE, scope);
      });
      const extra = def.writeResponse ? await def.writeResponse(row.id as number, scope) : {};
      return { id: row.id, result: def.echo ? def.echo(input) : input, ...extra };
    });

    const remove = async (user: CurrentUser, rows: Row[]) => {
      const scope = scopeOf(user);
      for (const row of rows) await ensureCanEdit(db, def, row, user);
      const ids = rows.map((r) => r.id as number);
      await transact(def, async (trx) => {
        if (def.beforeDelete) await def.beforeDelete(trx, ids, scope);
        await trx.deleteFrom(def.table).where('id', 'in', ids).execute();
      });
    };

    app.delete<P>(`${base}/:pk`, { schema: { params: PK_SCHEMA } }, async (request) => {
      const user = readUser(request);
      const row = await loadVisibleRow(def, request.params.pk, scopeOf(user));
      await remove(user, [row]);
      return { message: 'OK' };
    });

    app.delete<Q>(`${base}/`, { schema: { querystring: QUERY_SCHEMA } }, async (request) => {
      const user = readUser(request);
      const ids = parseIdList(request.query.q);
      const scope = scopeOf(user);
      const rows: Row[] = [];
      for (const id of ids) {
        try {
          rows.push(await loadVisibleRow(def, String(id), scope));
        } catch (error) {
          if ((error as { statusCode?: number }).statusCode === 404) throw notFound(`Not found: ${def.thing} ${id}`);
          throw error;
        }
      }
      await remove(user, rows);
      const n = rows.length;
      return { message: `Deleted ${n} ${n === 1 ? def.thing : def.plural}` };
    });
  }

  app.post('/api/v1/tag/bulk_create', async (request) => {
    const user = requirePerm(request, 'can_write', 'Tag');
    const entries = parseBulkBody(request.body);
    const scope = scopeOf(user);
    const tagged = new Map<string, ObjectRef>();
    const skipped = new Map<string, ObjectRef>();
    await transact(TAGGABLE.chart, async (trx) => {
      for (const entry of entries) {
        const tagIds = await ensureTags(trx, [entry.name], scope);
        const outcome = await tagObjects(trx, tagIds, entry.objects, TAGGABLE, scope);
        for (const ref of outcome.objects_tagged) tagged.set(ref.join(':'), ref);
        for (const ref of outcome.objects_skipped) skipped.set(ref.join(':'), ref);
      }
    });
    return { result: { objects_tagged: [...tagged.values()], objects_skipped: [...skipped.values()] } };
  });

  registerDashboardRoutes(app, scopeOf);
  registerAnnotationRoutes(app, scopeOf);
}

