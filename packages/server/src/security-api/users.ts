import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { badRequest, unprocessable } from '../errors';
import { nowIso, toBool } from '../metadata/connect';
import type { MetadataSchema } from '../metadata/schema';
import type { AnyDb, AnyTrx, Json, RequestScope, Row } from '../resources/definition';
import { type FieldMap, pickColumns } from '../resources/fields';
import { relManyToMany, relOneToMany, scalarFilter } from '../resources/filters';
import { rolesSource, usersReferencedBy } from '../resources/related-sources';
import { auditFields, auditUserIds, loadUsers } from '../resources/serializers/relations';
import { ensureIdsExist, setLinks } from '../resources/writes';
import { forgetUser } from '../security/load-user';
import { hashPassword } from '../security/passwords';
import { deleteUserSessions } from '../security/sessions';
import type { AdminResource, WriteScope } from './admin-resource';
import { assertCanGrantRoles, assertCanManageUser } from './escalation';
import { checkPasswordStrength } from './password-policy';

/**
 * /api/v1/security/users/: the incumbent's user API. No response ever carries the password or its hash;
 * deactivating a user or changing its password ends its sessions in the same transaction, and the
 * permission cache forgets the user so its Bearer tokens stop working at once.
 */
const FIELDS: FieldMap = {
  username: { kind: 'string', maxLength: 250 },
  first_name: { kind: 'string', maxLength: 64 },
  last_name: { kind: 'string', maxLength: 64 },
  email: { kind: 'string', maxLength: 320 },
  password: { kind: 'string' },
  active: { kind: 'boolean' },
  roles: { kind: 'ids' },
};
const required = (fields: FieldMap, names: string[]): FieldMap =>
  Object.fromEntries(Object.entries(fields).map(([name, spec]) => [name, names.includes(name) ? { ...spec, required: true } : spec]));

/** Whether a single sign-on provider is configured, so an account may have no password (sso/). */
const ssoConfigured = (ctx: RequestScope['ctx']): boolean => Boolean(ctx.config.auth.oidc || ctx.config.auth.ldap);

const LIST = [
  'id', 'roles.id', 'roles.name', 'first_name', 'last_name', 'username', 'active', 'email', 'last_login', 'login_count',
  'fail_login_count', 'created_on', 'changed_on', 'created_by.id', 'changed_by.id',
];
const PROFILE = ['username', 'first_name', 'last_name', 'email', 'active'];

