import { describe, expect, it } from 'vitest';
import { EMBEDDED_CHART_ROUTE, EMBEDDED_DASHBOARD_ROUTE } from '@lumen-bi/core';
import { buildEmbedUrl, createEmbedIframe, targetOriginOf } from './iframe';

describe('iframe URL and attributes', () => {
  it('builds the incumbent URL: uiConfig, filter params, urlParams overriding them', () => {
    const url = buildEmbedUrl({
      domain: 'https://bi.example.com/',
      route: EMBEDDED_DASHBOARD_ROUTE,
      id: 'abc-123',
      uiConfig: { hideTitle: true, hideChartControls: true, emitDataMasks: true, filters: { visible: false, expanded: true }, urlParams: { expand_filters: false, foo: 'a b' } },
    });
    expect(url).toBe('https://bi.example.com/embedded/abc-123?uiConfig=25&show_filters=false&expand_filters=false&foo=a+b');
    expect(buildEmbedUrl({ domain: 'https://bi.example.com', route: EMBEDDED_DASHBOARD_ROUTE, id: 'x' })).toBe('https://bi.example.com/embedded/x');
    expect(buildEmbedUrl({ domain: 'https://bi.example.com/lumen', route: EMBEDDED_CHART_ROUTE, id: 42, uiConfig: {} })).toBe('https://bi.example.com/lumen/embedded/chart/42?uiConfig=0');
  });

  it('derives the exact target origin and refuses non-http domains', () => {
    expect(targetOriginOf('https://bi.example.com:8443/lumen/')).toBe('https://bi.example.com:8443');
    expect(() => targetOriginOf('bi.example.com')).toThrow(/absolute http/);
    expect(() => targetOriginOf('javascript:alert(1)')).toThrow(/http or https/);
  });

  it('sets sandbox, allow, referrer policy and title', () => {
    const iframe = createEmbedIframe(
      'https://bi.example.com/embedded/x',
      { iframeSandboxExtras: ['allow-top-navigation'], iframeAllowExtras: ['camera'], referrerPolicy: 'no-referrer', iframeTitle: 'Sales' },
      document,
      'Embedded Dashboard',
    );
    expect(iframe.getAttribute('sandbox')).toBe('allow-same-origin allow-scripts allow-presentation allow-downloads allow-forms allow-popups allow-top-navigation');
    expect(iframe.getAttribute('allow')).toBe('fullscreen; clipboard-write; camera');
    expect(iframe.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(iframe.title).toBe('Sales');
    expect(createEmbedIframe('https://x/embedded/y', {}, document, 'Embedded Dashboard').title).toBe('Embedded Dashboard');
    expect(() => createEmbedIframe('https://x/', { iframeSandboxExtras: ['allow-scripts" onload="x'] }, document, 't')).toThrow(/sandbox token/);
  });
});
