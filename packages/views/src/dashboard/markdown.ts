/**
 * A small Markdown renderer for dashboard markdown components (headings, emphasis, code, links, images,
 * lists, quotes, rules, tables of raw HTML) followed by the shared HTML sanitiser (DOMPurify with a whitelist of tags and
 * attributes, spec 2 §5 "User HTML is sanitised"). Raw HTML is allowed in the source, as in the incumbent, because
 * the sanitiser, not the parser, is the security boundary.
 */
import { sanitizeHtml } from '@lumen-bi/charts';

// The sanitiser lives in @lumen-bi/charts, shared with the handlebars chart: one whitelist for all user HTML.
export { MARKDOWN_ALLOWED_ATTRIBUTES, MARKDOWN_ALLOWED_TAGS, sanitizeHtml } from '@lumen-bi/charts';

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

/**
 * Markdown source -> safe HTML for a markdown component.
 *
 * @example
 * renderMarkdown('<img src=x onerror="alert(1)"><script>alert(1)</script>'); // '<img src="x">'
 */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdownToHtml(source));
}
