import type { ApiClient } from '@lumen-bi/core';

/**
 * The signed-in user's profile as GET /api/v1/me/profile/ answers it, and the two writes the profile page
 * makes: PUT /api/v1/me/ (names, e-mail) and PUT /api/v1/me/password/.
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
  /** False for single sign-on accounts: they have no password to change here. */
  has_password: boolean;
}

export type NameFields = Pick<Profile, 'first_name' | 'last_name' | 'email'>;

export interface PasswordForm {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

export type PasswordField = keyof PasswordForm;

export const PROFILE_PATH = '/api/v1/me/profile/';

export const fetchProfile = async (client: ApiClient, signal?: AbortSignal) => (await client.get<{ result: Profile }>(PROFILE_PATH, { signal })).json.result;

/** Saves the names and e-mail; resolves to the profile as stored (trimmed). */
export const saveNames = async (client: ApiClient, fields: NameFields) => (await client.put<{ result: Profile }>('/api/v1/me/', fields)).json.result;

export const changePassword = (client: ApiClient, form: PasswordForm) =>
  client.put('/api/v1/me/password/', { current_password: form.current_password, new_password: form.new_password });

export const emptyPasswordForm = (): PasswordForm => ({ current_password: '', new_password: '', confirm_password: '' });

/** Said under the confirmation when it differs; checked here, the server never sees the confirmation. */
export const PASSWORDS_DIFFER = 'The new password and its confirmation do not match';

/**
 * The password field a server message is about: the current password, else the new one for policy
 * refusals ('Password is too weak: ...'), else none (shown above the form).
 *
 * @example
 * fieldOfPasswordError('The current password is not correct'); // 'current_password'
 */
export function fieldOfPasswordError(message: string): PasswordField | null {
  if (/current password/i.test(message)) return 'current_password';
  if (/^password /i.test(message)) return 'new_password';
  return null;
}

/** The name field a server message is about ("Field 'email' must be ...", "A user with email ... exists"). */
export function fieldOfNameError(message: string): keyof NameFields | null {
  if (/e-?mail/i.test(message)) return 'email';
  if (/first_name/i.test(message)) return 'first_name';
  if (/last_name/i.test(message)) return 'last_name';
  return null;
}
