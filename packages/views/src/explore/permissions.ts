import type { CurrentUser } from '../session/current-user';

/**
 * Whether the user holds a permission pair in any role (spec 3 §6: can_write on Chart to add a chart,
 * can_csv on the main view to download). The Admin role holds every pair.
 *
 * @example
 * hasPermission(user, 'can_write', 'Chart');
 */
export function hasPermission(user: CurrentUser | null, permission: string, view: string): boolean {
  if (!user) return false;
  return Object.entries(user.roles ?? {}).some(([role, pairs]) => role === 'Admin' || pairs.some(([p, v]) => p === permission && v === view));
}

/** Overwriting a chart is for its owners only (spec 3 §6). */
export function isChartOwner(user: CurrentUser | null, owners: readonly { id: number }[] | undefined): boolean {
  return Boolean(user && owners?.some((owner) => owner.id === user.id));
}
