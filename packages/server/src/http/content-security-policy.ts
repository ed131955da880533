/**
 * The Content-Security-Policy of the app's HTML pages (index.html for every app route).
 *
 * - script-src 'self': index.html boots with one external module script (rollup.config.mjs writes no inline
 *   script), and nothing in the bundle evaluates strings, so neither 'unsafe-inline' nor 'unsafe-eval' is
 *   needed; injected markup (markdown, dashboard CSS) can never run script.
 * - style-src 'self' 'unsafe-inline': index.html carries one inline <style>, dashboards inject their own
 *   CSS as a <style> element, web components style their shadow roots with <style>, and sanitised markdown
 *   keeps style attributes. A nonce cannot cover CSS created at run time from saved dashboards, and CSS
 *   cannot run script in any supported browser; what it could still do (cover the page, load from other
 *   origins) is stopped by the CSS sanitiser (packages/views dashboard CSS, markdown styles) instead.
 * - img-src adds https: and data: because markdown components show images from anywhere, as in the incumbent.
 * - connect-src adds the origin of a configured map style (LUMEN_MAP_STYLE_URL): MapLibre fetches the style,
 *   and its tiles, sprites and glyphs when they are on that origin, with fetch.
 * - frame-ancestors: 'self' for ordinary pages; the guest pages under /embedded/ get their dashboard's
 *   allowed domains (embedding/frame-ancestors.ts).
 */
export type FrameAncestors = readonly string[];

export const SELF_ONLY: FrameAncestors = ["'self'"];

/** Any site: an embedded dashboard with an empty allowed_domains list (the incumbent's rule). */
export const ANY_SITE: FrameAncestors = ['*'];

const DIRECTIVES: readonly [string, string][] = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data: blob: https:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self'"],
  ['worker-src', "'self' blob:"],
  ['object-src', "'none'"],
  ['base-uri', "'self'"],
  ['form-action', "'self'"],
];

/**
 * @example
 * contentSecurityPolicy(SELF_ONLY); // "default-src 'self'; script-src 'self'; ...; frame-ancestors 'self'"
 * contentSecurityPolicy(['https://app.example.com']);
 */
export function contentSecurityPolicy(frameAncestors: FrameAncestors = SELF_ONLY, mapStyleUrl: string | null = null): string {
  const ancestors = frameAncestors.length ? frameAncestors.join(' ') : "'none'";
  const mapOrigin = mapStyleUrl ? new URL(mapStyleUrl).origin : null;
  const directives = DIRECTIVES.map(([name, value]): [string, string] => (name === 'connect-src' && mapOrigin ? [name, `${value} ${mapOrigin}`] : [name, value]));
  return [...directives, ['frame-ancestors', ancestors]].map(([name, value]) => `${name} ${value}`).join('; ');
}

export const CSP_HEADER = 'Content-Security-Policy';
