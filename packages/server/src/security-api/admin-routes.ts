import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, notFound, unprocessable } from '../errors';
import type { AnyDb, Json, RequestScope, Row } from '../resources/definition';
import { validateInput } from '../resources/fields';
import { fieldsInfo } from '../resources/field-info';
import { filtersInfo } from '../resources/filter-names';
import { checkColumns, project, runList, selectableColumns } from '../resources/list';
import { loadVisibleRow } from '../resources/load';
import { parseIdList, parseInfoArgs, parseListArgs, parseRelatedArgs, parseShowArgs } from '../resources/query-args';
import { runRelated } from '../resources/related';
import { showEnvelope } from '../resources/show-envelope';
import { isUniqueViolation } from '../resources/writes';
import type { CurrentUser } from '../security/current-user';
import { requirePermission } from '../security/guards';
import { type AdminResource, asDefinition, type WriteScope } from './admin-resource';

type Q = { Querystring: { q?: string } };
type P = { Params: { pk: string } } & Q;
type C = { Params: { column: string } } & Q;

const QUERY_SCHEMA = { type: 'object', properties: { q: { type: 'string' } } } as const;
const PK_SCHEMA = { type: 'object', required: ['pk'], properties: { pk: { type: 'string', pattern: '^[0-9]+$' } } } as const;
const COLUMN_SCHEMA = { type: 'object', required: ['column'], properties: { column: { type: 'string', minLength: 1 } } } as const;

const capitalise = (s: string) => s[0].toUpperCase() + s.slice(1);

/** can_read / can_write on the resource's view, or 403 naming the missing pair (anonymous callers got 401 earlier). */
const reader = (resource: AdminResource) => (request: FastifyRequest) => requirePermission(request, 'can_read', resource.view);
const writer = (resource: AdminResource) => (request: FastifyRequest) => {
  const user = requirePermission(request, 'can_write', resource.view);
  if (resource.adminOnlyWrites && !user.isAdmin) throw forbidden(resource.adminOnlyWrites);
  return user;
};

/** What every route of one resource shares: its definition, the permission checks and the write transaction. */
function routeKit(app: FastifyInstance, resource: AdminResource) {
  const ctx = app.lumen;
  const db = ctx.store.db as unknown as AnyDb;
  const scopeOf = (user: CurrentUser): RequestScope => ({ ctx, user, db });
  const canRead = reader(resource);
  return {
    db,
    def: asDefinition(resource),
    base: `/api/v1/${resource.name}`,
    scopeOf,
    canRead,
    canWrite: writer(resource),
    /** The caller's scope once can_read is checked and the resource is ready to be read. */
    async readScope(request: FastifyRequest): Promise<RequestScope> {
      const scope = scopeOf(canRead(request));
      await resource.beforeRead?.(scope);
      return scope;
    },
    /** One transaction per write; a unique-constraint race becomes a 422 naming the resource. */
    async write<T>(request: FastifyRequest, user: CurrentUser, work: (w: WriteScope) => Promise<T>): Promise<T> {
      try {
        return await db.transaction().execute((trx) => work({ ...scopeOf(user), trx, sessionId: request.session?.id ?? null }));
      } catch (error) {
        if (isUniqueViolation(error)) throw unprocessable(`A ${resource.thing} with these values already exists`);
        throw error;
      }
    },
  };
}
type RouteKit = ReturnType<typeof routeKit>;

/**
 * Serves list (rison filters, order, paging), _info, related, get, post, put, delete and bulk delete for one
 * security resource, reusing the generic layer's list and argument parsing so `q` behaves as everywhere else.
 */
export function registerAdminResource(app: FastifyInstance, resource: AdminResource): void {
  const kit = routeKit(app, resource);
  registerReads(app, resource, kit);
  registerInfo(app, resource, kit);
  if (resource.create && resource.update) registerWrites(app, resource, kit);
}

function registerReads(app: FastifyInstance, resource: AdminResource, { base, def, readScope }: RouteKit): void {
  app.get<Q>(`${base}/`, { schema: { querystring: QUERY_SCHEMA } }, async (request) => runList(def, parseListArgs(request.query.q), await readScope(request)));

  if (Object.keys(resource.related).length) {
    app.get<C>(`${base}/related/:column`, { schema: { params: COLUMN_SCHEMA, querystring: QUERY_SCHEMA } }, async (request) =>
      runRelated(def, request.params.column, parseRelatedArgs(request.query.q), await readScope(request)),
    );
  }

  app.get<P>(`${base}/:pk`, { schema: { params: PK_SCHEMA, querystring: QUERY_SCHEMA } }, async (request) => {
    const scope = await readScope(request);
    const { columns } = parseShowArgs(request.query.q);
    if (columns) checkColumns(columns, selectableColumns(def), 'Column');
    const row = await loadVisibleRow(def, request.params.pk, scope);
    const item = await resource.serializeShow(row, scope);
    const shown = columns?.length ? columns : resource.showColumns;
    // Flask-AppBuilder's keys beside the item (show_columns, label_columns, ...), as the incumbent's security API answers.
    return { id: row.id, result: project(item, shown), ...showEnvelope(def, shown) };
  });
}

