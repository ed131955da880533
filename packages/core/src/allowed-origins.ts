/**
 * The rule for an embedded dashboard's allowed host origins (docs/embedding.md §1), in core because both
 * sides apply it: the server validates `allowed_domains` (packages/server/src/embedding/allowed-domains.ts)
 * and the dashboard's Embed dialog checks what an editor typed before sending it, with the same messages.
 */

/** At most this many allowed origins per embedded dashboard. */
export const MAX_ALLOWED_DOMAINS = 100;

/** The parts of a WHATWG URL the rule reads: core compiles without DOM or Node types (platform.ts). */
interface ParsedUrl {
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly search: string;
  readonly hash: string;
  readonly origin: string;
}

/** The host's URL parser (every browser and Node has one), looked up when used. */
const parseUrl = (text: string): ParsedUrl => new (globalThis as unknown as { URL: new (text: string) => ParsedUrl }).URL(text);

/** One entry checked: its canonical origin, or why it is not one (the message names the entry). */
export type OriginCheck = { ok: true; origin: string } | { ok: false; message: string };

/**
 * Checks one allowed host origin: `scheme://host[:port]` with scheme http or https, no path (a single
 * trailing slash is dropped), query, fragment, credentials or wildcard. The browser compares
 * `event.origin` with these strings exactly, so the origin comes back in URL's canonical form.
 *
 * @example
 * checkAllowedOrigin('https://Example.com:443/'); // { ok: true, origin: 'https://example.com' }
 * checkAllowedOrigin('example.com'); // { ok: false, message: 'example.com is not an origin (expected scheme://host[:port])' }
 */
export function checkAllowedOrigin(value: unknown): OriginCheck {
  if (typeof value !== 'string' || !value.trim()) return { ok: false, message: 'each origin must be a non-empty string' };
  const text = value.trim();
  if (text.includes('*')) return { ok: false, message: `wildcards are not allowed (${text}); list each origin` };
  let url: ParsedUrl;
  try {
    url = parseUrl(text);
  } catch {
    return { ok: false, message: `${text} is not an origin (expected scheme://host[:port])` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: `${text} must use http or https` };
  if (url.username || url.password) return { ok: false, message: `${text} must not contain credentials` };
  const rest = text.slice(text.indexOf('//') + 2);
  const slash = rest.indexOf('/');
  if ((slash >= 0 && slash !== rest.length - 1) || url.search || url.hash || text.includes('?') || text.includes('#')) {
    return { ok: false, message: `${text} must be an origin without a path, query or fragment` };
  }
  return { ok: true, origin: url.origin };
}

/** A typed list checked: the canonical origins (duplicates removed, order kept), or the first problem. */
export type OriginListCheck = { ok: true; origins: string[] } | { ok: false; message: string };

/**
 * Reads allowed origins as a person types them, separated by commas, spaces or line breaks; an empty text
 * is an empty list (any site may embed).
 *
 * @example
 * parseAllowedOriginsText('https://app.example.com,\nhttp://localhost:3000'); // { ok: true, origins: [...] }
 */
export function parseAllowedOriginsText(text: string): OriginListCheck {
  const entries = text.split(/[\s,]+/).filter(Boolean);
  if (entries.length > MAX_ALLOWED_DOMAINS) return { ok: false, message: `At most ${MAX_ALLOWED_DOMAINS} origins may be listed (${entries.length} given)` };
  const origins: string[] = [];
  for (const entry of entries) {
    const checked = checkAllowedOrigin(entry);
    if (!checked.ok) return checked;
    if (!origins.includes(checked.origin)) origins.push(checked.origin);
  }
  return { ok: true, origins };
}
