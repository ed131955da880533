import { createHash } from 'node:crypto';

/**
 * Strong entity tags. A tag names the exact bytes of an answer; the compressed forms of the same answer get
 * the encoding as a suffix ("<hash>-br"), as a strong tag must differ between representations, and a
 * conditional request matches on the hash, so a client holding any form of the answer gets 304.
 */
export function strongEtag(hash: string, encoding: string | null = null): string {
  return encoding ? `"${hash}-${encoding}"` : `"${hash}"`;
}

/** sha-256 (base64url) of the parts' digests: equal parts in equal order give the same tag, any change another. */
export function hashOfDigests(digests: string[]): string {
  return createHash('sha256').update(digests.join('.')).digest('base64url');
}

/** Whether If-None-Match names this answer (or is `*`): weak comparison, as RFC 9110 asks for this header. */
export function matchesIfNoneMatch(ifNoneMatch: string | string[] | undefined, hash: string): boolean {
  if (!ifNoneMatch) return false;
  const header = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  for (const raw of header.split(',')) {
    const tag = raw.trim();
    if (tag === '*') return true;
    const opaque = tag.replace(/^W\//, '').replace(/^"|"$/g, '');
    if (opaque === hash || opaque.startsWith(`${hash}-`)) return true;
  }
  return false;
}
