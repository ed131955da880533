/**
 * A chart description's Markdown as the incumbent answers it in description_markeddown: rendered to HTML
 * (marked) and safe to put in a page. Safety is by construction rather than by a DOM sanitiser (the server
 * has no DOM): raw HTML in the source is shown as text, and a link or image keeps its URL only when it is
 * http(s), mailto or relative, so no script can run from a description.
 */
import { Marked } from 'marked';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A URL a browser may follow from a description: http(s), mailto or relative; javascript:, data: etc. are not. */
function safeUrl(href: string | null): string | null {
  if (!href) return null;
  // Browsers drop tabs, newlines and other controls inside a URL ('java\tscript:' is javascript:).
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href.replace(/[\u0000-\u0020\u007f]/g, ''))?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' || scheme === 'mailto' ? href : null;
}

const titleAttr = (title: string | null | undefined) => (title ? ` title="${escapeHtml(title)}"` : '');

const markdown = new Marked({
  gfm: true,
  renderer: {
    html: (html: string) => escapeHtml(html),
    link(href: string | null, title: string | null | undefined, text: string) {
      const url = safeUrl(href);
      return url === null ? text : `<a href="${escapeHtml(url)}"${titleAttr(title)}>${text}</a>`;
    },
    image(href: string | null, title: string | null, text: string) {
      const url = safeUrl(href);
      return url === null ? escapeHtml(text) : `<img src="${escapeHtml(url)}" alt="${escapeHtml(text)}"${titleAttr(title)}>`;
    },
  },
});

/**
 * @example
 * markdownToSafeHtml('**Sales** by [region](https://example.com)'); // '<p><strong>Sales</strong> by <a href="https://example.com">region</a></p>\n'
 * markdownToSafeHtml('<script>alert(1)</script>'); // '&lt;script&gt;alert(1)&lt;/script&gt;'
 */
export function markdownToSafeHtml(source: string | null | undefined): string {
  if (!source) return '';
  return markdown.parse(source, { async: false }) as string;
}
