import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../errors';
import type { CurrentUser } from '../security/current-user';
import { ensureCanEdit, requirePerm } from './access';
import { transact } from './create-item';
import type { Json, RequestScope, Row } from './definition';
import { annotationDefinition, type LayerRef } from './definitions/annotation';
import { annotationLayerDefinition } from './definitions/annotation-layer';
import { validateInput } from './fields';
import { checkColumns, project, runList, selectableColumns } from './list';
import { loadVisibleRow, notFoundMessage } from './load';
import { parseIdList, parseListArgs, parseShowArgs } from './query-args';
import { showEnvelope } from './show-envelope';

type LayerParams = { Params: { pk: string }; Querystring: { q?: string } };
type ItemParams = { Params: { pk: string; annotation_id: string }; Querystring: { q?: string } };

const QUERY_SCHEMA = { type: 'object', properties: { q: { type: 'string' } } } as const;
const LAYER_SCHEMA = { type: 'object', required: ['pk'], properties: { pk: { type: 'string', minLength: 1 } } } as const;
const ITEM_SCHEMA = {
  type: 'object',
  required: ['pk', 'annotation_id'],
  properties: { pk: { type: 'string', minLength: 1 }, annotation_id: { type: 'string', minLength: 1 } },
} as const;

const VIEW = annotationLayerDefinition.view;

/**
 * The annotations of a layer, nested under it as in the incumbent: /api/v1/annotation_layer/{pk}/annotation/
 * (list, create, bulk delete) and /{annotation_id} (get, update, delete). A layer that does not exist is
 * 'Annotation layer not found' (404), and so is any annotation named under a layer it does not belong to.
 * Reading needs can_read on Annotation, writing can_write (no owners, as the incumbent).
 */
export function registerAnnotationRoutes(app: FastifyInstance, scopeOf: (user: CurrentUser) => RequestScope): void {
  const base = '/api/v1/annotation_layer/:pk/annotation';

  /** The user (with the permission) and the definition of the layer's annotations. */
  const open = async (request: FastifyRequest<{ Params: { pk: string } }>, permission: 'can_read' | 'can_write') => {
    const user = requirePerm(request, permission, VIEW);
    const scope = scopeOf(user);
    const layer = await loadVisibleRow(annotationLayerDefinition, request.params.pk, scope);
    const def = annotationDefinition({ id: layer.id, name: layer.name } as LayerRef);
    return { user, scope, def };
  };

  app.get<LayerParams>(`${base}/`, { schema: { params: LAYER_SCHEMA, querystring: QUERY_SCHEMA } }, async (request) => {
    const { scope, def } = await open(request, 'can_read');
    return runList(def, parseListArgs(request.query.q), scope);
  });

  app.post<LayerParams>(`${base}/`, { schema: { params: LAYER_SCHEMA } }, async (request, reply) => {
    const { scope, def } = await open(request, 'can_write');
    const input = validateInput(def.createFields, request.body, 'create');
    const id = await transact<number>(scope.db, def, (trx) => def.create(trx, input, scope));
    return reply.status(201).send({ id, result: def.echo!(input) });
  });

  app.delete<LayerParams>(`${base}/`, { schema: { params: LAYER_SCHEMA, querystring: QUERY_SCHEMA } }, async (request) => {
    const { user, scope, def } = await open(request, 'can_write');
    const rows: Row[] = [];
    for (const id of parseIdList(request.query.q)) {
      try {
        rows.push(await loadVisibleRow(def, String(id), scope));
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) throw notFound(`Not found: ${def.thing} ${id}`);
        throw error;
      }
    }
    for (const row of rows) await ensureCanEdit(scope.db, def, row, user);
    await scope.db.deleteFrom('annotation').where('id', 'in', rows.map((r) => r.id as number)).execute();
    const n = rows.length;
    return { message: `Deleted ${n} ${n === 1 ? def.thing : def.plural}` };
  });

  app.get<ItemParams>(`${base}/:annotation_id`, { schema: { params: ITEM_SCHEMA, querystring: QUERY_SCHEMA } }, async (request) => {
    const { scope, def } = await open(request, 'can_read');
    const { columns } = parseShowArgs(request.query.q);
    if (columns) checkColumns(columns, selectableColumns(def), 'Column');
    const row = await loadAnnotation(def, request.params.annotation_id, scope);
    const shown = columns?.length ? columns : def.showColumns;
    return { id: row.id, result: project(await def.serializeShow(row, scope), shown), ...showEnvelope(def, shown) };
  });

  app.put<ItemParams>(`${base}/:annotation_id`, { schema: { params: ITEM_SCHEMA } }, async (request) => {
    const { user, scope, def } = await open(request, 'can_write');
    const row = await loadAnnotation(def, request.params.annotation_id, scope);
    await ensureCanEdit(scope.db, def, row, user);
    const input = validateInput(def.updateFields, request.body, 'update');
    await transact(scope.db, def, (trx) => def.update(trx, row, input, scope, {}));
    return { id: row.id, result: def.echo!(input) } satisfies Json;
  });

  app.delete<ItemParams>(`${base}/:annotation_id`, { schema: { params: ITEM_SCHEMA } }, async (request) => {
    const { user, scope, def } = await open(request, 'can_write');
    const row = await loadAnnotation(def, request.params.annotation_id, scope);
    await ensureCanEdit(scope.db, def, row, user);
    await scope.db.deleteFrom('annotation').where('id', '=', row.id as number).execute();
    return { message: 'OK' };
  });
}

/** An annotation of the definition's layer by id; anything else (a slug, another layer's id) is 404. */
async function loadAnnotation(def: ReturnType<typeof annotationDefinition>, key: string, scope: RequestScope): Promise<Row> {
  if (!/^\d+$/.test(key)) throw notFound(notFoundMessage(def));
  return loadVisibleRow(def, key, scope);
}
