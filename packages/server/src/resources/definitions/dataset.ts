import { sql } from 'kysely';
import { refreshDatasetColumns } from '../../datasets/columns';
import { notFound, unprocessable } from '../../errors';
import type { AnyDb, AnyTrx, Json, ResourceDefinition, Row } from '../definition';
import { type FieldMap, pickColumns } from '../fields';
import { mergeFilters, relManyToMany, relOneToMany, scalarFilter, toBoolValue } from '../filters';
import { databasesSource, usersReferencedBy, usersSource } from '../related-sources';
import { datasourcePayloads, selectStar } from '../serializers/dataset';
import { auditFields, auditUserIds, loadDatabases, loadOwners, loadUsers, parseJsonText } from '../serializers/relations';
import { auditOnCreate, auditOnUpdate, ensureIdsExist, resolveOwners, setLinks } from '../writes';
import { assertDatasetExpressions } from '../../datasets/check-expressions';
import { replaceChildren } from './dataset-children';
import { datasetAccessCondition } from '../../security/data-access-sql';
import { dataAccessOf } from '../../security/data-access';
import { datasetAccessDenied } from '../../security/data-access-errors';
import { loadDatasetLocation } from '../../security/dataset-location';
import { assertMayPlaceDataset } from '../../security/dataset-placement';

const COMMON: FieldMap = {
  catalog: { kind: 'string', nullable: true, emptyAsNull: true },
  schema: { kind: 'string', nullable: true, emptyAsNull: true },
  table_name: { kind: 'string', maxLength: 250 },
  sql: { kind: 'string', nullable: true, emptyAsNull: true },
  owners: { kind: 'ids' },
  normalize_columns: { kind: 'boolean' },
  always_filter_main_dttm: { kind: 'boolean' },
  is_managed_externally: { kind: 'boolean', nullable: true },
  external_url: { kind: 'string', nullable: true },
  template_params: { kind: 'json', nullable: true, jsonObject: true },
};
const CREATE: FieldMap = {
  ...COMMON,
  database: { kind: 'integer', required: true },
  table_name: { kind: 'string', maxLength: 250, required: true },
  columns: { kind: 'objects' },
};
const UPDATE: FieldMap = {
  ...COMMON,
  database_id: { kind: 'integer' },
  description: { kind: 'string', nullable: true },
  main_dttm_col: { kind: 'string', nullable: true, emptyAsNull: true },
  filter_select_enabled: { kind: 'boolean' },
  fetch_values_predicate: { kind: 'string', nullable: true },
  offset: { kind: 'integer' },
  default_endpoint: { kind: 'string', nullable: true },
  cache_timeout: { kind: 'integer', nullable: true, emptyAsNull: true },
  is_sqllab_view: { kind: 'boolean' },
  extra: { kind: 'json', nullable: true, jsonObject: true },
  columns: { kind: 'objects' },
  metrics: { kind: 'objects' },
  folders: { kind: 'objects', nullable: true },
};
const COLUMNS = [
  'catalog', 'schema', 'table_name', 'sql', 'normalize_columns', 'always_filter_main_dttm', 'is_managed_externally', 'external_url',
  'template_params', 'database_id', 'description', 'main_dttm_col', 'filter_select_enabled', 'fetch_values_predicate', 'offset',
  'default_endpoint', 'cache_timeout', 'is_sqllab_view', 'extra',
];

async function checkUnique(trx: AnyTrx, databaseId: number, schema: unknown, tableName: unknown, selfId?: number): Promise<void> {
  let query = trx.selectFrom('tables').select('id').where('database_id', '=', databaseId).where('table_name', '=', tableName as string);
  query = schema == null ? query.where('schema', 'is', null) : query.where('schema', '=', schema as string);
  if (selfId !== undefined) query = query.where('id', '<>', selfId);
  if (await query.executeTakeFirst()) {
    throw unprocessable(`Dataset ${schema ? `${String(schema)}.` : ''}${String(tableName)} already exists`);
  }
}

const certification = (row: Row) => {
  const extra = parseJsonText(row.extra) as { certification?: { certified_by?: string; details?: string } } | null;
  return { certified_by: extra?.certification?.certified_by ?? null, certification_details: extra?.certification?.details ?? null };
};

