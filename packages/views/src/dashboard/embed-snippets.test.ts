import { describe, expect, it } from 'vitest';
import { elementSnippet, GUEST_TOKEN_FUNCTION, iframeSnippet, snippetServerUrl } from './embed-snippets';

describe('embed snippets', () => {
  it('name the server and the embedded id, and share one guest-token function', () => {
    const target = { serverUrl: 'https://bi.example.com/lumen/', uuid: '5b0c6f1e-2f7a-4c1b-9d3e-0a1b2c3d4e5f' };
    const element = elementSnippet(target);
    expect(element).toContain('api-url="https://bi.example.com/lumen"');
    expect(element).toContain('import "https://bi.example.com/lumen/static/elements/bi-elements.lite.js";');
    // The id is set after the token function, so the first request carries a token.
    expect(element.indexOf('dashboard.fetchGuestToken = fetchGuestToken;')).toBeLessThan(element.indexOf("setAttribute('dashboard-id'"));
    const iframe = iframeSnippet(target);
    expect(iframe).toContain('import { embedDashboard } from "https://bi.example.com/lumen/static/embed/lumen-embed-dashboard.js";');
    expect(iframe).toContain('domain: "https://bi.example.com/lumen",');
    for (const code of [element, iframe]) expect(code).toContain(GUEST_TOKEN_FUNCTION);
  });

  it('cannot be broken out of by the values it writes', () => {
    const hostile = { serverUrl: 'https://x.example.com/"><script>alert(1)</script>', uuid: '"</script><script>alert(2)</script>' };
    const element = elementSnippet(hostile);
    expect(element).not.toContain('<script>alert');
    expect(element).toContain('api-url="https://x.example.com/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(iframeSnippet(hostile)).toContain('id: "\\"\\u003c/script>\\u003cscript>alert(2)\\u003c/script>",');
  });

  it('take the server from an absolute API base, else from the page', () => {
    expect(snippetServerUrl('https://bi.example.com/', 'https://app.example.com')).toBe('https://bi.example.com');
    expect(snippetServerUrl('', 'http://127.0.0.1:8088')).toBe('http://127.0.0.1:8088');
    expect(snippetServerUrl('/lumen', 'https://bi.example.com')).toBe('https://bi.example.com/lumen');
  });
});
