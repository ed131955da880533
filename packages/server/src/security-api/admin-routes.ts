import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, notFound, unprocessable } from '../errors';
import type { AnyDb, Json, RequestScope, Row } from '../resources/definition';
import { validateInput } from '../resources/fields';
import { checkColumns, labelOf, project, runList, selectableColumns } from '../resources/list';
import { loadVisibleRow } from '../resources/load';
import { parseIdList, parseInfoArgs, parseListArgs, parseRelatedArgs, parseShowArgs } from '../resources/query-args';
import { runRelated } from '../resources/related';
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

/**
 * Serves list (rison filters, order, paging), _info, related, get, post, put, delete and bulk delete for the
 * security resources, reusing the generic layer's list and argument parsing so `q` behaves as everywhere else.
 */
export function registerAdminResource(app: FastifyInstance, resource: AdminResource): void {
  const ctx = app.lumen;
  const db = ctx.store.db as unknown as AnyDb;
  const def = asDefinition(resource);
  const base = `/api/v1/${resource.name}`;
  const scopeOf = (user: CurrentUser): RequestScope => ({ ctx, user, db });
  const canRead = reader(resource);
  const canWrite = writer(resource);

  /** One transaction per write; a unique-constraint race becomes a 422 naming the resource. */
  async function write<T>(request: FastifyRequest, user: CurrentUser, work: (w: WriteScope) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute((trx) => work({ ...scopeOf(user), trx, sessionId: request.session?.id ?? null }));
    } catch (error) {
      if (isUniqueViolation(error)) throw unprocessable(`A ${resource.thing} with these values already exists`);
      throw error;
    }
  }

  /** The caller's scope once can_read is checked and the resource is ready to be read. */
  const readScope = async (request: FastifyRequest): Promise<RequestScope> => {
    const scope = scopeOf(canRead(request));
    await resource.beforeRead?.(scope);
    return scope;
  };

  app.get<Q>(`${base}/`, { schema: { querystring: QUERY_SCHEMA } }, async (request) => runList(def, parseListArgs(request.query.q), await readScope(request)));

  app.get<Q>(`${base}/_info`, { schema: { querystring: QUERY_SCHEMA } }, async (request) => {
    const user = canRead(request);
    const keys = parseInfoArgs(request.query.q);
    const out: Json = {};
    if (keys.includes('permissions')) out.permissions = ['can_read', 'can_write'].filter((p) => user.isAdmin || user.permissions.has(`${p}|${resource.view}`));
    if (keys.includes('add_columns')) out.add_columns = resource.create ? fieldInfo(resource.createFields) : {};
    if (keys.includes('edit_columns')) out.edit_columns = resource.update ? fieldInfo(resource.updateFields) : {};
    if (keys.includes('add_title')) out.add_title = `Add ${capitalise(resource.thing)}`;
    if (keys.includes('edit_title')) out.edit_title = `Edit ${capitalise(resource.thing)}`;
    if (keys.includes('filters')) {
      out.filters = Object.fromEntries(
        Object.entries(resource.filters).map(([col, f]) => [col, Object.keys(f.operators).map((operator) => ({ name: labelOf(operator), operator }))]),
      );
    }
    return out;
  });

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
    return { id: row.id, result: project(item, shown) };
  });

  const { create, update } = resource;
  if (!create || !update) return;

  app.post(`${base}/`, async (request, reply) => {
    const scope = scopeOf(canWrite(request));
    const input = validateInput(resource.createFields, request.body, 'create');
    const prepared = resource.prepare ? await resource.prepare(input, scope) : input;
    const id = await write(request, scope.user, (w) => create(w, prepared));
    resource.afterCommit?.(scope, [id]);
    return reply.status(201).send({ id, result: resource.echo ? resource.echo(input) : input });
  });

  app.put<P>(`${base}/:pk`, { schema: { params: PK_SCHEMA } }, async (request) => {
    const scope = scopeOf(canWrite(request));
    const row = await loadVisibleRow(def, request.params.pk, scope);
    const input = validateInput(resource.updateFields, request.body, 'update');
    const prepared = resource.prepare ? await resource.prepare(input, scope, row) : input;
    await write(request, scope.user, (w) => update(w, row, prepared));
    resource.afterCommit?.(scope, [row.id as number]);
    return { id: row.id, result: resource.echo ? resource.echo(input) : input };
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

/** _info add_columns/edit_columns: each field with its type and whether it is required. */
function fieldInfo(fields: AdminResource['createFields']): Json {
  return Object.fromEntries(Object.entries(fields).map(([name, spec]) => [name, { type: spec.kind, required: Boolean(spec.required), nullable: Boolean(spec.nullable) }]));
}
