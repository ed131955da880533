import { sql } from 'kysely';
import type { AnyDb, Json, ResourceDefinition, Row } from '../definition';
import { type FieldMap, pickColumns } from '../fields';
import { allTextOperator, mergeFilters, relOneToMany, scalarFilter, tagIdOperator, tagNameOperator } from '../filters';
import { databasesSource, usersReferencedBy } from '../related-sources';
import { humanizeDelta } from '../serializers/humanize';
import { auditFields, auditUserIds, loadDatabases, loadTags, loadUsers, parseJsonText } from '../serializers/relations';
import { auditOnCreate, auditOnUpdate, ensureIdsExist, removeSoftLinks, setObjectTags } from '../writes';

const FIELDS: FieldMap = {
  db_id: { kind: 'integer' },
  label: { kind: 'string', maxLength: 256 },
  sql: { kind: 'string' },
  schema: { kind: 'string', nullable: true, emptyAsNull: true },
  catalog: { kind: 'string', nullable: true, emptyAsNull: true },
  description: { kind: 'string', nullable: true },
  template_parameters: { kind: 'json', nullable: true, emptyAsNull: true },
  extra_json: { kind: 'json', nullable: true, emptyAsNull: true },
};
const COLUMNS = Object.keys(FIELDS);

/** Table names the SQL reads (FROM / JOIN targets), for the list's sql_tables column. */
export function sqlTables(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  const out = new Set<string>();
  const re = /\b(?:from|join)\s+((?:"[^"]+"|`[^`]+`|[\w$]+)(?:\.(?:"[^"]+"|`[^`]+`|[\w$]+))*)/gi;
  for (const match of text.matchAll(re)) out.add(match[1].replace(/["`]/g, ''));
  return [...out];
}

async function serialize(rows: Row[], db: AnyDb): Promise<Json[]> {
  const ids = rows.map((r) => r.id as number);
  const [users, databases, tags] = await Promise.all([
    loadUsers(db, [...auditUserIds(rows), ...rows.map((r) => r.user_id as number | null)]),
    loadDatabases(db, rows.map((r) => r.db_id as number)),
    loadTags(db, 'saved_query', ids),
  ]);
  return rows.map((row) => {
    const id = row.id as number;
    const database = databases.get(row.db_id as number);
    return {
      id,
      uuid: row.uuid,
      label: row.label,
      description: row.description,
      sql: row.sql,
      sql_tables: sqlTables(row.sql).map((table) => ({ table })),
      db_id: row.db_id,
      database: database ? { id: database.id, database_name: database.database_name } : null,
      catalog: row.catalog,
      schema: row.schema,
      template_parameters: row.template_parameters,
      extra_json: row.extra_json,
      rows: row.rows,
      last_run: row.last_run,
      last_run_delta_humanized: humanizeDelta(row.last_run as string | null),
      // The incumbent's `extra` is extra_json read as an object.
      extra: (parseJsonText(row.extra_json) as Json | null) ?? {},
      user: users.get(row.user_id as number) ?? null,
      user_id: row.user_id,
      tags: tags.get(id) ?? [],
      changed_on_utc: row.changed_on,
      ...auditFields(row, users),
    };
  });
}

/** The incumbent's saved query list columns (SavedQueryRestApi.get_list), returned when select_columns names none. */
const LIST = [
  'catalog', 'changed_by.first_name', 'changed_by.id', 'changed_by.last_name', 'changed_on', 'changed_on_delta_humanized',
  'created_by.first_name', 'created_by.id', 'created_by.last_name', 'created_on', 'database.database_name', 'database.id', 'db_id',
  'description', 'extra', 'id', 'label', 'last_run_delta_humanized', 'rows', 'schema', 'sql', 'sql_tables', 'tags.id', 'tags.name', 'tags.type',
];
const SHOW = [
  'id', 'uuid', 'label', 'description', 'sql', 'sql_tables', 'db_id', 'database', 'catalog', 'schema', 'template_parameters',
  'extra_json', 'rows', 'last_run', 'user', 'tags', 'changed_on', 'changed_on_utc', 'changed_on_delta_humanized', 'created_on',
  'created_on_delta_humanized', 'changed_by', 'created_by', 'user_id',
];