async function serializeList(rows: Row[], db: AnyDb): Promise<Json[]> {
  const ids = rows.map((r) => r.id as number);
  const [owners, users, databases] = await Promise.all([
    loadOwners(db, 'sqlatable_user', 'dataset_id', ids),
    loadUsers(db, auditUserIds(rows)),
    loadDatabases(db, rows.map((r) => r.database_id as number)),
  ]);
  return rows.map((row) => {
    const id = row.id as number;
    const database = databases.get(row.database_id as number);
    return {
      id,
      uuid: row.uuid,
      table_name: row.table_name,
      kind: row.sql ? 'virtual' : 'physical',
      datasource_type: 'table',
      catalog: row.catalog,
      schema: row.schema,
      sql: row.sql,
      description: row.description,
      default_endpoint: row.default_endpoint,
      extra: row.extra,
      is_managed_externally: row.is_managed_externally === 1,
      database: database ? { id: database.id, database_name: database.database_name } : null,
      owners: owners.get(id) ?? [],
      explore_url: `/explore/?datasource_type=table&datasource_id=${id}`,
      changed_on_utc: row.changed_on,
      ...certification(row),
      ...auditFields(row, users),
    };
  });
}

/** The incumbent's dataset list columns (DatasetRestApi.get_list), returned when select_columns names none. */
const LIST = [
  'catalog', 'changed_by.first_name', 'changed_by.id', 'changed_by.last_name', 'changed_by_name', 'changed_on_delta_humanized',
  'changed_on_utc', 'database.database_name', 'database.id', 'datasource_type', 'default_endpoint', 'description', 'explore_url', 'extra',
  'id', 'kind', 'owners.first_name', 'owners.id', 'owners.last_name', 'schema', 'sql', 'table_name', 'uuid',
];
const SHOW = [
  'id', 'uuid', 'table_name', 'kind', 'datasource_type', 'catalog', 'schema', 'sql', 'description', 'default_endpoint', 'extra',
  'is_managed_externally', 'database', 'owners', 'explore_url', 'certified_by', 'certification_details', 'changed_on',
  'changed_on_utc', 'changed_on_delta_humanized', 'changed_by', 'changed_by_name', 'created_by', 'main_dttm_col', 'filter_select_enabled', 'fetch_values_predicate', 'normalize_columns', 'always_filter_main_dttm',
  'offset', 'cache_timeout', 'is_sqllab_view', 'template_params', 'external_url', 'columns', 'metrics', 'name', 'select_star',
  'url', 'created_on', 'created_on_delta_humanized', 'verbose_map', 'column_formats', 'currency_formats', 'uid',
];

