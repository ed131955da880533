import { sql } from 'kysely';
import { unprocessable } from '../../errors';
import type { AnyDb, AnyTrx, Json, ResourceDefinition, Row } from '../definition';
import { type FieldMap, parseJsonField, pickColumns } from '../fields';
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
import { dashboardVisibility } from '../dashboard-visibility';
import { rolesSource, tagsSource, usersReferencedBy, usersSource } from '../related-sources';
import { auditFields, auditUserIds, loadOwners, loadTags, loadUsers } from '../serializers/relations';
import { auditOnCreate, auditOnUpdate, ensureIdsExist, removeSoftLinks, resolveOwners, setLinks, setObjectTags } from '../writes';
import { validateDashboardJsonMetadata } from '../../dashboards/metadata-validation';
import type { CurrentUser } from '../../security/current-user';
import { assertCanPlaceCharts } from '../dashboard-chart-links';

export const UNTITLED_DASHBOARD = '[ untitled dashboard ]';

const WRITE_FIELDS: FieldMap = {
  dashboard_title: { kind: 'string', nullable: true, maxLength: 500 },
  slug: { kind: 'string', nullable: true, emptyAsNull: true, maxLength: 255 },
  css: { kind: 'string', nullable: true },
  description: { kind: 'string', nullable: true },
  json_metadata: { kind: 'json', nullable: true, jsonObject: true },
  position_json: { kind: 'json', nullable: true, jsonObject: true },
  published: { kind: 'boolean' },
  owners: { kind: 'ids' },
  roles: { kind: 'ids' },
  certified_by: { kind: 'string', nullable: true },
  certification_details: { kind: 'string', nullable: true },
  is_managed_externally: { kind: 'boolean', nullable: true },
  external_url: { kind: 'string', nullable: true },
};
const COLUMNS = ['dashboard_title', 'slug', 'css', 'description', 'json_metadata', 'position_json', 'published', 'certified_by', 'certification_details', 'is_managed_externally', 'external_url'];

/** Chart ids referenced by CHART components of a position_json document. */
export function chartIdsInPosition(position: unknown): number[] {
  if (!position || typeof position !== 'object') return [];
  const ids = new Set<number>();
  for (const component of Object.values(position as Record<string, unknown>)) {
    if (!component || typeof component !== 'object') continue;
    const c = component as { type?: unknown; meta?: { chartId?: unknown } };
    if (typeof c.type === 'string' && c.type.toLowerCase() === 'chart' && Number.isInteger(c.meta?.chartId)) ids.add(c.meta!.chartId as number);
  }
  return [...ids];
}

/**
 * Keeps dashboard_slices in step with the charts placed in position_json (unknown chart ids are dropped);
 * charts newly placed must be readable by the editor.
 */
async function syncSlices(trx: AnyTrx, dashboardId: number, positionJson: string | null, user: CurrentUser): Promise<void> {
  const ids = positionJson ? chartIdsInPosition(parseJsonField('position_json', positionJson, true)) : [];
  const existing = ids.length ? await trx.selectFrom('slices').select('id').where('id', 'in', ids).execute() : [];
  await assertCanPlaceCharts(trx, user, dashboardId, existing.map((r) => r.id as number));
  await setLinks(trx, 'dashboard_slices', 'dashboard_id', 'slice_id', dashboardId, existing.map((r) => r.id as number));
}

/**
 * Spec 2 §5: certification details are kept only while certified_by is set; a blank certifier is null.
 * `current` is the stored certifier when the write does not send one.
 */
function applyCertificationRule(values: Record<string, unknown>, current: unknown = null): void {
  if ('certified_by' in values && typeof values.certified_by === 'string' && values.certified_by.trim() === '') values.certified_by = null;
  const certifier = 'certified_by' in values ? values.certified_by : current;
  if (typeof certifier !== 'string' || certifier.trim() === '') {
    if ('certified_by' in values || 'certification_details' in values) values.certification_details = null;
  }
}

async function checkSlug(trx: AnyTrx, slug: unknown, selfId?: number): Promise<void> {
  if (typeof slug !== 'string') return;
  if (/^\d+$/.test(slug)) throw unprocessable(`Slug '${slug}' is not allowed: a slug must not be a number (it would be read as an id)`);
  let query = trx.selectFrom('dashboards').select('id').where('slug', '=', slug);
  if (selfId !== undefined) query = query.where('id', '<>', selfId);
  if (await query.executeTakeFirst()) throw unprocessable(`A dashboard with the slug '${slug}' already exists`);
}