export const savedQueryDefinition: ResourceDefinition = {
  name: 'saved_query',
  table: 'saved_query',
  view: 'SavedQuery',
  thing: 'saved query',
  plural: 'saved queries',
  listTitle: 'List Saved Query',
  showTitle: 'Show Saved Query',
  listColumns: LIST,
  showColumns: SHOW,
  orderColumns: {
    id: () => sql.ref('t.id'),
    label: () => sql.ref('t.label'),
    schema: () => sql.ref('t.schema'),
    description: () => sql.ref('t.description'),
    sql: () => sql.ref('t.sql'),
    rows: () => sql.ref('t.rows'),
    last_run: () => sql.ref('t.last_run'),
    changed_on: () => sql.ref('t.changed_on'),
    changed_on_delta_humanized: () => sql.ref('t.changed_on'),
    created_on: () => sql.ref('t.created_on'),
    'database.database_name': (eb) => eb.selectFrom('dbs as d').select('d.database_name').whereRef('d.id', '=', 't.db_id'),
    'changed_by.first_name': (eb) => eb.selectFrom('ab_user as u').select('u.first_name').whereRef('u.id', '=', 't.changed_by_fk'),
  },
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  filters: {
    id: scalarFilter('id', 'number', ['eq', 'neq', 'in', 'gt', 'lt']),
    label: mergeFilters(scalarFilter('label', 'string'), {
      all_text: allTextOperator(['label', 'description', 'sql']),
      saved_query_all_text: allTextOperator(['label', 'description', 'sql']),
    }),
    description: scalarFilter('description', 'string'),
    sql: scalarFilter('sql', 'string'),
    schema: scalarFilter('schema', 'string'),
    catalog: scalarFilter('catalog', 'string'),
    changed_on: scalarFilter('changed_on', 'datetime'),
    database: relOneToMany('database', 'db_id'),
    db_id: relOneToMany('db_id', 'db_id'),
    created_by: relOneToMany('created_by', 'created_by_fk'),
    changed_by: relOneToMany('changed_by', 'changed_by_fk'),
    tags: { operators: { tags: tagIdOperator('saved_query'), rel_m_m: tagIdOperator('saved_query'), saved_query_tags: tagNameOperator('saved_query'), tag_name: tagNameOperator('saved_query') } },
  },
  related: {
    database: databasesSource,
    created_by: usersReferencedBy('saved_query', 'created_by_fk'),
    changed_by: usersReferencedBy('saved_query', 'changed_by_fk'),
  },
  distinct: { schema: 'schema', catalog: 'catalog', label: 'label' },
  ownership: { kind: 'column', column: 'user_id' },
  tagType: 'saved_query',
  maxPageSize: 100,
  /** A user sees their own saved queries; admins see all. */
  visibility: (eb, scope) => (scope.user.isAdmin ? null : eb('t.user_id', '=', scope.user.id ?? -1)),
  serializeList: (rows, scope) => serialize(rows, scope.db),
  serializeShow: async (row, scope) => (await serialize([row], scope.db))[0],
  createFields: {
    ...FIELDS,
    db_id: { kind: 'integer', required: true },
    label: { kind: 'string', maxLength: 256, required: true },
    sql: { kind: 'string', required: true },
  },
  updateFields: { ...FIELDS, tags: { kind: 'ids' } },
  async create(trx, input, scope) {
    await ensureIdsExist(trx, 'dbs', [input.db_id as number], 'Database');
    const values = { ...pickColumns(input, COLUMNS), user_id: scope.user.id, ...auditOnCreate(scope.user) };
    const row = await trx.insertInto('saved_query').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id as number;
  },
  async update(trx, row, input, scope) {
    if (input.db_id !== undefined) await ensureIdsExist(trx, 'dbs', [input.db_id as number], 'Database');
    await trx.updateTable('saved_query').set({ ...pickColumns(input, COLUMNS), ...auditOnUpdate(scope.user) }).where('id', '=', row.id as number).execute();
    if (input.tags !== undefined) await setObjectTags(trx, 'saved_query', row.id as number, input.tags as number[], scope.user);
  },
  beforeDelete: (trx, ids) => removeSoftLinks(trx, ids, undefined, 'saved_query'),
};
