import { sql } from 'kysely';
import { unprocessable } from '../../errors';
import { nowIso } from '../../metadata/connect';
import type { AnyDb, Json, RequestScope, ResourceDefinition, Row } from '../definition';
import type { FieldMap } from '../fields';
import { pickColumns } from '../fields';
import {
  allTextOperator,
  certifiedOperator,
  favoriteOperator,
  mergeFilters,
  relManyToMany,
  relOneToMany,
  scalarFilter,
  tagIdOperator,
  tagNameOperator,
} from '../filters';
import { dashboardVisibleTo } from '../visible-dashboards';
import { dashboardsSource, tagsSource, usersReferencedBy, usersSource } from '../related-sources';
import { auditFields, auditUserIds, loadOwners, loadTags, loadUsers, parseJsonText, type TagRef, type UserRef, userFullName } from '../serializers/relations';
import { assertCanChangeChartDashboards } from '../dashboard-chart-links';
import { auditOnCreate, auditOnUpdate, ensureIdsExist, removeSoftLinks, resolveOwners, setLinks, setObjectTags } from '../writes';
import { chartAccessCondition } from '../../security/data-access-sql';
import { dataAccessOf } from '../../security/data-access';
import { chartAccessDenied } from '../../security/data-access-errors';

/** Datasource types of spec 1 §3; charts store the id and the type (written id__type). */
export const DATASOURCE_TYPES = ['table', 'query', 'dataset', 'sl_table', 'saved_query'];

const WRITE_FIELDS: FieldMap = {
  slice_name: { kind: 'string', maxLength: 250 },
  description: { kind: 'string', nullable: true },
  viz_type: { kind: 'string', maxLength: 250 },
  owners: { kind: 'ids' },
  params: { kind: 'json', nullable: true, jsonObject: true },
  query_context: { kind: 'json', nullable: true, jsonObject: true },
  query_context_generation: { kind: 'boolean', nullable: true },
  cache_timeout: { kind: 'integer', nullable: true, emptyAsNull: true },
  datasource_id: { kind: 'integer' },
  datasource_type: { kind: 'string' },
  datasource_name: { kind: 'string', nullable: true },
  dashboards: { kind: 'ids' },
  certified_by: { kind: 'string', nullable: true },
  certification_details: { kind: 'string', nullable: true },
  is_managed_externally: { kind: 'boolean', nullable: true },
  external_url: { kind: 'string', nullable: true },
};

const COLUMNS = ['slice_name', 'description', 'viz_type', 'params', 'query_context', 'cache_timeout', 'datasource_id', 'datasource_type', 'certified_by', 'certification_details', 'is_managed_externally', 'external_url'];

/**
 * The dashboards each chart is on, naming only those the caller may open (visible-dashboards.ts). Their
 * json_metadata (colour maps, native filters: kilobytes each) is read only for the GET-one answer.
 */
