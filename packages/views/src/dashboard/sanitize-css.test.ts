import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';
import { sanitizeCss, sanitizeDeclarations } from './sanitize-css';

describe('sanitizeCss (dashboard CSS)', () => {
  it('keeps ordinary styling, scoped to the dashboard', () => {
    expect(sanitizeCss('.chart-title { color: #333; font-weight: 600 }')).toBe('.bi-dash .chart-title { color: #333; font-weight: 600 }');
    expect(sanitizeCss('body { background: #eee } html body .x { margin: 0 } :root { --accent: red }')).toBe(
      '.bi-dash { background: #eee }\n.bi-dash .x { margin: 0 }\n.bi-dash { --accent: red }',
    );
    expect(sanitizeCss('.bi-dash .x, .y > .z { padding: 4px }')).toBe('.bi-dash .x, .bi-dash .y > .z { padding: 4px }');
    expect(sanitizeCss('@media (max-width: 600px) { .x { display: none } }')).toBe('@media (max-width: 600px) { .bi-dash .x { display: none } }');
    expect(sanitizeCss('@keyframes pulse { 0% { opacity: 1 } 100% { opacity: .5 } }')).toBe('@keyframes pulse { 0% { opacity: 1 } 100% { opacity: .5 } }');
    expect(sanitizeCss('.x { position: relative; position: sticky; z-index: 2 }')).toBe('.bi-dash .x { position: relative; position: sticky; z-index: 2 }');
    expect(sanitizeCss('.x { background: url(/static/bg.png) } .y { background: url("data:image/png;base64,AAAA") }')).toBe(
      '.bi-dash .x { background: url(/static/bg.png) }\n.bi-dash .y { background: url("data:image/png;base64,AAAA") }',
    );
  });

  it('drops overlays that could cover the page', () => {
    expect(sanitizeCss('.x { position: fixed; inset: 0; z-index: 99999; background: white }')).toBe('.bi-dash .x { inset: 0; z-index: 99999; background: white }');
    expect(sanitizeCss('.x { position: absolute !important; top: 0 }')).toBe('.bi-dash .x { top: 0 }');
    expect(sanitizeCss('.x { POSITION : Fixed }')).toBe('');
    // Escapes and comments cannot smuggle the property or value past the check.
    expect(sanitizeCss('.x { posit\\69on: fixed } .y { position: fix\\65d } .z { position:/**/fixed }')).toBe('');
    // The app shell outside the dashboard is out of reach.
    expect(sanitizeCss('body::after { content: "Session expired"; color: red }')).toBe('.bi-dash::after { content: "Session expired"; color: red }');
  });

  it('drops imports, remote urls and script hooks', () => {
    expect(sanitizeCss('@import url(https://evil.example/x.css); .a { color: red }')).toBe('.bi-dash .a { color: red }');
    expect(sanitizeCss('@import "https://evil.example/x.css";')).toBe('');
    expect(sanitizeCss('@\\69mport "x.css"; .a { color: red }')).toBe('.bi-dash .a { color: red }');
    for (const value of [
      'url(https://evil.example/p.png)',
      'url(//evil.example/p.png)',
      'url("HTTP://evil.example/p.png")',
      "url('javascript:alert(1)')",
      'url(/\\evil.example/p.png)',
      'url(data:image/svg+xml;base64,PHN2Zz4=)',
      'image-set("https://evil.example/p.png" 1x)',
      'expression(alert(1))',
    ]) {
      expect(sanitizeCss(`.x { background: ${value} }`), value).toBe('');
    }
    expect(sanitizeCss('.x { behavior: url(x.htc); -moz-binding: url(x.xml#x) }')).toBe('');
    expect(sanitizeCss('@font-face { font-family: X; src: url(https://evil.example/f.woff) }')).toBe('@font-face { font-family: X }');
    expect(sanitizeCss('@font-face { font-family: X; src: url(/static/f.woff2) }')).toBe('@font-face { font-family: X; src: url(/static/f.woff2) }');
    expect(sanitizeCss('@namespace svg url(http://www.w3.org/2000/svg); @page { margin: 0 } .a { color: red }')).toBe('.bi-dash .a { color: red }');
  });

  it('never lets </style> or markup through', () => {
    const out = sanitizeCss('.a { color: red }</style><script>alert(1)</script><style>.b { color: blue }');
    expect(out).not.toMatch(/</);
  });
});

describe('markdown style attributes', () => {
  it('keeps harmless inline styles and drops overlays and remote urls', () => {
    const html = renderMarkdown('<div style="color: red; position: fixed; top: 0; left: 0; width: 100vw; height: 100vh; background: url(https://evil.example/x.png)">Hi</div>');
    expect(html).toContain('style="color: red; top: 0; left: 0; width: 100vw; height: 100vh"');
    expect(html).not.toMatch(/fixed|evil/);
    expect(renderMarkdown('<span style="position:absolute">x</span>')).not.toMatch(/style|absolute/);
  });
});
