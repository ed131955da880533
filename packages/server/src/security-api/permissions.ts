import { sql } from 'kysely';
import { badRequest, unprocessable } from '../errors';
import type { AnyTrx, ColumnFilter, Eb, Json, RelatedSource, Row } from '../resources/definition';
import { scalarFilter } from '../resources/filters';
import { forgetUser } from '../security/load-user';
import type { AdminResource } from './admin-resource';
import { syncPermissionCatalog } from './permission-names';

/**
 * The incumbent's permission model over Lumen's pairs: /security/permissions/ (permission names, read-only),
 * /security/resources/ (view names) and /security/permissions-resources/ (pairs of one permission and one
 * view; what roles hold). Pairs are stored by name, so renaming a view renames it in its pairs.
 */
const NAME_FIELDS = { name: { kind: 'string', maxLength: 250, required: true } } as const;
const serializeNames = (rows: Row[]): Json[] => rows.map((row) => ({ id: row.id, name: row.name }));
const syncNames: AdminResource['beforeRead'] = (scope) => syncPermissionCatalog(scope.db);

const nameListing = {
  listColumns: ['id', 'name'],
  showColumns: ['id', 'name'],
  orderColumns: { id: () => sql.ref('t.id'), name: () => sql.ref('t.name') },
  defaultOrder: { column: 'name', direction: 'asc' } as const,
  filters: { id: scalarFilter('id', 'number', ['eq', 'neq', 'in', 'gt', 'lt']), name: scalarFilter('name', 'string') },
  related: {},
  distinct: {},
  maxPageSize: 100,
  serializeList: async (rows: Row[]) => serializeNames(rows),
  serializeShow: async (row: Row) => serializeNames([row])[0],
  createFields: NAME_FIELDS,
  updateFields: NAME_FIELDS,
  beforeRead: syncNames,
};

export const permissionResource: AdminResource = {
  ...nameListing,
  name: 'security/permissions',
  table: 'ab_permission',
  view: 'Permission',
  thing: 'permission',
  plural: 'permissions',
  listTitle: 'List Base Permissions',
  showTitle: 'Show Base Permission',
  // Read-only, as in the incumbent: permission names come with the pairs that use them.
};

async function nameOf(trx: AnyTrx, table: 'ab_permission' | 'ab_view_menu', id: unknown, what: string): Promise<string> {
  const row = await trx.selectFrom(table).select('name').where('id', '=', id as number).executeTakeFirst();
  if (!row) throw unprocessable(`${what} ${id} does not exist`);
  return row.name as string;
}

async function ensureFreeViewName(trx: AnyTrx, name: string): Promise<void> {
  const taken = await trx.selectFrom('ab_view_menu').select('id').where('name', '=', name).executeTakeFirst();
  if (taken) throw unprocessable(`A view named '${name}' already exists`);
}

export const viewMenuResource: AdminResource = {
  ...nameListing,
  name: 'security/resources',
  table: 'ab_view_menu',
  view: 'ViewMenu',
  thing: 'view',
  plural: 'views',
  listTitle: 'List View Menus',
  showTitle: 'Show View Menu',
  adminOnlyWrites: 'Only admins can change views: renaming one changes what every role holding its pairs may do',
  async create(w, input) {
    const name = (input.name as string).trim();
    await ensureFreeViewName(w.trx, name);
    const row = await w.trx.insertInto('ab_view_menu').values({ name }).returning('id').executeTakeFirstOrThrow();
    return row.id as number;
  },
  async update(w, row, input) {
    const name = (input.name as string).trim();
    if (name === row.name) return;
    await ensureFreeViewName(w.trx, name);
    await w.trx.updateTable('ab_view_menu').set({ name }).where('id', '=', row.id as number).execute();
    // Checks read pair names: the view's pairs follow the rename.
    await w.trx.updateTable('ab_permission_view').set({ view_menu: name }).where('view_menu', '=', row.name as string).execute();
  },
  async beforeDelete(w, rows) {
    for (const row of rows) {
      const used = await w.trx.selectFrom('ab_permission_view').select((eb) => eb.fn.countAll().as('n')).where('view_menu', '=', row.name as string).executeTakeFirst();
      const n = Number(used?.n ?? 0);
      if (n > 0) throw unprocessable(`View ${row.name} is used by ${n} permission pair${n === 1 ? '' : 's'}; delete them first`);
    }
  },
  afterCommit: (scope) => forgetUser(scope.ctx),
};

