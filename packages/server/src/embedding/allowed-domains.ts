import { checkAllowedOrigin, MAX_ALLOWED_DOMAINS } from '@lumen-bi/core';
import { badRequest } from '../errors';

/**
 * Normalises one allowed host origin by core's checkAllowedOrigin (the Embed dialog applies the same rule):
 * `scheme://host[:port]` with scheme http or https, no path (a single trailing slash is dropped), query,
 * fragment, credentials or wildcard. The browser compares `event.origin` with these strings exactly, so
 * they are stored in URL's canonical origin form.
 *
 * @example
 * normalizeOrigin('https://Example.com:443/'); // 'https://example.com'
 */
export function normalizeOrigin(value: unknown, field = 'allowed_domains'): string {
  const checked = checkAllowedOrigin(value);
  if (!checked.ok) throw badRequest(`${field}: ${checked.message}`);
  return checked.origin;
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
