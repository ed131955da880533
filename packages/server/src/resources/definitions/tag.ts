import { sql } from 'kysely';
import { unprocessable } from '../../errors';
import type { AnyDb, AnyTrx, Json, ResourceDefinition, Row } from '../definition';
import { type FieldMap, pickColumns } from '../fields';
import { favoriteOperator, mergeFilters, relOneToMany, scalarFilter, toBoolValue } from '../filters';
import { usersReferencedBy } from '../related-sources';
import { auditFields, auditUserIds, loadUsers } from '../serializers/relations';
import { auditOnCreate, auditOnUpdate, removeSoftLinks } from '../writes';

const FIELDS: FieldMap = {
  name: { kind: 'string', maxLength: 250 },
  description: { kind: 'string', nullable: true },
  objects_to_tag: { kind: 'list', nullable: true },
};

async function checkName(trx: AnyTrx, name: unknown, selfId?: number): Promise<void> {
  if (typeof name !== 'string') return;
  let query = trx.selectFrom('tag').select('id').where('name', '=', name);
  if (selfId !== undefined) query = query.where('id', '<>', selfId);
  if (await query.executeTakeFirst()) throw unprocessable(`A tag named '${name}' already exists`);
}

async function serialize(rows: Row[], db: AnyDb): Promise<Json[]> {
  const users = await loadUsers(db, auditUserIds(rows));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    type: row.type,
    description: row.description,
    changed_on_utc: row.changed_on,
    ...auditFields(row, users),
  }));
}

/** The incumbent's tag list columns (TagRestApi.get_list), returned when select_columns names none. */
const LIST = [
  'changed_by.first_name', 'changed_by.last_name', 'changed_on_delta_humanized', 'created_by.first_name', 'created_by.last_name',
  'created_on_delta_humanized', 'description', 'id', 'name', 'type',
];
const SHOW = ['id', 'name', 'type', 'description', 'changed_on', 'changed_on_utc', 'changed_on_delta_humanized', 'created_on', 'created_on_delta_humanized', 'changed_by', 'created_by'];

export const tagDefinition: ResourceDefinition = {
  name: 'tag',
  table: 'tag',
  view: 'Tag',
  thing: 'tag',
  plural: 'tags',
  listTitle: 'List Tag',
  showTitle: 'Show Tag',
  listColumns: LIST,
  showColumns: SHOW,
  orderColumns: {
    id: () => sql.ref('t.id'),
    name: () => sql.ref('t.name'),
    type: () => sql.ref('t.type'),
    changed_on: () => sql.ref('t.changed_on'),
    changed_on_delta_humanized: () => sql.ref('t.changed_on'),
    created_on: () => sql.ref('t.created_on'),
  },
  defaultOrder: { column: 'name', direction: 'asc' },
  filters: {
    id: mergeFilters(scalarFilter('id', 'number', ['eq', 'neq', 'in', 'gt', 'lt']), {
      tag_is_favorite: favoriteOperator('tag'),
      favorite: favoriteOperator('tag'),
      favourites: favoriteOperator('tag'),
    }),
    name: scalarFilter('name', 'string'),
    description: scalarFilter('description', 'string'),
    type: mergeFilters(scalarFilter('type', 'string', ['eq', 'neq', 'in']), {
      custom_tag: (eb, value) => (toBoolValue('type', 'custom_tag', value) ? eb('t.type', '=', 'custom') : eb('t.type', '<>', 'custom')),
    }),
    created_by: relOneToMany('created_by', 'created_by_fk'),
    changed_by: relOneToMany('changed_by', 'changed_by_fk'),
  },
  related: {
    created_by: usersReferencedBy('tag', 'created_by_fk'),
    changed_by: usersReferencedBy('tag', 'changed_by_fk'),
  },
  distinct: { name: 'name', type: 'type' },
  favoriteClass: 'tag',
  maxPageSize: 100,
  serializeList: (rows, scope) => serialize(rows, scope.db),
  serializeShow: async (row, scope) => (await serialize([row], scope.db))[0],
  createFields: { ...FIELDS, name: { kind: 'string', maxLength: 250, required: true } },
  updateFields: FIELDS,
  async create(trx, input, scope) {
    await checkName(trx, (input.name as string).trim());
    const values = { ...pickColumns(input, ['description']), name: (input.name as string).trim(), type: 'custom', ...auditOnCreate(scope.user) };
    delete (values as Json).uuid;
    const row = await trx.insertInto('tag').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id as number;
  },
  async update(trx, row, input, scope) {
    const values: Json = { ...pickColumns(input, ['description']), ...auditOnUpdate(scope.user) };
    if (typeof input.name === 'string') {
      await checkName(trx, input.name.trim(), row.id as number);
      values.name = input.name.trim();
    }
    await trx.updateTable('tag').set(values).where('id', '=', row.id as number).execute();
  },
  beforeDelete: (trx, ids) => removeSoftLinks(trx, ids, 'tag'),
};
