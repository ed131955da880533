import type { AppContext } from '../context';
import { nowIso } from '../metadata/connect';
import { generatePassword, hashPassword } from './passwords';
import { BUILTIN_ROLES } from './roles';

/** Creates the built-in roles and their permission pairs when missing. Safe to run at every start. */
export async function seedRoles(ctx: Pick<AppContext, 'store'>): Promise<void> {
  const { db } = ctx.store;
  await db.transaction().execute(async (trx) => {
    for (const [roleName, pairs] of Object.entries(BUILTIN_ROLES)) {
      let role = await trx.selectFrom('ab_role').select('id').where('name', '=', roleName).executeTakeFirst();
      if (!role) role = await trx.insertInto('ab_role').values({ name: roleName }).returning('id').executeTakeFirstOrThrow();
      const existing = await trx
        .selectFrom('ab_permission_view_role as pvr')
        .innerJoin('ab_permission_view as pv', 'pv.id', 'pvr.permission_view_id')
        .select(['pv.permission', 'pv.view_menu'])
        .where('pvr.role_id', '=', role.id)
        .execute();
      const have = new Set(existing.map((p) => `${p.permission}|${p.view_menu}`));
      for (const [permission, view] of pairs) {
        if (have.has(`${permission}|${view}`)) continue;
        let pv = await trx
          .selectFrom('ab_permission_view')
          .select('id')
          .where('permission', '=', permission)
          .where('view_menu', '=', view)
          .executeTakeFirst();
        if (!pv) pv = await trx.insertInto('ab_permission_view').values({ permission, view_menu: view }).returning('id').executeTakeFirstOrThrow();
        await trx.insertInto('ab_permission_view_role').values({ permission_view_id: pv.id, role_id: role.id }).execute();
      }
    }
  });
}

export interface NewUser {
  username: string;
  password: string | null;
  first_name?: string;
  last_name?: string;
  email?: string;
  roles: string[];
}

/** Creates a user with the given role names; throws if a role does not exist. */
export async function createUser(ctx: Pick<AppContext, 'store'>, user: NewUser): Promise<number> {
  const { db } = ctx.store;
  const passwordHash = user.password === null ? null : await hashPassword(user.password);
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const { id } = await trx
      .insertInto('ab_user')
      .values({
        username: user.username,
        first_name: user.first_name ?? user.username,
        last_name: user.last_name ?? '',
        email: user.email ?? `${user.username}@lumen.invalid`,
        password_hash: passwordHash,
        active: 1,
        login_count: 0,
        last_login: null,
        created_on: now,
        changed_on: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const roleName of user.roles) {
      const role = await trx.selectFrom('ab_role').select('id').where('name', '=', roleName).executeTakeFirst();
      if (!role) throw new Error(`Role ${roleName} does not exist`);
      await trx.insertInto('ab_user_role').values({ user_id: id, role_id: role.id }).execute();
    }
    return id;
  });
}

/**
 * Makes sure an admin exists. The first time, creates `config.adminUsername` with `config.adminPassword`
 * or a generated password, and returns the credentials so the CLI can print them once. Later starts return
 * null (an existing admin's password is never reset by configuration).
 */
export async function ensureAdmin(ctx: Pick<AppContext, 'store' | 'config'>): Promise<{ username: string; password: string; generated: boolean } | null> {
  const { db } = ctx.store;
  const existing = await db.selectFrom('ab_user').select('id').where('username', '=', ctx.config.adminUsername).executeTakeFirst();
  if (existing) return null;
  const generated = !ctx.config.adminPassword;
  const password = ctx.config.adminPassword ?? generatePassword();
  await createUser(ctx, { username: ctx.config.adminUsername, password, first_name: 'Admin', last_name: 'User', roles: ['Admin'] });
  return { username: ctx.config.adminUsername, password, generated };
}
