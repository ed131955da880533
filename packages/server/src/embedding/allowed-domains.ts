import { badRequest } from '../errors';

/** At most this many allowed origins per embedded dashboard. */
export const MAX_ALLOWED_DOMAINS = 100;

/**
 * Normalises one allowed host origin: `scheme://host[:port]` with scheme http or https, no path (a single
 * trailing slash is dropped), query, fragment, credentials or wildcard. The browser compares
 * `event.origin` with these strings exactly, so they are stored in URL's canonical origin form.
 *
 * @example
 * normalizeOrigin('https://Example.com:443/'); // 'https://example.com'
 */
export function normalizeOrigin(value: unknown, field = 'allowed_domains'): string {
  if (typeof value !== 'string' || !value.trim()) throw badRequest(`${field}: each origin must be a non-empty string`);
  const text = value.trim();
  if (text.includes('*')) throw badRequest(`${field}: wildcards are not allowed (${text}); list each origin`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest(`${field}: ${text} is not an origin (expected scheme://host[:port])`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest(`${field}: ${text} must use http or https`);
  if (url.username || url.password) throw badRequest(`${field}: ${text} must not contain credentials`);
  const rest = text.slice(text.indexOf('//') + 2);
  const slash = rest.indexOf('/');
  if ((slash >= 0 && slash !== rest.length - 1) || url.search || url.hash || text.includes('?') || text.includes('#')) {
    throw badRequest(`${field}: ${text} must be an origin without a path, query or fragment`);
  }
  return url.origin;
}

/**
 * Validates the `allowed_domains` list of an embedded registration (duplicates removed, order kept).
 *
 * @example
 * parseAllowedDomains(['https://app.example.com', 'http://localhost:3000']);
 */
export function parseAllowedDomains(value: unknown): string[] {
  if (!Array.isArray(value)) throw badRequest('allowed_domains: must be an array of origins');
  if (value.length > MAX_ALLOWED_DOMAINS) throw badRequest(`allowed_domains: at most ${MAX_ALLOWED_DOMAINS} origins`);
  return [...new Set(value.map((v, i) => normalizeOrigin(v, `allowed_domains[${i}]`)))];
}

/** Reads the stored JSON list; anything unreadable is treated as empty. */
export function readAllowedDomains(text: string | null | undefined): string[] {
  try {
    const parsed: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