/** rel_o_m / eq / in on the id of a pair's permission or view (pairs hold names; the registry holds ids). */
function byNameId(col: string, table: 'ab_permission' | 'ab_view_menu', column: 'permission' | 'view_menu'): ColumnFilter {
  const apply = (eb: Eb, value: unknown) => {
    const ids = (Array.isArray(value) ? value : [value]).map((v) => {
      const id = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
      if (!Number.isInteger(id)) throw badRequest(`Filter value for '${col}' must be an integer id, got ${JSON.stringify(v)}`);
      return id as number;
    });
    if (!ids.length) return sql<boolean>`1 = 0`;
    return eb.exists(eb.selectFrom(`${table} as n`).select(sql.lit(1).as('one')).whereRef('n.name', '=', `t.${column}`).where('n.id', 'in', ids));
  };
  return { operators: { rel_o_m: apply, eq: apply, in: apply } };
}

const namesSource = (table: 'ab_permission' | 'ab_view_menu'): RelatedSource => ({ table, text: () => sql.ref('r.name'), search: ['r.name'], order: 'r.name' });

const serializePairs = async (rows: Row[]): Promise<Json[]> =>
  rows.map((row) => ({ id: row.id, permission: { name: row.permission }, view_menu: { name: row.view_menu } }));

async function pairNames(trx: AnyTrx, input: Json, row?: Row): Promise<{ permission: string; view_menu: string }> {
  const permission = input.permission_id === undefined && row ? (row.permission as string) : await nameOf(trx, 'ab_permission', input.permission_id, 'Permission');
  const view = input.view_menu_id === undefined && row ? (row.view_menu as string) : await nameOf(trx, 'ab_view_menu', input.view_menu_id, 'View');
  let taken = trx.selectFrom('ab_permission_view').select('id').where('permission', '=', permission).where('view_menu', '=', view);
  if (row) taken = taken.where('id', '<>', row.id as number);
  if (await taken.executeTakeFirst()) throw unprocessable(`The pair ${permission} on ${view} already exists`);
  return { permission, view_menu: view };
}

export const permissionViewResource: AdminResource = {
  name: 'security/permissions-resources',
  table: 'ab_permission_view',
  view: 'PermissionViewMenu',
  thing: 'permission pair',
  plural: 'permission pairs',
  listTitle: 'List Permissions on Views/Menus',
  showTitle: 'Show Permission on Views/Menus',
  adminOnlyWrites: 'Only admins can change permission pairs: changing one changes what every role holding it may do',
  listColumns: ['id', 'permission.name', 'view_menu.name'],
  extraSelectable: ['permission', 'view_menu'],
  showColumns: ['id', 'permission.name', 'view_menu.name'],
  orderColumns: {
    id: () => sql.ref('t.id'),
    'permission.name': () => sql.ref('t.permission'),
    'view_menu.name': () => sql.ref('t.view_menu'),
  },
  defaultOrder: { column: 'id', direction: 'asc' },
  filters: {
    id: scalarFilter('id', 'number', ['eq', 'neq', 'in', 'gt', 'lt']),
    permission: byNameId('permission', 'ab_permission', 'permission'),
    view_menu: byNameId('view_menu', 'ab_view_menu', 'view_menu'),
    'permission.name': scalarFilter('t.permission', 'string'),
    'view_menu.name': scalarFilter('t.view_menu', 'string'),
  },
  related: { permission: namesSource('ab_permission'), view_menu: namesSource('ab_view_menu') },
  distinct: {},
  maxPageSize: 100,
  serializeList: serializePairs,
  serializeShow: async (row) => (await serializePairs([row]))[0],
  createFields: { permission_id: { kind: 'integer', required: true }, view_menu_id: { kind: 'integer', required: true } },
  updateFields: { permission_id: { kind: 'integer' }, view_menu_id: { kind: 'integer' } },
  beforeRead: syncNames,
  async prepare(input, scope) {
    await syncPermissionCatalog(scope.db);
    return input;
  },
  async create(w, input) {
    const row = await w.trx.insertInto('ab_permission_view').values(await pairNames(w.trx, input)).returning('id').executeTakeFirstOrThrow();
    return row.id as number;
  },
  async update(w, row, input) {
    await w.trx.updateTable('ab_permission_view').set(await pairNames(w.trx, input, row)).where('id', '=', row.id as number).execute();
  },
  // Roles holding a changed or deleted pair change what their users may do.
  afterCommit: (scope) => forgetUser(scope.ctx),
};