export const datasetDefinition: ResourceDefinition = {
  name: 'dataset',
  table: 'tables',
  view: 'Dataset',
  thing: 'dataset',
  plural: 'datasets',
  listTitle: 'List Sqla Table',
  listColumns: LIST,
  extraSelectable: ['main_dttm_col', 'cache_timeout', 'template_params', 'created_on'],
  showColumns: SHOW,
  orderColumns: {
    id: () => sql.ref('t.id'),
    table_name: () => sql.ref('t.table_name'),
    schema: () => sql.ref('t.schema'),
    catalog: () => sql.ref('t.catalog'),
    changed_on: () => sql.ref('t.changed_on'),
    changed_on_delta_humanized: () => sql.ref('t.changed_on'),
    'changed_by.first_name': (eb) => eb.selectFrom('ab_user as u').select('u.first_name').whereRef('u.id', '=', 't.changed_by_fk'),
    'database.database_name': (eb) => eb.selectFrom('dbs as d').select('d.database_name').whereRef('d.id', '=', 't.database_id'),
    sql: () => sql.ref('t.sql'),
  },
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  filters: {
    id: mergeFilters(scalarFilter('id', 'number', ['eq', 'neq', 'in', 'gt', 'lt']), {
      dataset_is_certified: (eb, value) => {
        const certified = sql<boolean>`t.extra like ${'%"certified_by"%'}`;
        return toBoolValue('id', 'dataset_is_certified', value) ? certified : eb.or([eb('t.extra', 'is', null), eb.not(certified)]);
      },
    }),
    table_name: scalarFilter('table_name', 'string'),
    schema: scalarFilter('schema', 'string'),
    catalog: scalarFilter('catalog', 'string'),
    description: scalarFilter('description', 'string'),
    uuid: scalarFilter('uuid', 'string', ['eq', 'in']),
    sql: {
      operators: {
        dataset_is_null_or_empty: (eb, value) => {
          const empty = eb.or([eb('t.sql', 'is', null), eb('t.sql', '=', '')]);
          return toBoolValue('sql', 'dataset_is_null_or_empty', value) ? empty : eb.not(empty);
        },
        ...scalarFilter('sql', 'string', ['ct', 'eq']).operators,
      },
    },
    kind: {
      operators: {
        eq: (eb, value) => {
          if (value !== 'physical' && value !== 'virtual') throw unprocessable("Filter value for 'kind' must be 'physical' or 'virtual'");
          const empty = eb.or([eb('t.sql', 'is', null), eb('t.sql', '=', '')]);
          return value === 'physical' ? empty : eb.not(empty);
        },
      },
    },
    database: relOneToMany('database', 'database_id'),
    owners: relManyToMany('owners', 'sqlatable_user', 'dataset_id', 'user_id'),
    created_by: relOneToMany('created_by', 'created_by_fk'),
    changed_by: relOneToMany('changed_by', 'changed_by_fk'),
  },
  related: {
    owners: usersSource(),
    database: databasesSource,
    created_by: usersReferencedBy('tables', 'created_by_fk'),
    changed_by: usersReferencedBy('tables', 'changed_by_fk'),
  },
  distinct: { schema: 'schema', table_name: 'table_name', catalog: 'catalog' },
  ownership: { kind: 'link', table: 'sqlatable_user', fk: 'dataset_id' },
  maxPageSize: 100,
  visibility: (eb, scope) => datasetAccessCondition(eb, dataAccessOf(scope.user), { id: 't.id', databaseId: 't.database_id', schema: 't.schema' }),
  hiddenError: async (row, scope) => {
    const location = await loadDatasetLocation(scope.db, row.id as number);
    return location ? datasetAccessDenied(location) : notFound('Not found');
  },
  serializeList: (rows, scope) => serializeList(rows, scope.db),
  async serializeShow(row, scope) {
    const [base] = await serializeList([row], scope.db);
    const [payload] = await datasourcePayloads(scope.db, [row]);
    return {
      ...payload,
      ...base,
      database: payload.database,
      owners: base.owners,
      name: row.table_name,
      select_star: selectStar(row),
      url: `/tablemodelview/edit/${row.id}`,
      main_dttm_col: row.main_dttm_col,
      created_on: row.created_on,
    };
  },
  createFields: CREATE,
  updateFields: UPDATE,
  async create(trx, input, scope) {
    const databaseId = input.database as number;
    await ensureIdsExist(trx, 'dbs', [databaseId], 'Database');
    await assertMayPlaceDataset(trx, scope.user, { database_id: databaseId, schema: (input.schema as string | null) ?? null, sql: (input.sql as string | null) ?? null });
    await checkUnique(trx, databaseId, input.schema ?? null, input.table_name);
    const owners = await resolveOwners(trx, input.owners, scope.user);
    const values = { ...pickColumns(input, COLUMNS), database_id: databaseId, ...auditOnCreate(scope.user) };
    const row = await trx.insertInto('tables').values(values).returning('id').executeTakeFirstOrThrow();
    const id = row.id as number;
    await setLinks(trx, 'sqlatable_user', 'dataset_id', 'user_id', id, owners);
    if (Array.isArray(input.columns) && input.columns.length) await replaceChildren(trx, 'column', id, input.columns as Json[], scope.user, true);
    await assertDatasetExpressions(trx, id, input);
    return id;
  },
  async update(trx, row, input, scope, query) {
    const id = row.id as number;
    if (input.database_id !== undefined) await ensureIdsExist(trx, 'dbs', [input.database_id as number], 'Database');
    // Moving or rewriting a dataset changes what a grant on it opens: the new place must be reachable.
    if (input.database_id !== undefined || input.schema !== undefined || input.sql !== undefined || input.table_name !== undefined) {
      const merged = { ...row, ...input } as { database_id: number; schema: string | null; sql: string | null };
      await assertMayPlaceDataset(trx, scope.user, { database_id: merged.database_id, schema: merged.schema ?? null, sql: merged.sql ?? null });
    }
    if (input.table_name !== undefined || input.schema !== undefined || input.database_id !== undefined) {
      const schema = input.schema !== undefined ? input.schema : row.schema;
      await checkUnique(trx, (input.database_id ?? row.database_id) as number, schema, input.table_name ?? row.table_name, id);
    }
    await trx.updateTable('tables').set({ ...pickColumns(input, COLUMNS), ...auditOnUpdate(scope.user) }).where('id', '=', id).execute();
    if (input.owners !== undefined) await setLinks(trx, 'sqlatable_user', 'dataset_id', 'user_id', id, await resolveOwners(trx, input.owners, scope.user));
    const override = query.override_columns === 'true' || query.override_columns === '1';
    if (input.columns !== undefined) await replaceChildren(trx, 'column', id, input.columns as Json[], scope.user, override);
    if (input.metrics !== undefined) await replaceChildren(trx, 'metric', id, input.metrics as Json[], scope.user, false);
    await assertDatasetExpressions(trx, id, input);
  },
  async afterCreate(id, input, scope) {
    if (input.sql || (Array.isArray(input.columns) && input.columns.length)) return;
    await refreshDatasetColumns(scope.ctx, id);
  },
};