async function loadRoles(db: AnyDb, ids: number[]): Promise<Map<number, Row[]>> {
  const map = new Map<number, Row[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom('dashboard_roles as l')
    .innerJoin('ab_role as r', 'r.id', 'l.role_id')
    .select(['l.dashboard_id', 'r.id', 'r.name'])
    .where('l.dashboard_id', 'in', ids)
    .orderBy('r.id')
    .execute();
  for (const row of rows) map.get(row.dashboard_id as number)?.push({ id: row.id, name: row.name });
  return map;
}

async function loadChartNames(db: AnyDb, ids: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom('dashboard_slices as l')
    .innerJoin('slices as s', 's.id', 'l.slice_id')
    .select(['l.dashboard_id', 's.slice_name'])
    .where('l.dashboard_id', 'in', ids)
    .orderBy('s.id')
    .execute();
  for (const row of rows) map.get(row.dashboard_id as number)?.push(row.slice_name as string);
  return map;
}

async function serialize(rows: Row[], db: AnyDb, show: boolean): Promise<Json[]> {
  const ids = rows.map((r) => r.id as number);
  const [owners, tags, roles, users, charts] = await Promise.all([
    loadOwners(db, 'dashboard_user', 'dashboard_id', ids),
    loadTags(db, 'dashboard', ids),
    loadRoles(db, ids),
    loadUsers(db, auditUserIds(rows)),
    show ? loadChartNames(db, ids) : Promise.resolve(new Map<number, string[]>()),
  ]);
  return rows.map((row) => {
    const id = row.id as number;
    const published = row.published === 1;
    return {
      id,
      uuid: row.uuid,
      dashboard_title: row.dashboard_title,
      slug: row.slug,
      url: `/superset/dashboard/${row.slug ?? id}/`,
      published,
      status: published ? 'published' : 'draft',
      css: row.css,
      description: row.description,
      json_metadata: row.json_metadata,
      position_json: row.position_json,
      certified_by: row.certified_by,
      certification_details: row.certification_details,
      is_managed_externally: row.is_managed_externally === 1,
      external_url: row.external_url,
      owners: owners.get(id) ?? [],
      roles: roles.get(id) ?? [],
      tags: tags.get(id) ?? [],
      changed_on_utc: row.changed_on,
      // Lumen draws no dashboard thumbnails (the incumbent's are screenshots taken by a worker).
      thumbnail_url: null,
      ...auditFields(row, users),
      ...(show ? { charts: charts.get(id) ?? [] } : {}),
    };
  });
}

/** The incumbent's dashboard list columns (DashboardRestApi.get_list), returned when select_columns names none. */
const LIST = [
  'certification_details', 'certified_by', 'changed_by.first_name', 'changed_by.id', 'changed_by.last_name', 'changed_by_name',
  'changed_on_delta_humanized', 'changed_on_utc', 'created_by.first_name', 'created_by.id', 'created_by.last_name',
  'created_on_delta_humanized', 'dashboard_title', 'id', 'is_managed_externally', 'owners.first_name', 'owners.id', 'owners.last_name',
  'published', 'roles.id', 'roles.name', 'slug', 'status', 'tags.id', 'tags.name', 'tags.type', 'thumbnail_url', 'url', 'uuid',
];
const SHOW = [
  'id', 'uuid', 'dashboard_title', 'slug', 'url', 'published', 'status', 'certified_by', 'certification_details',
  'is_managed_externally', 'owners', 'roles', 'tags', 'changed_on', 'changed_on_utc', 'changed_on_delta_humanized',
  'created_on_delta_humanized', 'changed_by', 'changed_by_name', 'created_by', 'css', 'description', 'json_metadata', 'position_json',
  'charts', 'external_url', 'created_on',
];

export const dashboardDefinition: ResourceDefinition = {
  name: 'dashboard',
  table: 'dashboards',
  view: 'Dashboard',
  thing: 'dashboard',
  plural: 'dashboards',
  listTitle: 'List Dashboard',
  listColumns: LIST,
  extraSelectable: ['css', 'json_metadata', 'position_json', 'description', 'created_on', 'external_url'],
  showColumns: SHOW,
  orderColumns: {
    id: () => sql.ref('t.id'),
    dashboard_title: () => sql.ref('t.dashboard_title'),
    slug: () => sql.ref('t.slug'),
    published: () => sql.ref('t.published'),
    changed_on: () => sql.ref('t.changed_on'),
    changed_on_delta_humanized: () => sql.ref('t.changed_on'),
    created_on: () => sql.ref('t.created_on'),
    'changed_by.first_name': (eb) => eb.selectFrom('ab_user as u').select('u.first_name').whereRef('u.id', '=', 't.changed_by_fk'),
  },
  defaultOrder: { column: 'changed_on', direction: 'desc' },
  filters: {
    id: mergeFilters(scalarFilter('id', 'number', ['eq', 'neq', 'in', 'gt', 'lt']), {
      dashboard_is_favorite: favoriteOperator('Dashboard'),
      favorite: favoriteOperator('Dashboard'),
      favourites: favoriteOperator('Dashboard'),
      dashboard_is_certified: certifiedOperator,
      certified: certifiedOperator,
    }),
    dashboard_title: mergeFilters(scalarFilter('dashboard_title', 'string'), {
      title_or_slug: allTextOperator(['dashboard_title', 'slug']),
      all_text: allTextOperator(['dashboard_title', 'slug', 'description']),
      dashboard_all_text: allTextOperator(['dashboard_title', 'slug', 'description']),
    }),
    slug: scalarFilter('slug', 'string'),
    published: scalarFilter('published', 'boolean'),
    uuid: scalarFilter('uuid', 'string', ['eq', 'in']),
    certified_by: scalarFilter('certified_by', 'string'),
    changed_on: scalarFilter('changed_on', 'datetime'),
    owners: relManyToMany('owners', 'dashboard_user', 'dashboard_id', 'user_id'),
    roles: relManyToMany('roles', 'dashboard_roles', 'dashboard_id', 'role_id'),
    created_by: relOneToMany('created_by', 'created_by_fk'),
    changed_by: relOneToMany('changed_by', 'changed_by_fk'),
    tags: {
      operators: {
        tags: tagIdOperator('dashboard'),
        dashboard_tag_id: tagIdOperator('dashboard'),
        rel_m_m: tagIdOperator('dashboard'),
        dashboard_tags: tagNameOperator('dashboard'),
        tag_name: tagNameOperator('dashboard'),
      },
    },
  },
  related: {
    owners: usersSource(),
    created_by: usersReferencedBy('dashboards', 'created_by_fk'),
    changed_by: usersReferencedBy('dashboards', 'changed_by_fk'),
    roles: rolesSource,
    tags: tagsSource,
  },
  distinct: { dashboard_title: 'dashboard_title', slug: 'slug' },
  ownership: { kind: 'link', table: 'dashboard_user', fk: 'dashboard_id' },
  favoriteClass: 'Dashboard',
  tagType: 'dashboard',
  maxPageSize: 100,
  /** Admins see all; others see what they own or created, and published dashboards (role-limited with DashboardRbac). */
  visibility: dashboardVisibility,
  serializeList: (rows, scope) => serialize(rows, scope.db, false),
  serializeShow: async (row, scope) => (await serialize([row], scope.db, true))[0],
  createFields: WRITE_FIELDS,
  updateFields: { ...WRITE_FIELDS, tags: { kind: 'ids' } },
  async create(trx, input, scope) {
    validateDashboardJsonMetadata(input.json_metadata);
    await checkSlug(trx, input.slug);
    const roles = (input.roles as number[] | undefined) ?? [];
    await ensureIdsExist(trx, 'ab_role', roles, 'Roles');
    const owners = await resolveOwners(trx, input.owners, scope.user);
    const title = typeof input.dashboard_title === 'string' && input.dashboard_title.trim() !== '' ? input.dashboard_title : UNTITLED_DASHBOARD;
    const values = { ...pickColumns(input, COLUMNS), dashboard_title: title, ...auditOnCreate(scope.user) };
    applyCertificationRule(values);
    const row = await trx.insertInto('dashboards').values(values).returning('id').executeTakeFirstOrThrow();
    const id = row.id as number;
    await setLinks(trx, 'dashboard_user', 'dashboard_id', 'user_id', id, owners);
    await setLinks(trx, 'dashboard_roles', 'dashboard_id', 'role_id', id, roles);
    if (input.position_json !== undefined) await syncSlices(trx, id, input.position_json as string | null, scope.user);
    return id;
  },
  async update(trx, row, input, scope) {
    validateDashboardJsonMetadata(input.json_metadata);
    const id = row.id as number;
    if (input.slug !== undefined) await checkSlug(trx, input.slug, id);
    const values = pickColumns(input, COLUMNS);
    if ('dashboard_title' in values && (typeof values.dashboard_title !== 'string' || values.dashboard_title.trim() === '')) values.dashboard_title = UNTITLED_DASHBOARD;
    applyCertificationRule(values, row.certified_by);
    await trx.updateTable('dashboards').set({ ...values, ...auditOnUpdate(scope.user) }).where('id', '=', id).execute();
    if (input.owners !== undefined) await setLinks(trx, 'dashboard_user', 'dashboard_id', 'user_id', id, await resolveOwners(trx, input.owners, scope.user));
    if (input.roles !== undefined) {
      await ensureIdsExist(trx, 'ab_role', input.roles as number[], 'Roles');
      await setLinks(trx, 'dashboard_roles', 'dashboard_id', 'role_id', id, input.roles as number[]);
    }
    if (input.tags !== undefined) await setObjectTags(trx, 'dashboard', id, input.tags as number[], scope.user);
    if (input.position_json !== undefined) await syncSlices(trx, id, input.position_json as string | null, scope.user);
  },
  beforeDelete: (trx, ids) => removeSoftLinks(trx, ids, 'Dashboard', 'dashboard'),
  findByKey: (db, key) => db.selectFrom('dashboards as t').selectAll().where('t.slug', '=', key).executeTakeFirst(),
  async writeResponse(id, scope) {
    const row = await scope.db.selectFrom('dashboards').select('changed_on').where('id', '=', id).executeTakeFirst();
    return { last_modified_time: row ? Date.parse(row.changed_on as string) / 1000 : null };
  },
};
