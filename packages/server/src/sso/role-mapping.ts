import type { RoleMapping } from './sso-config';

/**
 * The Lumen roles an external user's groups map to, each once, in mapping order. Directory names are
 * case-insensitive (LDAP compares DNs and cn values that way), so `caseInsensitive` is set for LDAP; OIDC
 * claims are compared exactly, as the provider sent them.
 *
 * @example
 * mapRoles(['analysts'], { analysts: ['Alpha', 'sql_lab'], admins: ['Admin'] }); // ['Alpha', 'sql_lab']
 */
export function mapRoles(groups: readonly string[], mapping: RoleMapping, caseInsensitive = false): string[] {
  const norm = (s: string) => (caseInsensitive ? s.toLowerCase() : s);
  const held = new Set(groups.map(norm));
  const roles = new Set<string>();
  for (const [group, names] of Object.entries(mapping)) {
    if (held.has(norm(group))) for (const name of names) roles.add(name);
  }
  return [...roles];
}

/**
 * The group names a claim value carries: a list of strings, or one string (some providers send a single
 * role, others a space- or comma-separated list).
 */
export function groupsFromClaim(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  return [];
}
