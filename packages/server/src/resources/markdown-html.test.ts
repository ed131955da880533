import { describe, expect, it } from 'vitest';
import { markdownToSafeHtml } from './markdown-html';

describe('markdownToSafeHtml', () => {
  it('renders Markdown to HTML', () => {
    expect(markdownToSafeHtml('# Revenue\n\n**Net** sales by [region](https://example.com "Regions")\n\n- a\n- b')).toBe(
      '<h1>Revenue</h1>\n<p><strong>Net</strong> sales by <a href="https://example.com" title="Regions">region</a></p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n',
    );
    expect(markdownToSafeHtml('![logo](/static/logo.png)')).toBe('<p><img src="/static/logo.png" alt="logo"></p>\n');
  });

  it('shows raw HTML as text, so no tag or handler of the source reaches the page', () => {
    expect(markdownToSafeHtml('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(markdownToSafeHtml('a <img src=x onerror=alert(1)> b')).toBe('<p>a &lt;img src=x onerror=alert(1)&gt; b</p>\n');
  });

  it('keeps only http(s), mailto and relative URLs', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,hi', 'vbscript:x']) {
      expect(markdownToSafeHtml(`[x](${href})`), href).toBe('<p>x</p>\n');
    }
    // A control character inside the scheme, which browsers drop ('java\tscript:' is javascript:).
    expect(markdownToSafeHtml('[x](<java\tscript:alert(1)>)')).not.toContain('<a');
    expect(markdownToSafeHtml('[mail](mailto:a@b.c)')).toBe('<p><a href="mailto:a@b.c">mail</a></p>\n');
  });

  it('answers an empty string for no description', () => {
    expect(markdownToSafeHtml(null)).toBe('');
    expect(markdownToSafeHtml('')).toBe('');
  });
});
