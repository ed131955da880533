import { createHash } from 'node:crypto';
import type { CurrentUser } from '../security/current-user';

/**
 * What of a caller can change a list's answer: who they are (ownership, favourites), their roles (dashboard
 * roles) and permissions (datasource access), and whether they are admin. Hashed once per permission set:
 * the security plugin loads the set per request, so the WeakMap mostly saves the sort within a request, and
 * across requests when the user is cached.
 */
const fingerprints = new WeakMap<ReadonlySet<string>, string>();

function permissionsFingerprint(permissions: ReadonlySet<string>): string {
  let fingerprint = fingerprints.get(permissions);
  if (!fingerprint) {
    fingerprint = createHash('sha256').update([...permissions].sort().join('\n')).digest('base64url');
    fingerprints.set(permissions, fingerprint);
  }
  return fingerprint;
}

/** The cache key of a list answer: the resource, the raw `q`, and the viewer. */
export function listCacheKey(resource: string, q: string | undefined, user: CurrentUser): string {
  const roles = [...user.roles].sort().join(',');
  return `${resource}\n${q ?? ''}\n${user.id}\n${user.isAdmin ? 'admin' : ''}\n${roles}\n${permissionsFingerprint(user.permissions)}`;
}
