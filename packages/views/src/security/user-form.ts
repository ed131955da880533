/**
 * The user dialog's form: its fields, the body POST/PUT /api/v1/security/users/ take, and which field a
 * server refusal is about, so the message shows on that field.
 */

/** A row of GET /api/v1/security/users/. */
export interface UserRow extends Record<string, unknown> {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  roles: { id: number; name: string }[];
  last_login?: string | null;
  login_count?: number;
}

export interface UserForm {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  roles: number[];
  active: boolean;
  password: string;
}

export type UserField = keyof UserForm;

export const emptyUserForm = (): UserForm => ({ username: '', first_name: '', last_name: '', email: '', roles: [], active: true, password: '' });

export const userFormOf = (row: UserRow): UserForm => ({
  username: row.username,
  first_name: row.first_name ?? '',
  last_name: row.last_name ?? '',
  email: row.email ?? '',
  roles: row.roles.map((r) => r.id),
  active: row.active,
  password: '',
});

/**
 * The request body: a new user sends every field; an edit leaves the password out (Reset password sets it).
 *
 * @example
 * userPayload({ ...emptyUserForm(), username: 'ada' }, false).password; // undefined
 */
export function userPayload(form: UserForm, withPassword: boolean): Record<string, unknown> {
  const { password, ...rest } = form;
  return withPassword ? { ...rest, password } : rest;
}

const FIELD_PATTERNS: readonly [RegExp, UserField][] = [
  [/password/i, 'password'],
  [/e-?mail/i, 'email'],
  [/username|user name/i, 'username'],
  [/first_name/i, 'first_name'],
  [/last_name/i, 'last_name'],
  [/role/i, 'roles'],
  [/active admin|'active'/i, 'active'],
];

/**
 * The field a server message is about, or null for a message that names none (it then shows above the
 * form).
 *
 * @example
 * fieldOfError('Password is too weak: it must be at least 10 characters long'); // 'password'
 * fieldOfError("A user with username 'ada' already exists"); // 'username'
 */
export function fieldOfError(message: string): UserField | null {
  return FIELD_PATTERNS.find(([pattern]) => pattern.test(message))?.[1] ?? null;
}
