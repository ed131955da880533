import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors';
import type { AnyDb, AnyTrx, Json, Row } from '../resources/definition';
import { validateInput } from '../resources/fields';
import { runList } from '../resources/list';
import { parseListArgs } from '../resources/query-args';
import { ensureIdsExist, setLinks } from '../resources/writes';
import { isAdminRoleName } from '../security/current-user';
import { requirePermission } from '../security/guards';
import { forgetUser } from '../security/load-user';
import { asDefinition } from './admin-resource';
import { assertCanGrantPairs, assertCanGrantRoles } from './escalation';
import { roleResource } from './roles';
import { ensureAnActiveAdmin } from './users';

type P = { Params: { pk: string } };
const PK_SCHEMA = { type: 'object', required: ['pk'], properties: { pk: { type: 'string', pattern: '^[0-9]+$' } } } as const;
const QUERY_SCHEMA = { type: 'object', properties: { q: { type: 'string' } } } as const;

async function loadRole(db: AnyDb, pk: string): Promise<Row> {
  const role = await db.selectFrom('ab_role').selectAll().where('id', '=', Number(pk)).executeTakeFirst();
  if (!role) throw notFound(`Role ${pk} does not exist`);
  return role;
}

/** Links of many roles at once, for roles/search/: role id -> permission pair ids or user ids. */
async function linkedIds(db: AnyDb, table: 'ab_permission_view_role' | 'ab_user_role', column: string, roleIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(roleIds.map((id) => [id, []]));
  if (!roleIds.length) return map;
  const rows = await db.selectFrom(table).select(['role_id', column]).where('role_id', 'in', roleIds).orderBy(column).execute();
  for (const row of rows) map.get(row.role_id as number)?.push(row[column] as number);
  return map;
}

/** roles/search/ answers {count, ids, result: [{id, name, permission_ids, user_ids}]} with the roles list's filters. */
const roleSearch = asDefinition({
  ...roleResource,
  listColumns: ['id', 'name', 'permission_ids', 'user_ids'],
  async serializeList(rows, scope) {
    const ids = rows.map((r) => r.id as number);
    const [pairs, users] = await Promise.all([
      linkedIds(scope.db, 'ab_permission_view_role', 'permission_view_id', ids),
      linkedIds(scope.db, 'ab_user_role', 'user_id', ids),
    ]);
    return rows.map((row) => ({ id: row.id, name: row.name, permission_ids: pairs.get(row.id as number) ?? [], user_ids: users.get(row.id as number) ?? [] }));
  },
});

/**
 * The incumbent's role sub-resources: GET/POST /roles/{id}/permissions (a role's permission pairs, set as a
 * whole), PUT /roles/{id}/users (a role's members, set as a whole) and GET /roles/search/.
 */
export function registerRoleRoutes(app: FastifyInstance): void {
  const ctx = app.lumen;
  const db = ctx.store.db as unknown as AnyDb;
  const base = '/api/v1/security/roles';

  app.get<{ Querystring: { q?: string } }>(`${base}/search/`, { schema: { querystring: QUERY_SCHEMA } }, async (request) => {
    const user = requirePermission(request, 'can_read', 'Role');
    const args = parseListArgs(request.query.q);
    return runList(roleSearch, { ...args, keys: args.keys ?? [] }, { ctx, user, db });
  });

  app.get<P>(`${base}/:pk/permissions/`, { schema: { params: PK_SCHEMA } }, async (request) => {
    requirePermission(request, 'can_read', 'Role');
    const role = await loadRole(db, request.params.pk);
    const rows = await db
      .selectFrom('ab_permission_view_role as pvr')
      .innerJoin('ab_permission_view as pv', 'pv.id', 'pvr.permission_view_id')
      .select(['pv.id', 'pv.permission', 'pv.view_menu'])
      .where('pvr.role_id', '=', role.id as number)
      .orderBy('pv.view_menu')
      .orderBy('pv.permission')
      .execute();
    return { result: rows.map((r) => ({ id: r.id, permission_name: r.permission, view_menu_name: r.view_menu })) };
  });

  app.post<P>(`${base}/:pk/permissions`, { schema: { params: PK_SCHEMA } }, async (request) => {
    const user = requirePermission(request, 'can_write', 'Role');
    const role = await loadRole(db, request.params.pk);
    const input = validateInput({ permission_view_menu_ids: { kind: 'ids', required: true } }, request.body, 'create');
    const ids = input.permission_view_menu_ids as number[];
    await db.transaction().execute(async (trx: AnyTrx) => {
      await ensureIdsExist(trx, 'ab_permission_view', ids, 'Permission pairs');
      await assertCanGrantRoles(trx, user, [role.id as number]);
      await assertCanGrantPairs(trx, user, ids);
      await setLinks(trx, 'ab_permission_view_role', 'role_id', 'permission_view_id', role.id as number, ids);
    });
    forgetUser(ctx);
    return { result: { permission_view_menu_ids: ids } };
  });

  app.put<P>(`${base}/:pk/users`, { schema: { params: PK_SCHEMA } }, async (request) => {
    const user = requirePermission(request, 'can_write', 'Role');
    const role = await loadRole(db, request.params.pk);
    const input = validateInput({ user_ids: { kind: 'ids', required: true } }, request.body, 'create');
    const ids = input.user_ids as number[];
    await db.transaction().execute(async (trx: AnyTrx) => {
      await ensureIdsExist(trx, 'ab_user', ids, 'Users');
      await assertCanGrantRoles(trx, user, [role.id as number]);
      await setLinks(trx, 'ab_user_role', 'role_id', 'user_id', role.id as number, ids);
      if (isAdminRoleName(role.name as string)) await ensureAnActiveAdmin(trx);
    });
    forgetUser(ctx);
    return { result: { user_ids: ids } as Json };
  });
}