function registerInfo(app: FastifyInstance, resource: AdminResource, { base, canRead }: RouteKit): void {
  app.get<Q>(`${base}/_info`, { schema: { querystring: QUERY_SCHEMA } }, async (request) => {
    const user = canRead(request);
    const keys = parseInfoArgs(request.query.q);
    const out: Json = {};
    if (keys.includes('permissions')) out.permissions = permissionsOn(resource, user);
    if (keys.includes('add_columns')) out.add_columns = (resource.create ? fieldsInfo(resource.createFields) : []) as unknown as Json;
    if (keys.includes('edit_columns')) out.edit_columns = (resource.update ? fieldsInfo(resource.updateFields) : []) as unknown as Json;
    if (keys.includes('add_title')) out.add_title = `Add ${capitalise(resource.thing)}`;
    if (keys.includes('edit_title')) out.edit_title = `Edit ${capitalise(resource.thing)}`;
    if (keys.includes('filters')) out.filters = filtersInfo(resource.filters);
    return out;
  });
}

function registerWrites(app: FastifyInstance, resource: AdminResource, kit: RouteKit): void {
  const { base, def, db, scopeOf, canWrite, write } = kit;
  const { create, update } = resource as Required<Pick<AdminResource, 'create' | 'update'>>;
  const echo = (input: Json) => (resource.echo ? resource.echo(input) : input);

  app.post(`${base}/`, async (request, reply) => {
    const scope = scopeOf(canWrite(request));
    const input = validateInput(resource.createFields, request.body, 'create');
    const prepared = resource.prepare ? await resource.prepare(input, scope) : input;
    const id = await write(request, scope.user, (w) => create(w, prepared));
    resource.afterCommit?.(scope, [id]);
    return reply.status(201).send({ id, result: echo(input) });
  });

  app.put<P>(`${base}/:pk`, { schema: { params: PK_SCHEMA } }, async (request) => {
    const scope = scopeOf(canWrite(request));
    const row = await loadVisibleRow(def, request.params.pk, scope);
    const input = validateInput(resource.updateFields, request.body, 'update');
    const prepared = resource.prepare ? await resource.prepare(input, scope, row) : input;
    await write(request, scope.user, (w) => update(w, row, prepared));
    resource.afterCommit?.(scope, [row.id as number]);
    return { id: row.id, result: echo(input) };
  });

  const remove = async (request: FastifyRequest, user: CurrentUser, rows: Row[]) => {
    const ids = rows.map((r) => r.id as number);
    await write(request, user, async (w) => {
      await resource.beforeDelete?.(w, rows);
      await w.trx.deleteFrom(resource.table).where('id', 'in', ids).execute();
    });
    resource.afterCommit?.(scopeOf(user), ids);
  };

  app.delete<P>(`${base}/:pk`, { schema: { params: PK_SCHEMA } }, async (request) => {
    const user = canWrite(request);
    await remove(request, user, [await loadVisibleRow(def, request.params.pk, scopeOf(user))]);
    return { message: 'OK' };
  });

  app.delete<Q>(`${base}/`, { schema: { querystring: QUERY_SCHEMA } }, async (request) => {
    const user = canWrite(request);
    const rows: Row[] = [];
    for (const id of parseIdList(request.query.q)) {
      const row = await db.selectFrom(`${resource.table} as t`).selectAll('t').where('t.id', '=', id).executeTakeFirst();
      if (!row) throw notFound(`Not found: ${resource.thing} ${id}`);
      rows.push(row);
    }
    await remove(request, user, rows);
    return { message: `Deleted ${rows.length} ${rows.length === 1 ? resource.thing : resource.plural}` };
  });
}

/** What the caller may do here, for _info: the pairs held, less can_write where writes need an admin. */
function permissionsOn(resource: AdminResource, user: CurrentUser): string[] {
  const held = ['can_read', 'can_write'].filter((p) => user.isAdmin || user.permissions.has(`${p}|${resource.view}`));
  return resource.adminOnlyWrites && !user.isAdmin ? held.filter((p) => p !== 'can_write') : held;
}

