/**
 * Dashboard permission flags (spec 2 §6), derived from the user's role permission pairs. Admin is any role
 * named admin, case-insensitive; editing needs can_write on Dashboard and being admin or an owner.
 */
import type { CurrentUser } from '../session/current-user';
import type { DashboardOwner } from './dashboard-types';

export interface DashboardPermissions {
  canEdit: boolean;
  canSave: boolean;
  canShare: boolean;
  canExplore: boolean;
  canShareChart: boolean;
  canCsv: boolean;
  /** With DashboardRbac, editing filters also needs admin or owner. */
  canEditFilters: boolean;
}

export const isAdmin = (user: CurrentUser | null): boolean => Boolean(user && Object.keys(user.roles ?? {}).some((r) => r.toLowerCase() === 'admin'));

/** Whether any of the user's roles holds (permission, view); admins hold everything. */
export function userHas(user: CurrentUser | null, permission: string, view: string): boolean {
  if (!user) return false;
  if (isAdmin(user)) return true;
  return Object.values(user.roles ?? {}).some((pairs) => pairs.some(([p, v]) => p === permission && v === view));
}

/**
 * @example
 * dashboardPermissions(user, owners, { DashboardRbac: false }).canEdit;
 */
export function dashboardPermissions(user: CurrentUser | null, owners: readonly DashboardOwner[], flags: Readonly<Record<string, boolean>> = {}): DashboardPermissions {
  const owner = Boolean(user && owners.some((o) => o.id === user.id));
  const canEdit = userHas(user, 'can_write', 'Dashboard') && (isAdmin(user) || owner);
  return {
    canEdit,
    canSave: canEdit,
    canShare: userHas(user, 'can_share_dashboard', 'Superset'),
    canExplore: userHas(user, 'can_explore', 'Superset'),
    canShareChart: userHas(user, 'can_share_chart', 'Superset'),
    canCsv: userHas(user, 'can_csv', 'Superset'),
    canEditFilters: canEdit && (!flags.DashboardRbac || isAdmin(user) || owner),
  };
}
