import { badRequest, notFound } from '../errors';
import { nowIso } from '../metadata/connect';
import type { AnyDb, AnyTrx, Json } from '../resources/definition';
import { type FieldMap, validateInput } from '../resources/fields';
import { checkProfile, ensureUnique } from './users';

/**
 * The signed-in user's own profile (the incumbent's /user_info/): what they may read about their account and
 * the three fields they may change themselves. Username, roles and the active flag stay with admins.
 */
export interface Profile {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  roles: string[];
  last_login: string | null;
  login_count: number;
  created_on: string | null;
  /** False for accounts that sign in through single sign-on only: they have no password to change here. */
  has_password: boolean;
}

/** What PUT /api/v1/me/ accepts; same limits as the users API. */
export const PROFILE_FIELDS: FieldMap = {
  first_name: { kind: 'string', maxLength: 64 },
  last_name: { kind: 'string', maxLength: 64 },
  email: { kind: 'string', maxLength: 320 },
};

export async function readProfile(db: AnyDb, userId: number): Promise<Profile> {
  const row = await db.selectFrom('ab_user').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('User does not exist');
  const roles = await db
    .selectFrom('ab_user_role as ur')
    .innerJoin('ab_role as r', 'r.id', 'ur.role_id')
    .select('r.name')
    .where('ur.user_id', '=', userId)
    .orderBy('r.name')
    .execute();
  return {
    id: row.id,
    username: row.username,
    first_name: row.first_name ?? '',
    last_name: row.last_name ?? '',
    email: row.email ?? '',
    roles: roles.map((r) => r.name as string),
    last_login: row.last_login ?? null,
    login_count: Number(row.login_count ?? 0),
    created_on: row.created_on ?? null,
    has_password: Boolean(row.password_hash),
  };
}

/** The trimmed changes of a PUT /api/v1/me/ body; a name or e-mail may not be blanked. */
export function profileChanges(body: unknown): Json {
  const input = validateInput(PROFILE_FIELDS, body, 'update');
  const out: Json = {};
  for (const [field, value] of Object.entries(input)) {
    const text = (value as string).trim();
    if (!text) throw badRequest(`Field '${field}' must not be empty`, { field });
    out[field] = text;
  }
  checkProfile(out);
  return out;
}

/** Stores the user's own changes; the e-mail must stay unique, as when an admin sets it. */
export async function updateProfile(trx: AnyTrx, userId: number, changes: Json): Promise<void> {
  await ensureUnique(trx, 'email', changes.email, userId);
  await trx.updateTable('ab_user').set({ ...changes, changed_on: nowIso(), changed_by_fk: userId }).where('id', '=', userId).execute();
}
