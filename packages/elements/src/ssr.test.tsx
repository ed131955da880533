// @vitest-environment node
/**
 * SSR: the entries import in plain Node (no HTMLElement, no document) and the React components render to
 * HTML on the server. test/packaging/ does the same against the packed tarballs.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

describe('importing the elements in Node (SSR)', () => {
  it('has no DOM to touch', () => {
    expect(typeof HTMLElement).toBe('undefined');
  });

  // The first import transforms the views' sources: slow on a busy machine.
  it('imports every entry and registers nothing', { timeout: 60_000 }, async () => {
    const root = await import('./index');
    await import('./define');
    await import('./define-chart');
    await import('./define-dashboard');
    await import('./define-sqllab');
    expect(() => root.defineElements()).not.toThrow();
    expect(root.VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('renders the React components to markup with their attributes', { timeout: 60_000 }, async () => {
    const { Chart, Dashboard, SqlLab } = await import('./react/index');
    const html = renderToString(
      createElement('div', null, [
        createElement(Dashboard, { key: 'd', dashboardId: 'abc', hideTitle: true, filtersExpanded: false, urlParams: { a: 1 } }),
        createElement(Chart, { key: 'c', chartId: 42, apiUrl: 'https://bi.example.com' }),
        createElement(SqlLab, { key: 's', databaseId: 1, sql: 'SELECT 1' }),
      ]),
    );
    expect(html).toContain('<bi-dashboard dashboard-id="abc" hide-title="" filters-expanded="false" url-params="{&quot;a&quot;:1}">');
    expect(html).toContain('<bi-chart api-url="https://bi.example.com" chart-id="42">');
    expect(html).toContain('<bi-sqllab database-id="1" sql="SELECT 1">');
  });
});
