import type { CurrentUser } from '../security/current-user';

/**
 * Database ids a guest token grants SQL Lab on (resources of type `sqllab`). Such a token never carries RLS
 * rules (guest-tokens.ts refuses the combination), because free SQL cannot be filtered by them.
 */
export function guestSqlLabDatabaseIds(user: CurrentUser): number[] {
  return (user.guest?.resources ?? []).filter((r) => r.type === 'sqllab').map((r) => Number(r.id)).filter(Number.isInteger);
}
