import { sql } from 'kysely';
import { unprocessable } from '../errors';
import type { AnyTrx, Json, Row } from '../resources/definition';
import { relManyToMany, scalarFilter } from '../resources/filters';
import { forgetUser } from '../security/load-user';
import { BUILTIN_ROLES } from '../security/roles';
import type { AdminResource } from './admin-resource';
import { assertCanGrantRoles } from './escalation';

/**
 * /api/v1/security/roles/: roles by name. The built-in roles (Admin, Alpha, Gamma, sql_lab, Public) are
 * seeded by name at every start, so they can be given other pairs but not renamed or deleted.
 */
export const isBuiltinRole = (name: unknown): boolean => typeof name === 'string' && Object.hasOwn(BUILTIN_ROLES, name);

async function ensureFreeName(trx: AnyTrx, name: string, selfId?: number): Promise<void> {
  let query = trx.selectFrom('ab_role').select('id').where(sql`lower(name)`, '=', name.toLowerCase());
  if (selfId !== undefined) query = query.where('id', '<>', selfId);
  if (await query.executeTakeFirst()) throw unprocessable(`A role named '${name}' already exists`);
}

const serialize = (rows: Row[]): Json[] => rows.map((row) => ({ id: row.id, name: row.name }));

export const roleResource: AdminResource = {
  name: 'security/roles',
  table: 'ab_role',
  view: 'Role',
  thing: 'role',
  plural: 'roles',
  listTitle: 'List Roles',
  showTitle: 'Show Role',
  listColumns: ['id', 'name'],
  showColumns: ['id', 'name'],
  orderColumns: { id: () => sql.ref('t.id'), name: () => sql.ref('t.name') },
  defaultOrder: { column: 'name', direction: 'asc' },
  filters: {
    id: scalarFilter('id', 'number', ['eq', 'neq', 'in', 'gt', 'lt']),
    name: scalarFilter('name', 'string'),
    user_ids: relManyToMany('user_ids', 'ab_user_role', 'role_id', 'user_id'),
    permission_ids: relManyToMany('permission_ids', 'ab_permission_view_role', 'role_id', 'permission_view_id'),
  },
  related: {},
  distinct: {},
  maxPageSize: 100,
  serializeList: async (rows) => serialize(rows),
  serializeShow: async (row) => serialize([row])[0],
  createFields: { name: { kind: 'string', maxLength: 64, required: true } },
  updateFields: { name: { kind: 'string', maxLength: 64, required: true } },
  async create(w, input) {
    const name = (input.name as string).trim();
    await ensureFreeName(w.trx, name);
    const row = await w.trx.insertInto('ab_role').values({ name }).returning('id').executeTakeFirstOrThrow();
    return row.id as number;
  },
  async update(w, row, input) {
    if (typeof input.name !== 'string') return;
    const name = input.name.trim();
    if (name === row.name) return;
    if (isBuiltinRole(row.name)) throw unprocessable(`Role ${row.name} is built in and cannot be renamed`);
    await assertCanGrantRoles(w.trx, w.user, [row.id as number]);
    await ensureFreeName(w.trx, name, row.id as number);
    await w.trx.updateTable('ab_role').set({ name }).where('id', '=', row.id as number).execute();
  },
  async beforeDelete(w, rows) {
    const builtin = rows.find((row) => isBuiltinRole(row.name));
    if (builtin) throw unprocessable(`Role ${builtin.name} is built in and cannot be deleted`);
    await assertCanGrantRoles(w.trx, w.user, rows.map((row) => row.id as number));
  },
  // A user's loaded permissions name their roles: any role change invalidates every cached user.
  afterCommit: (scope) => forgetUser(scope.ctx),
};
