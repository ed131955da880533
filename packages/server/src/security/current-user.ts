/**
 * Who is making a request. Set on `request.user` by the security plugin before any route runs:
 * a session-cookie or Bearer user, a guest-token viewer, or null (anonymous).
 */
export interface GuestScope {
  /** Resources the guest token grants: [{type: 'dashboard', id: '<id or embedded uuid>'}]. */
  resources: { type: string; id: string | number }[];
  /** RLS rules carried by the token; a rule without dataset applies to every dataset. */
  rls: { dataset?: number; clause: string }[];
  /** Ids the token names that resolve to nothing (an embedded uuid since removed), so a refusal can say so. */
  unknownResources?: string[];
}

export interface CurrentUser {
  /** Database id; guests have id null. */
  id: number | null;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  roles: string[];
  /** Permission pairs as `${permission}|${view_menu}`, e.g. `can_write|Chart`. */
  permissions: ReadonlySet<string>;
  /** Any role named admin, case-insensitive (spec 2 §6). */
  isAdmin: boolean;
  /** Present only for guest-token viewers. */
  guest?: GuestScope;
}

export const permissionKey = (permission: string, view: string): string => `${permission}|${view}`;

/** True when the user holds the permission pair, or is admin. */
export function hasPermission(user: CurrentUser | null | undefined, permission: string, view: string): boolean {
  if (!user) return false;
  if (user.isAdmin) return true;
  return user.permissions.has(permissionKey(permission, view));
}

export const isAdminRoleName = (name: string): boolean => name.toLowerCase() === 'admin';
