/**
 * A small Markdown renderer for dashboard markdown components (headings, emphasis, code, links, images,
 * lists, quotes, rules, tables of raw HTML) followed by DOMPurify with a whitelist of tags and attributes
 * (spec 2 §5 "User HTML is sanitised"). Raw HTML is allowed in the source, as in the incumbent, because
 * the sanitiser, not the parser, is the security boundary.
 */
import DOMPurify from 'dompurify';
import { sanitizeDeclarations } from './sanitize-css';

export const MARKDOWN_ALLOWED_TAGS = [
  'a', 'b', 'blockquote', 'br', 'code', 'del', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'li',
  'ol', 'p', 'pre', 's', 'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
];
export const MARKDOWN_ALLOWED_ATTRIBUTES = ['href', 'title', 'alt', 'src', 'width', 'height', 'align', 'colspan', 'rowspan', 'target', 'rel', 'class', 'style'];

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Inline syntax: code spans first (their content is literal), then images, links, emphasis. */
function inline(text: string): string {
  const codes: string[] = [];
  let out = text.replace(/`([^`]+)`/g, (_, code: string) => {
    codes.push(`<code>${escapeHtml(code)}</code>`);
    return `\u0000${codes.length - 1}\u0000`;
  });
  out = out
    .replace(/!\[([^\]]*)\]\(([^)\s]+)(?:\s+"([^"]*)")?\)/g, (_, alt: string, src: string, title?: string) => `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}"${title ? ` title="${escapeHtml(title)}"` : ''}>`)
    .replace(/\[([^\]]+)\]\(([^)\s]+)(?:\s+"([^"]*)")?\)/g, (_, label: string, href: string, title?: string) => `<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ''}>${label}</a>`)
    .replace(/\*\*([^*]+)\*\*|__([^_]+)__/g, (_, a?: string, b?: string) => `<strong>${a ?? b}</strong>`)
    .replace(/(^|[^*])\*([^*\s][^*]*)\*/g, (_, pre: string, body: string) => `${pre}<em>${body}</em>`)
    .replace(/(^|\W)_([^_\s][^_]*)_(?=\W|$)/g, (_, pre: string, body: string) => `${pre}<em>${body}</em>`)
    .replace(/~~([^~]+)~~/g, '<del>$1</del>');
  return out.replace(/\u0000(\d+)\u0000/g, (_, i: string) => codes[Number(i)]);
}

/**
 * Markdown -> HTML (unsanitised; call `renderMarkdown` for display).
 *
 * @example
 * markdownToHtml('# Title\n\nSome *text*'); // '<h1>Title</h1>\n<p>Some <em>text</em></p>'
 */
export function markdownToHtml(source: string): string {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let paragraph: string[] = [];
  let list: { tag: 'ul' | 'ol'; items: string[] } | null = null;
  const flushParagraph = () => {
    if (paragraph.length) out.push(`<p>${inline(paragraph.join('\n')).replace(/ {2,}\n/g, '<br>\n')}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (list) out.push(`<${list.tag}>${list.items.map((i) => `<li>${inline(i)}</li>`).join('')}</${list.tag}>`);
    list = null;
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    const fence = /^```/.exec(line);
    if (fence) {
      flushParagraph();
      flushList();
      const body: string[] = [];
      for (i += 1; i < lines.length && !/^```/.test(lines[i]); i += 1) body.push(lines[i]);
      out.push(`<pre><code>${escapeHtml(body.join('\n'))}</code></pre>`);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const ordered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (line.trim() === '') {
      flushParagraph();
      flushList();
    } else if (heading) {
      flushParagraph();
      flushList();
      out.push(`<h${heading[1].length}>${inline(heading[2])}</h${heading[1].length}>`);
    } else if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      flushParagraph();
      flushList();
      out.push('<hr>');
    } else if (bullet || ordered) {
      flushParagraph();
      const tag = bullet ? 'ul' : 'ol';
      if (list && list.tag !== tag) flushList();
      list ??= { tag, items: [] };
      list.items.push((bullet ?? ordered)![1]);
    } else if (/^>\s?/.test(line)) {
      flushParagraph();
      flushList();
      out.push(`<blockquote>${inline(line.replace(/^>\s?/, ''))}</blockquote>`);
    } else if (/^\s*</.test(line) && paragraph.length === 0) {
      flushList();
      out.push(line);
    } else {
      flushList();
      paragraph.push(line);
    }
  }
  flushParagraph();
  flushList();
  return out.join('\n');
}

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

/**
 * Markdown source -> safe HTML for a markdown component.
 *
 * @example
 * renderMarkdown('<img src=x onerror="alert(1)"><script>alert(1)</script>'); // '<img src="x">'
 */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdownToHtml(source));
}
