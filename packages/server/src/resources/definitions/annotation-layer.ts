import { sql } from 'kysely';
import { FieldErrors, unprocessable } from '../../errors';
import type { AnyDb, AnyTrx, Json, ResourceDefinition, Row } from '../definition';
import { type FieldMap, pickColumns } from '../fields';
import { allTextOperator, mergeFilters, relOneToMany, scalarFilter } from '../filters';
import { usersReferencedBy } from '../related-sources';
import { auditFields, auditUserIds, loadUsers } from '../serializers/relations';
import { auditOnCreate, auditOnUpdate } from '../writes';

/**
 * Native annotation layers (issue 22), the incumbent's AnnotationLayerRestApi under /api/v1/annotation_layer/:
 * a name and a description; its annotations are the nested resource of annotation-routes.ts. Any user with
 * can_write on Annotation may change any layer (the incumbent keeps no owners).
 */
const NAME = { kind: 'string', maxLength: 250 } as const;

export const NAME_NOT_UNIQUE = 'Name must be unique';
export const LAYER_HAS_ANNOTATIONS = 'Annotation layer has associated annotations.';

async function ensureUniqueName(trx: AnyTrx, name: string, selfId: number | null): Promise<void> {
  let query = trx.selectFrom('annotation_layer').select('id').where('name', '=', name);
  if (selfId !== null) query = query.where('id', '<>', selfId);
  if (await query.executeTakeFirst()) throw new FieldErrors(422, { name: [NAME_NOT_UNIQUE] });
}

async function serialize(rows: Row[], db: AnyDb): Promise<Json[]> {
  const users = await loadUsers(db, auditUserIds(rows));
  return rows.map((row) => ({ id: row.id, name: row.name, descr: row.descr, ...auditFields(row, users) }));
}

/** The incumbent's list columns (AnnotationLayerRestApi.list_columns), returned when select_columns names none. */
const LIST = [
  'id', 'name', 'descr', 'created_by.first_name', 'created_by.last_name', 'changed_by.first_name', 'changed_by.last_name',
  'changed_on', 'changed_on_delta_humanized', 'created_on',
];
const SHOW = ['id', 'name', 'descr'];
const userName = (fk: string) => (eb: Parameters<ResourceDefinition['orderColumns'][string]>[0]) =>
  eb.selectFrom('ab_user as u').select('u.first_name').whereRef('u.id', '=', `t.${fk}`);

export const annotationLayerDefinition: ResourceDefinition = {
  name: 'annotation_layer',
  table: 'annotation_layer',
  view: 'Annotation',
  thing: 'annotation layer',
  plural: 'annotation layers',
  listTitle: 'List Annotation Layer',
  showTitle: 'Show Annotation Layer',
  listColumns: LIST,
  extraSelectable: ['created_by', 'changed_by', 'created_on_delta_humanized'],
  showColumns: SHOW,
  labels: { descr: 'Description' },
  orderColumns: {
    id: () => sql.ref('t.id'),
    name: () => sql.ref('t.name'),
    // Free text, unindexed (0011-annotation-layers), as the incumbent lets its list sort by it.
    descr: () => sql.ref('t.descr'),
    changed_on: () => sql.ref('t.changed_on'),
    changed_on_delta_humanized: () => sql.ref('t.changed_on'),
    created_on: () => sql.ref('t.created_on'),
    'created_by.first_name': userName('created_by_fk'),
    'changed_by.first_name': userName('changed_by_fk'),
  },
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  filters: {
    id: scalarFilter('id', 'number', ['eq', 'neq', 'in', 'gt', 'lt']),
    name: mergeFilters(scalarFilter('name', 'string'), { annotation_layer_all_text: allTextOperator(['name', 'descr']) }),
    descr: scalarFilter('descr', 'string', ['ct', 'sw', 'ew', 'eq']),
    changed_on: scalarFilter('changed_on', 'datetime'),
    created_on: scalarFilter('created_on', 'datetime'),
    created_by: relOneToMany('created_by', 'created_by_fk'),
    changed_by: relOneToMany('changed_by', 'changed_by_fk'),
  },
  related: {
    created_by: usersReferencedBy('annotation_layer', 'created_by_fk'),
    changed_by: usersReferencedBy('annotation_layer', 'changed_by_fk'),
  },
  distinct: { name: 'name' },
  maxPageSize: 100,
  serializeList: (rows, scope) => serialize(rows, scope.db),
  serializeShow: async (row, scope) => (await serialize([row], scope.db))[0],
  createFields: { name: { ...NAME, required: true }, descr: { kind: 'string', nullable: true } },
  // As the incumbent's AnnotationLayerPutSchema: descr may be changed but not nulled.
  updateFields: { name: NAME, descr: { kind: 'string' } },
  async create(trx, input, scope) {
    const name = (input.name as string).trim();
    await ensureUniqueName(trx, name, null);
    const values = { ...pickColumns(input, ['descr']), name, ...auditOnCreate(scope.user) };
    delete (values as Json).uuid;
    const row = await trx.insertInto('annotation_layer').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id as number;
  },
  async update(trx, row, input, scope) {
    const values: Json = { ...pickColumns(input, ['descr']), ...auditOnUpdate(scope.user) };
    if (typeof input.name === 'string') {
      values.name = input.name.trim();
      if (values.name === '') throw new FieldErrors(400, { name: ['Name may not be empty'] });
      await ensureUniqueName(trx, values.name as string, row.id as number);
    }
    await trx.updateTable('annotation_layer').set(values).where('id', '=', row.id as number).execute();
  },
  /** The incumbent refuses to delete a layer that still has annotations (AnnotationLayerDeleteIntegrityError). */
  async beforeDelete(trx, ids) {
    const used = await trx.selectFrom('annotation').select('layer_id').where('layer_id', 'in', ids).executeTakeFirst();
    if (used) throw unprocessable(LAYER_HAS_ANNOTATIONS, { layer_id: used.layer_id });
  },
  echo: (input) => (typeof input.name === 'string' ? { ...input, name: input.name.trim() } : input),
};
