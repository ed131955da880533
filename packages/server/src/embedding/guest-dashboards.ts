import type { CurrentUser } from '../security/current-user';

/** Dashboard ids a guest token grants (resolved from ids and embedded uuids when the token was read). */
export function guestDashboardIds(user: CurrentUser): number[] {
  return (user.guest?.resources ?? []).filter((r) => r.type === 'dashboard').map((r) => Number(r.id)).filter(Number.isInteger);
}
