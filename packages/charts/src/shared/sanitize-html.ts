/**
 * The sanitiser of all user HTML: dashboard markdown components and the handlebars chart's output pass
 * the same DOMPurify whitelist of tags and attributes (spec 2 §5 "User HTML is sanitised"), then a second
 * walk over an inert document; style attributes pass the dashboard CSS rules. No script, event handler or
 * javascript: URL survives.
 */
import DOMPurify from 'dompurify';
import { sanitizeDeclarations } from './sanitize-css';

export const MARKDOWN_ALLOWED_TAGS = [
  'a', 'b', 'blockquote', 'br', 'code', 'del', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'li',
  'ol', 'p', 'pre', 's', 'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
];
export const MARKDOWN_ALLOWED_ATTRIBUTES = ['href', 'title', 'alt', 'src', 'width', 'height', 'align', 'colspan', 'rowspan', 'target', 'rel', 'class', 'style'];

const URL_ATTRIBUTES = new Set(['href', 'src']);
const SAFE_URL = /^(?:https?:|mailto:|data:image\/|#|\/|\.|[^:]*$)/i;

/**
 * The whitelist applied again by walking an inert document: a second line of defence that holds even where
 * DOMPurify's tree walk is not faithful (happy-dom in tests leaves nodes it should remove).
 */
function whitelistWalk(html: string): string {
  if (typeof document === 'undefined' || !document.implementation?.createHTMLDocument) return html;
  const doc = document.implementation.createHTMLDocument('');
  const root = doc.createElement('div');
  root.innerHTML = html;
  const allowedTags = new Set(MARKDOWN_ALLOWED_TAGS);
  const allowedAttributes = new Set(MARKDOWN_ALLOWED_ATTRIBUTES);
  const visit = (el: Element) => {
    for (const child of [...el.children]) {
      const tag = child.tagName.toLowerCase();
      if (tag === 'script' || tag === 'style' || tag === 'iframe' || tag === 'object' || tag === 'embed') {
        child.remove();
        continue;
      }
      for (const attr of [...child.attributes]) {
        const name = attr.name.toLowerCase();
        if (!allowedAttributes.has(name) || (URL_ATTRIBUTES.has(name) && !SAFE_URL.test(attr.value.trim()))) child.removeAttribute(attr.name);
      }
      // Style attributes pass the dashboard CSS rules: no fixed/absolute overlays, no remote url().
      const style = child.getAttribute('style');
      if (style !== null) {
        const clean = sanitizeDeclarations(style);
        if (clean) child.setAttribute('style', clean);
        else child.removeAttribute('style');
      }
      visit(child);
      if (!allowedTags.has(tag)) child.replaceWith(...child.childNodes);
    }
  };
  visit(root);
  return root.innerHTML;
}

/** Sanitises HTML with the markdown whitelist; scripts, event handlers and javascript: URLs are removed. */
export function sanitizeHtml(html: string): string {
  // One wrapping element: happy-dom drops the first top-level element DOMPurify hands back otherwise.
  const purified = DOMPurify.sanitize(`<div>${html}</div>`, { ALLOWED_TAGS: MARKDOWN_ALLOWED_TAGS, ALLOWED_ATTR: MARKDOWN_ALLOWED_ATTRIBUTES, ALLOW_DATA_ATTR: false });
  return whitelistWalk(purified);
}