async function loadRoles(db: AnyDb, userIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const map = new Map<number, { id: number; name: string }[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return map;
  const rows = await db
    .selectFrom('ab_user_role as ur')
    .innerJoin('ab_role as r', 'r.id', 'ur.role_id')
    .select(['ur.user_id', 'r.id', 'r.name'])
    .where('ur.user_id', 'in', userIds)
    .orderBy('r.name')
    .execute();
  for (const row of rows) map.get(row.user_id as number)?.push({ id: row.id as number, name: row.name as string });
  return map;
}

async function serialize(rows: Row[], db: AnyDb): Promise<Json[]> {
  const [roles, users] = await Promise.all([loadRoles(db, rows.map((r) => r.id as number)), loadUsers(db, auditUserIds(rows))]);
  return rows.map((row) => {
    const audit = auditFields(row, users);
    return {
      id: row.id,
      username: row.username,
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      active: toBool(row.active),
      roles: roles.get(row.id as number) ?? [],
      login_count: row.login_count,
      // Failed logins are counted in memory per account and address (security/login-throttle.ts), not stored.
      fail_login_count: null,
      last_login: row.last_login,
      created_on: row.created_on,
      changed_on: row.changed_on,
      created_by: audit.created_by,
      changed_by: audit.changed_by,
    };
  });
}

/** A well-formed e-mail and at least one role, when given (shared with the profile, security-api/profile.ts). */
export function checkProfile(input: Json): void {
  if (typeof input.email === 'string' && !/^[^\s@]+@[^\s@]+$/.test(input.email.trim())) {
    throw badRequest(`Field 'email' must be an e-mail address, got '${input.email}'`);
  }
  if (Array.isArray(input.roles) && input.roles.length === 0) throw badRequest("Field 'roles' must name at least one role");
}

/** A username or e-mail no other account has (any case). */
export async function ensureUnique(trx: AnyTrx, column: 'username' | 'email', value: unknown, selfId?: number): Promise<void> {
  if (typeof value !== 'string') return;
  let query = trx.selectFrom('ab_user').select('id').where(sql`lower(${sql.ref(column)})`, '=', value.trim().toLowerCase());
  if (selfId !== undefined) query = query.where('id', '<>', selfId);
  if (await query.executeTakeFirst()) throw unprocessable(`A user with ${column} '${value.trim()}' already exists`);
}

/** Active users holding a role named admin (any case, as `isAdmin` reads it), other than `excluding`. */
async function activeAdmins(trx: AnyTrx, excluding: number[] = []): Promise<number> {
  let query = trx
    .selectFrom('ab_user as u')
    .innerJoin('ab_user_role as ur', 'ur.user_id', 'u.id')
    .innerJoin('ab_role as r', 'r.id', 'ur.role_id')
    .select((eb) => eb.fn.count(sql`distinct u.id`).as('n'))
    .where('u.active', '=', 1)
    .where(sql`lower(r.name)`, '=', 'admin');
  if (excluding.length) query = query.where('u.id', 'not in', excluding);
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

/** A change that would leave no active admin is refused: nobody could manage users any more. */
export async function ensureAnActiveAdmin(trx: AnyTrx, excluding: number[] = []): Promise<void> {
  if ((await activeAdmins(trx, excluding)) === 0) {
    throw unprocessable('At least one active user must keep the Admin role: this change would leave none');
  }
}

const trimmed = (input: Json): Json => {
  const out = pickColumns(input, PROFILE);
  for (const key of ['username', 'first_name', 'last_name', 'email']) if (typeof out[key] === 'string') out[key] = (out[key] as string).trim();
  return out;
};

async function createUserRow(w: WriteScope, input: Json): Promise<number> {
  await ensureUnique(w.trx, 'username', input.username);
  await ensureUnique(w.trx, 'email', input.email);
  await ensureIdsExist(w.trx, 'ab_role', input.roles as number[], 'Roles');
  await assertCanGrantRoles(w.trx, w.user, input.roles as number[]);
  const now = nowIso();
  const row = await w.trx
    .insertInto('ab_user')
    .values({
      ...trimmed(input),
      active: input.active === false ? 0 : 1,
      password_hash: input.password_hash,
      login_count: 0,
      created_on: now,
      changed_on: now,
      created_by_fk: w.user.id,
      changed_by_fk: w.user.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setLinks(w.trx, 'ab_user_role', 'user_id', 'role_id', row.id as number, input.roles as number[]);
  return row.id as number;
}

async function updateUserRow(w: WriteScope, row: Row, input: Json): Promise<void> {
  const id = row.id as number;
  await assertCanManageUser(w.trx, w.user, id, row.username as string);
  await ensureUnique(w.trx, 'username', input.username, id);
  await ensureUnique(w.trx, 'email', input.email, id);
  const values: Json = { ...trimmed(input), changed_on: nowIso(), changed_by_fk: w.user.id };
  if (input.password_hash) values.password_hash = input.password_hash;
  await w.trx.updateTable('ab_user').set(values).where('id', '=', id).execute();
  if (input.roles !== undefined) {
    await ensureIdsExist(w.trx, 'ab_role', input.roles as number[], 'Roles');
    await assertCanGrantRoles(w.trx, w.user, input.roles as number[]);
    await setLinks(w.trx, 'ab_user_role', 'user_id', 'role_id', id, input.roles as number[]);
  }
  if (input.active === false || input.roles !== undefined) await ensureAnActiveAdmin(w.trx);
  await endSessionsAfterChange(w.trx, id, { deactivated: input.active === false, passwordChanged: Boolean(input.password_hash) }, w.user.id === id ? w.sessionId : null);
}

/**
 * Deactivation ends every session of the user; a password change ends the others, keeping `keepSessionId`
 * (the session the user changed their own password from). Bearer tokens need nothing here: they carry a
 * stamp of the old password hash (security/credential-stamp.ts). Callers forget the cached user after commit.
 */
export async function endSessionsAfterChange(trx: AnyTrx, userId: number, change: { deactivated?: boolean; passwordChanged?: boolean }, keepSessionId: string | null): Promise<void> {
  const sessions = trx as unknown as Kysely<MetadataSchema>;
  if (change.deactivated) await deleteUserSessions(sessions, userId);
  else if (change.passwordChanged) await deleteUserSessions(sessions, userId, keepSessionId ?? undefined);
}

export const userResource: AdminResource = {
  name: 'security/users',
  table: 'ab_user',
  view: 'User',
  thing: 'user',
  plural: 'users',
  listTitle: 'List Users',
  showTitle: 'Show User',
  listColumns: LIST,
  extraSelectable: ['roles', 'created_by', 'changed_by'],
  showColumns: LIST,
  orderColumns: Object.fromEntries(
    ['id', 'username', 'first_name', 'last_name', 'email', 'active', 'last_login', 'login_count', 'created_on', 'changed_on'].map((c) => [c, () => sql.ref(`t.${c}`)]),
  ),
  defaultOrder: { column: 'username', direction: 'asc' },
  filters: {
    id: scalarFilter('id', 'number', ['eq', 'neq', 'in', 'gt', 'lt']),
    username: scalarFilter('username', 'string'),
    first_name: scalarFilter('first_name', 'string'),
    last_name: scalarFilter('last_name', 'string'),
    email: scalarFilter('email', 'string'),
    active: scalarFilter('active', 'boolean'),
    last_login: scalarFilter('last_login', 'datetime'),
    created_on: scalarFilter('created_on', 'datetime'),
    changed_on: scalarFilter('changed_on', 'datetime'),
    roles: relManyToMany('roles', 'ab_user_role', 'user_id', 'role_id'),
    created_by: relOneToMany('created_by', 'created_by_fk'),
    changed_by: relOneToMany('changed_by', 'changed_by_fk'),
  },
  related: {
    roles: rolesSource,
    created_by: usersReferencedBy('ab_user', 'created_by_fk'),
    changed_by: usersReferencedBy('ab_user', 'changed_by_fk'),
  },
  distinct: {},
  maxPageSize: 100,
  serializeList: (rows, scope) => serialize(rows, scope.db),
  serializeShow: async (row, scope) => (await serialize([row], scope.db))[0],
  // The password is required unless single sign-on is configured (checked in prepare).
  createFields: required(FIELDS, ['username', 'first_name', 'last_name', 'email', 'roles']),
  updateFields: FIELDS,
  /**
   * Strength check and scrypt hashing happen before the transaction (hashing takes ~50 ms). A new user
   * without a password (missing or empty) is one for single sign-on, allowed only when a provider is
   * configured: it cannot use the password form, and its first SSO sign-in links to it (sso/identities.ts).
   */
  async prepare(input, scope, row) {
    checkProfile(input);
    if (!row && (input.password === undefined || input.password === '')) {
      if (!ssoConfigured(scope.ctx)) throw badRequest("Missing required field 'password'");
      const { password: _password, ...rest } = input;
      return { ...rest, password_hash: null };
    }
    if (typeof input.password !== 'string') return input;
    checkPasswordStrength(input.password, {
      username: input.username ?? row?.username,
      email: input.email ?? row?.email,
      first_name: input.first_name ?? row?.first_name,
      last_name: input.last_name ?? row?.last_name,
    });
    const { password, ...rest } = input;
    return { ...rest, password_hash: await hashPassword(password) };
  },
  create: createUserRow,
  update: updateUserRow,
  async beforeDelete(w, rows) {
    for (const row of rows) await assertCanManageUser(w.trx, w.user, row.id as number, row.username as string);
    await ensureAnActiveAdmin(w.trx, rows.map((r) => r.id as number));
  },
  afterCommit(scope, ids) {
    for (const id of ids) forgetUser(scope.ctx, id);
  },
  echo(input) {
    const { password: _password, ...rest } = input;
    return rest;
  },
};
