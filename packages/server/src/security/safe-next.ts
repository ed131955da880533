/**
 * The `next=` target after login: only a path on this site. Browsers drop tabs, newlines and other control
 * characters from URLs and read a backslash as a slash, so `/\t/evil.com` or `/\evil.com` would leave the
 * site; those characters are stripped first, then the path must start with exactly one '/' followed by
 * something other than '/' or '\', and resolving it against an origin must not leave that origin.
 */
const BASE = 'http://lumen.invalid';

/** C0 and C1 controls, DEL, and the Unicode spaces URL parsers or browsers may drop. */
const IGNORED = /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/g;

/**
 * @example
 * safeNextPath('/chart/list/?page=2'); // '/chart/list/?page=2'
 * safeNextPath('/\t/evil.com');        // '/'
 */
export function safeNextPath(next: unknown, fallback = '/'): string {
  if (typeof next !== 'string') return fallback;
  const path = next.replace(IGNORED, '');
  if (path !== '/' && !/^\/[^/\\]/.test(path)) return fallback;
  let url: URL;
  try {
    url = new URL(path, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
