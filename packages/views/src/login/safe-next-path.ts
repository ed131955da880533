/**
 * Returns `next` when it is a path on this site, else null. Only same-origin paths are followed after login,
 * so a crafted link cannot bounce a user to another site (`//evil.example`, `https://...`, `/\evil`).
 *
 * @example
 * safeNextPath('/chart/list/?page=2'); // '/chart/list/?page=2'
 * safeNextPath('//evil.example/');     // null
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // Control characters can smuggle a scheme or host past the checks above in some URL parsers.
  if (/[\u0000-\u001f\u007f]/.test(next)) return null;
  if (next.startsWith('/login/') || next === '/login' || next.startsWith('/logout')) return null;
  // Last word to the URL parser: resolved against an origin, the path must stay on it (as the server checks).
  try {
    if (new URL(next, 'http://lumen.invalid').origin !== 'http://lumen.invalid') return null;
  } catch {
    return null;
  }
  return next;
}

/**
 * The login address that returns the visitor to `path` afterwards.
 *
 * @example
 * loginUrlFor('/chart/list/'); // '/login/?next=%2Fchart%2Flist%2F'
 */
export function loginUrlFor(path: string, loginPath = '/login/'): string {
  const next = safeNextPath(path);
  return next && next !== '/' ? `${loginPath}?next=${encodeURIComponent(next)}` : loginPath;
}
