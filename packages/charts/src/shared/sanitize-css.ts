/**
 * Dashboard CSS (the dashboard's `css` field) and markdown style attributes are user input shown to every
 * viewer. CSS cannot run script under the app's Content-Security-Policy, so what is guarded against here is
 * CSS that takes over the page or talks to other sites:
 *
 * - covering the page: position fixed/absolute is dropped, and every selector is scoped to the dashboard
 *   (`.bi-dash …`; `html`, `body`, `:root` and `:host` become `.bi-dash`), so the app's navigation, dialogs
 *   and sign-in prompts cannot be hidden or restyled;
 * - loading from elsewhere: @import (and every at-rule but @media, @supports, @keyframes and @font-face),
 *   url() other than same-site paths and raster data: images, and image-set()/src() are dropped;
 * - legacy script hooks: expression(), behavior, -moz-binding, javascript:/vbscript: are dropped;
 * - obfuscation: comments are removed, and a declaration or selector holding a backslash escape (`posit\69on`)
 *   is dropped rather than decoded; `<` never reaches the output, so `</style>` cannot close the element.
 *
 * Declarations are judged one by one: a bad one is dropped and the rest of the rule kept.
 */
export const DASHBOARD_CSS_SCOPE = '.bi-dash';

const KEPT_AT_RULES = new Set(['media', 'supports', 'keyframes', '-webkit-keyframes', 'font-face']);
const BLOCKED_PROPERTIES = new Set(['behavior', '-moz-binding', '-ms-behavior']);
const BLOCKED_VALUE = /expression\s*\(|javascript:|vbscript:|image-set\s*\(|(^|[^-\w])src\s*\(|element\s*\(|-moz-element/i;
const COVERING_POSITION = /^(fixed|absolute)(\s*!\s*important)?$/i;
const URL_FUNCTION = /url\s*\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*?))\s*\)/gi;
const RASTER_DATA_URL = /^data:image\/(?:png|gif|jpe?g|webp|avif)[;,]/i;

/** Whether every url() of a value points at this site (a relative path) or is an inline raster image. */
function urlsAreSafe(value: string): boolean {
  for (const match of value.matchAll(URL_FUNCTION)) {
    const target = (match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (RASTER_DATA_URL.test(target)) continue;
    // A scheme (https:, javascript:) or a network path (//host, /\host) leaves the site.
    if (/^[a-z][\w+.-]*:/i.test(target) || /^[/\\]{2}|^\/\\/.test(target)) return false;
  }
  return true;
}

/**
 * One `property: value` declaration, or null when it must go.
 *
 * @example
 * sanitizeDeclaration('color', 'red');          // 'color: red'
 * sanitizeDeclaration('position', 'fixed');     // null
 */
export function sanitizeDeclaration(property: string, value: string): string | null {
  const name = property.trim().toLowerCase();
  const text = value.trim().replace(/\s+/g, ' ');
  if (!/^(--[\w-]+|-?[a-z][a-z0-9-]*)$/.test(name) || !text) return null;
  if (text.includes('\\') || /[<>{}]/.test(text)) return null;
  if (BLOCKED_PROPERTIES.has(name) || BLOCKED_VALUE.test(text)) return null;
  if (name === 'position' && COVERING_POSITION.test(text)) return null;
  if (/url\s*\(/i.test(text) && !urlsAreSafe(text)) return null;
  return `${name}: ${text}`;
}

/** Splits on `sep` outside strings and parentheses. */
function splitTopLevel(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === sep && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * The declarations of a block or of a `style` attribute, sanitised.
 *
 * @example
 * sanitizeDeclarations('color: red; position: fixed; inset: 0'); // 'color: red; inset: 0'
 */
export function sanitizeDeclarations(block: string): string {
  const kept: string[] = [];
  for (const declaration of splitTopLevel(stripComments(block), ';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const clean = sanitizeDeclaration(declaration.slice(0, colon), declaration.slice(colon + 1));
    if (clean) kept.push(clean);
  }
  return kept.join('; ');
}

function stripComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?(\*\/|$)/g, ' ').replace(/<!--|-->/g, ' ');
}

/** Scopes one selector list to `scope` (the dashboard's by default); null when a selector cannot be trusted. */
function scopeSelectors(selectors: string, scope: string): string | null {
  if (selectors.includes('\\') || /[{}@;]/.test(selectors)) return null;
  const scoped = selectors
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((selector) => {
      const root = /^(?:(?:html|:root|:host)(?![\w-])(?:\s+body(?![\w-]))?|body(?![\w-]))/i.exec(selector);
      // `body::after` -> `.bi-dash::after`, `html body .x` -> `.bi-dash .x`.
      if (root) return `${scope}${selector.slice(root[0].length)}`;
      if (selector === scope || selector.startsWith(`${scope} `) || selector.startsWith(`${scope}.`) || selector.startsWith(`${scope}:`)) {
        return selector;
      }
      return `${scope} ${selector}`;
    });
  return scoped.length ? scoped.join(', ') : null;
}

interface Block {
  prelude: string;
  body: string;
  end: number;
}

/** The next `prelude { body }` from `start`, honouring nested braces and strings; null at the end. */
function nextBlock(css: string, start: number): Block | null {
  const open = css.indexOf('{', start);
  if (open < 0) return null;
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < css.length; i++) {
    const ch = css[i];
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return { prelude: css.slice(start, open), body: css.slice(open + 1, i), end: i + 1 };
  }
  return { prelude: css.slice(start, open), body: css.slice(open + 1), end: css.length };
}

function sanitizeRules(css: string, scope: string | null): string[] {
  const out: string[] = [];
  let position = 0;
  for (let block = nextBlock(css, position); block; block = nextBlock(css, position)) {
    position = block.end;
    // Statements before the block without braces (`@import …;`, `@charset …;`) are dropped with it.
    const prelude = block.prelude.split(';').pop()!.trim();
    if (prelude.startsWith('@')) {
      const name = /^@([\w-]+)/.exec(prelude)?.[1]?.toLowerCase() ?? '';
      if (!KEPT_AT_RULES.has(name) || prelude.includes('\\') || /url\s*\(/i.test(prelude)) continue;
      if (name === 'font-face') {
        const body = sanitizeDeclarations(block.body);
        if (body) out.push(`@font-face { ${body} }`);
      } else {
        // Inside @keyframes the "selectors" are percentages: no scoping.
        const inner = sanitizeRules(block.body, name.endsWith('keyframes') ? null : scope);
        if (inner.length) out.push(`${prelude} { ${inner.join(' ')} }`);
      }
      continue;
    }
    const selectors = scope ? scopeSelectors(prelude, scope) : /^[\w\s%,.-]+$/.test(prelude) ? prelude.trim() : null;
    const body = sanitizeDeclarations(block.body);
    if (selectors && body) out.push(`${selectors} { ${body} }`);
  }
  return out;
}

/**
 * Sanitises a style sheet and scopes every selector to `scope`: the dashboard by default, or one chart's
 * root (a handlebars chart's styleTemplate), so user CSS restyles only what it was written for.
 *
 * @example
 * sanitizeCss('body { background: #eee } .x { position: fixed; color: red } @import url(//evil/x.css);');
 * // '.bi-dash { background: #eee }\n.bi-dash .x { color: red }'
 * sanitizeCss('h1 { color: red }', '.bi-handlebars-1'); // '.bi-handlebars-1 h1 { color: red }'
 */
export function sanitizeCss(css: string, scope: string = DASHBOARD_CSS_SCOPE): string {
  return sanitizeRules(stripComments(css).replace(/</g, ' '), scope).join('\n');
}
