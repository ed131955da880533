/**
 * The signed-in user as `GET /api/v1/me/` answers it (Superset's shape, so clients written for it work).
 * `roles` maps a role name to its permission pairs, e.g. `{Admin: [['can_write', 'Chart']]}`.
 */
export interface CurrentUser {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  is_active: boolean;
  roles: Record<string, [permission: string, view: string][]>;
  /**
   * The language to draw the app in (`pt_BR` spelling): the user's choice, else the configured default, else
   * the browser's Accept-Language, else `en`. Lumen's own addition; absent from other servers' answers.
   */
  locale?: string;
}

/**
 * The name shown in the user menu: first and last name when the account has them, else the username.
 *
 * @example
 * displayName({ first_name: 'Ada', last_name: 'Lovelace', username: 'ada' }); // 'Ada Lovelace'
 */
export function displayName(user: Pick<CurrentUser, 'first_name' | 'last_name' | 'username'>): string {
  const full = `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();
  return full || user.username;
}