async function loadDashboards(db: AnyDb, ids: number[], scope: RequestScope, withMetadata: boolean): Promise<Map<number, Row[]>> {
  const map = new Map<number, Row[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom('dashboard_slices as l')
    .innerJoin('dashboards as d', 'd.id', 'l.dashboard_id')
    .select(['l.slice_id', 'd.id', 'd.dashboard_title', ...(withMetadata ? ['d.json_metadata'] : [])])
    .where('l.slice_id', 'in', ids)
    .where((eb) => dashboardVisibleTo(eb, scope, 'd.id'))
    .orderBy('d.id')
    .execute();
  for (const row of rows) map.get(row.slice_id as number)?.push(row);
  return map;
}

async function loadDatasets(db: AnyDb, rows: Row[]): Promise<Map<number, Row>> {
  const ids = [...new Set(rows.filter((r) => r.datasource_type === 'table' || r.datasource_type === 'dataset').map((r) => r.datasource_id as number))];
  const map = new Map<number, Row>();
  if (ids.length === 0) return map;
  const found = await db.selectFrom('tables').select(['id', 'table_name', 'default_endpoint', 'schema']).where('id', 'in', ids).execute();
  for (const row of found) map.set(row.id as number, row);
  return map;
}

async function checkDatasource(db: AnyDb, id: unknown, type: unknown): Promise<void> {
  if (type !== undefined && !DATASOURCE_TYPES.includes(type as string)) {
    throw unprocessable(`Invalid datasource_type '${String(type)}'; allowed: ${DATASOURCE_TYPES.join(', ')}`);
  }
  if (id === undefined) return;
  const table = type === 'query' ? 'query' : type === 'saved_query' ? 'saved_query' : 'tables';
  const found = await db.selectFrom(table).select('id').where('id', '=', id as number).executeTakeFirst();
  if (!found) throw unprocessable(`Datasource does not exist: ${String(id)}__${String(type ?? 'table')}`);
}

const formData = (row: Row): Json => {
  const params = parseJsonText(row.params);
  return {
    ...(params && typeof params === 'object' && !Array.isArray(params) ? (params as Json) : {}),
    slice_id: row.id,
    viz_type: row.viz_type,
    datasource: `${row.datasource_id}__${row.datasource_type}`,
  };
};

/** `columns`: the columns asked for; relations none of them names are not loaded. */
async function serialize(rows: Row[], db: AnyDb, scope: RequestScope, columns: readonly string[]): Promise<Json[]> {
  const ids = rows.map((r) => r.id as number);
  const wants = (relation: string) => columns.some((c) => c === relation || c.startsWith(`${relation}.`));
  const none = <T>() => Promise.resolve(new Map<number, T>());
  const [owners, tags, dashboards, users, datasets] = await Promise.all([
    wants('owners') ? loadOwners(db, 'slice_user', 'slice_id', ids) : none<UserRef[]>(),
    wants('tags') ? loadTags(db, 'chart', ids) : none<TagRef[]>(),
    wants('dashboards') ? loadDashboards(db, ids, scope, columns.includes('dashboards') || columns.includes('dashboards.json_metadata')) : none<Row[]>(),
    loadUsers(db, [...auditUserIds(rows), ...rows.map((r) => r.last_saved_by_fk as number | null)]),
    loadDatasets(db, rows),
  ]);
  return rows.map((row) => {
    const id = row.id as number;
    const table = datasets.get(row.datasource_id as number);
    return {
      id,
      uuid: row.uuid,
      slice_name: row.slice_name,
      viz_type: row.viz_type,
      description: row.description,
      params: row.params,
      query_context: row.query_context,
      cache_timeout: row.cache_timeout,
      certified_by: row.certified_by,
      certification_details: row.certification_details,
      is_managed_externally: row.is_managed_externally === 1,
      external_url: row.external_url,
      datasource_id: row.datasource_id,
      datasource_type: row.datasource_type,
      datasource_name_text: table ? (table.schema ? `${table.schema}.${table.table_name}` : table.table_name) : null,
      datasource_url: table ? `/explore/?datasource_type=table&datasource_id=${table.id}` : null,
      table: table ? { table_name: table.table_name, default_endpoint: table.default_endpoint } : null,
      url: `/explore/?slice_id=${id}`,
      slice_url: `/explore/?slice_id=${id}`,
      edit_url: `/chart/edit/${id}`,
      owners: owners.get(id) ?? [],
      dashboards: (dashboards.get(id) ?? []).map((d) => ({ id: d.id, dashboard_title: d.dashboard_title, ...('json_metadata' in d ? { json_metadata: d.json_metadata } : {}) })),
      tags: tags.get(id) ?? [],
      last_saved_at: row.last_saved_at,
      last_saved_by: users.get(row.last_saved_by_fk as number) ?? null,
      changed_on_utc: row.changed_on,
      changed_on_dttm: typeof row.changed_on === 'string' ? Date.parse(row.changed_on) : null,
      // Lumen renders descriptions (Markdown) and chart previews in the browser; it serves neither as HTML nor thumbnails.
      description_markeddown: null,
      thumbnail_url: null,
      ...auditFields(row, users),
      created_by_name: userFullName(users, row.created_by_fk),
      form_data: formData(row),
    };
  });
}

/** The incumbent's chart list columns (ChartRestApi.get_list), returned when select_columns names none. */
const LIST = [
  'cache_timeout', 'certification_details', 'certified_by', 'changed_by.first_name', 'changed_by.id', 'changed_by.last_name',
  'changed_by_name', 'changed_on_delta_humanized', 'changed_on_dttm', 'changed_on_utc', 'created_by.first_name', 'created_by.id',
  'created_by.last_name', 'created_by_name', 'created_on_delta_humanized', 'dashboards.dashboard_title', 'dashboards.id', 'datasource_id',
  'datasource_name_text', 'datasource_type', 'datasource_url', 'description', 'description_markeddown', 'edit_url', 'form_data', 'id',
  'is_managed_externally', 'last_saved_at', 'last_saved_by.first_name', 'last_saved_by.id', 'last_saved_by.last_name', 'owners.first_name',
  'owners.id', 'owners.last_name', 'params', 'slice_name', 'slice_url', 'table.default_endpoint', 'table.table_name', 'tags.id', 'tags.name',
  'tags.type', 'thumbnail_url', 'url', 'uuid', 'viz_type',
];
/** The GET-one answer's keys. */
const SHOW = [
  'id', 'uuid', 'slice_name', 'viz_type', 'description', 'params', 'cache_timeout', 'certified_by', 'certification_details',
  'is_managed_externally', 'datasource_id', 'datasource_type', 'datasource_name_text', 'datasource_url', 'table', 'url',
  'slice_url', 'edit_url', 'owners', 'dashboards', 'tags', 'last_saved_at', 'last_saved_by', 'changed_on', 'changed_on_utc',
  'changed_on_delta_humanized', 'created_on_delta_humanized', 'changed_by', 'changed_by_name', 'created_by', 'query_context',
  'form_data', 'external_url', 'created_on',
];

export const chartDefinition: ResourceDefinition = {
  name: 'chart',
  table: 'slices',
  view: 'Chart',
  thing: 'chart',
  plural: 'charts',
  listTitle: 'List Slice',
  showTitle: 'Show Slice',
  listColumns: LIST,
  showColumns: SHOW,
  orderColumns: {
    id: () => sql.ref('t.id'),
    slice_name: () => sql.ref('t.slice_name'),
    viz_type: () => sql.ref('t.viz_type'),
    datasource_id: () => sql.ref('t.datasource_id'),
    description: () => sql.ref('t.description'),
    changed_on: () => sql.ref('t.changed_on'),
    changed_on_delta_humanized: () => sql.ref('t.changed_on'),
    created_on: () => sql.ref('t.created_on'),
    last_saved_at: () => sql.ref('t.last_saved_at'),
    'last_saved_by.id': () => sql.ref('t.last_saved_by_fk'),
    'changed_by.first_name': (eb) => eb.selectFrom('ab_user as u').select('u.first_name').whereRef('u.id', '=', 't.changed_by_fk'),
    datasource_name: (eb) => eb.selectFrom('tables as d').select('d.table_name').whereRef('d.id', '=', 't.datasource_id'),
  },
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  filters: {
    id: mergeFilters(scalarFilter('id', 'number', ['eq', 'neq', 'in', 'gt', 'lt']), {
      chart_is_favorite: favoriteOperator('slice'),
      favorite: favoriteOperator('slice'),
      favourites: favoriteOperator('slice'),
      chart_is_certified: certifiedOperator,
      certified: certifiedOperator,
    }),
    slice_name: mergeFilters(scalarFilter('slice_name', 'string'), {
      chart_all_text: allTextOperator(['slice_name', 'description', 'viz_type']),
      all_text: allTextOperator(['slice_name', 'description', 'viz_type']),
    }),
    viz_type: scalarFilter('viz_type', 'string'),
    description: scalarFilter('description', 'string'),
    datasource_id: scalarFilter('datasource_id', 'number'),
    datasource_type: scalarFilter('datasource_type', 'string'),
    uuid: scalarFilter('uuid', 'string', ['eq', 'in']),
    certified_by: scalarFilter('certified_by', 'string'),
    cache_timeout: scalarFilter('cache_timeout', 'number'),
    changed_on: scalarFilter('changed_on', 'datetime'),
    last_saved_at: scalarFilter('last_saved_at', 'datetime'),
    owners: relManyToMany('owners', 'slice_user', 'slice_id', 'user_id'),
    dashboards: relManyToMany('dashboards', 'dashboard_slices', 'slice_id', 'dashboard_id'),
    created_by: relOneToMany('created_by', 'created_by_fk'),
    changed_by: relOneToMany('changed_by', 'changed_by_fk'),
    tags: { operators: { tags: tagIdOperator('chart'), chart_tag_id: tagIdOperator('chart'), rel_m_m: tagIdOperator('chart'), chart_tags: tagNameOperator('chart'), tag_name: tagNameOperator('chart') } },
  },
  related: {
    owners: usersSource(),
    created_by: usersReferencedBy('slices', 'created_by_fk'),
    changed_by: usersReferencedBy('slices', 'changed_by_fk'),
    dashboards: dashboardsSource,
    tags: tagsSource,
  },
  distinct: { viz_type: 'viz_type', datasource_type: 'datasource_type', slice_name: 'slice_name' },
  ownership: { kind: 'link', table: 'slice_user', fk: 'slice_id' },
  favoriteClass: 'slice',
  tagType: 'chart',
  maxPageSize: 200,
  visibility: (eb, scope) => chartAccessCondition(eb, dataAccessOf(scope.user), 't'),
  hiddenError: (row, scope) => chartAccessDenied(scope.db, row),
  serializeList: (rows, scope, columns) => serialize(rows, scope.db, scope, columns),
  serializeShow: async (row, scope) => (await serialize([row], scope.db, scope, chartDefinition.showColumns))[0],
  createFields: {
    ...WRITE_FIELDS,
    slice_name: { kind: 'string', maxLength: 250, required: true },
    datasource_id: { kind: 'integer', required: true },
    datasource_type: { kind: 'string', required: true },
  },
  updateFields: { ...WRITE_FIELDS, tags: { kind: 'ids' } },
  async create(trx, input, scope) {
    await checkDatasource(trx, input.datasource_id, input.datasource_type);
    const dashboards = (input.dashboards as number[] | undefined) ?? [];
    await ensureIdsExist(trx, 'dashboards', dashboards, 'Dashboards');
    await assertCanChangeChartDashboards(trx, scope.user, null, dashboards);
    const owners = await resolveOwners(trx, input.owners, scope.user);
    const values = {
      viz_type: scope.ctx.config.defaultVizType,
      ...pickColumns(input, COLUMNS),
      ...auditOnCreate(scope.user),
      last_saved_at: nowIso(),
      last_saved_by_fk: scope.user.id,
    };
    const row = await trx.insertInto('slices').values(values).returning('id').executeTakeFirstOrThrow();
    const id = row.id as number;
    await setLinks(trx, 'slice_user', 'slice_id', 'user_id', id, owners);
    await setLinks(trx, 'dashboard_slices', 'slice_id', 'dashboard_id', id, dashboards);
    return id;
  },
  async update(trx, row, input, scope) {
    const id = row.id as number;
    if (input.datasource_id !== undefined || input.datasource_type !== undefined) {
      await checkDatasource(trx, input.datasource_id ?? row.datasource_id, input.datasource_type ?? row.datasource_type);
    }
    await trx
      .updateTable('slices')
      .set({ ...pickColumns(input, COLUMNS), ...auditOnUpdate(scope.user), last_saved_at: nowIso(), last_saved_by_fk: scope.user.id })
      .where('id', '=', id)
      .execute();
    if (input.owners !== undefined) await setLinks(trx, 'slice_user', 'slice_id', 'user_id', id, await resolveOwners(trx, input.owners, scope.user));
    if (input.dashboards !== undefined) {
      await ensureIdsExist(trx, 'dashboards', input.dashboards as number[], 'Dashboards');
      await assertCanChangeChartDashboards(trx, scope.user, id, input.dashboards as number[]);
      await setLinks(trx, 'dashboard_slices', 'slice_id', 'dashboard_id', id, input.dashboards as number[]);
    }
    if (input.tags !== undefined) await setObjectTags(trx, 'chart', id, input.tags as number[], scope.user);
  },
  beforeDelete: (trx, ids) => removeSoftLinks(trx, ids, 'slice', 'chart'),
};
