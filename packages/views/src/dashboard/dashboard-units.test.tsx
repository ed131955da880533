import { NOT_ENOUGH_SPACE_MESSAGE, TOP_LEVEL_TAB_MOVE_MESSAGE, toLayout, type DashboardLayout } from '@lumen-bi/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { propertiesPayload, layoutSavePayload, diffForConfirm } from './dashboard-save';
import { salesServer, fixture } from './dashboard-test-support';
import { DashboardView } from './dashboard-view';
import { filterChanges, filterToFocus } from './filter-config-changes';
import { addComponent, moveExisting, resizeComponent } from './layout-edit';
import { renderMarkdown } from './markdown';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('markdown', () => {
  it('renders markdown and strips scripts and event handlers', () => {
    const html = renderMarkdown('# Title\n\n**bold** [x](https://e.com)\n\n<img src="a.png" onerror="alert(1)"><script>alert(1)</script>');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    expect(html).toContain('<img src="a.png">');
    expect(renderMarkdown('[x](javascript:alert(1))')).not.toContain('javascript:');
  });
});

const layout = (): DashboardLayout => toLayout(fixture.position);

describe('edit-mode drops', () => {
  it('refuses a drop into a full row with the spec message', () => {
    const l = layout();
    const fullRow = Object.values(l).find((c) => c.type === 'ROW' && c.children.reduce((s, id) => s + Number(l[id]?.meta?.width ?? 0), 0) >= 12)!;
    expect(addComponent(l, fullRow.id, 0, 'MARKDOWN')).toEqual({ ok: false, message: NOT_ENOUGH_SPACE_MESSAGE });
  });

  it('refuses moving a top-level tab into nested tabs', () => {
    const l: DashboardLayout = {
      ...layout(),
      'TABS-nested': { id: 'TABS-nested', type: 'TABS', children: ['TAB-n'] },
      'TAB-n': { id: 'TAB-n', type: 'TAB', children: [], meta: { text: 'n' } },
    };
    const topTab = 'TAB-d-E0Zc1cTH';
    const firstTab = l['TABS-e5Ruro0cjP'].children[1];
    l[firstTab] = { ...l[firstTab], children: [...l[firstTab].children, 'TABS-nested'] };
    expect(moveExisting(l, topTab, 'TABS-nested', 0)).toEqual({ ok: false, message: TOP_LEVEL_TAB_MOVE_MESSAGE });
  });

  it('adds markdown in its own row on a tab and clamps resizes to the row', () => {
    const l = layout();
    const result = addComponent(l, 'TAB-d-E0Zc1cTH', 0, 'MARKDOWN');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const rowId = result.layout['TAB-d-E0Zc1cTH'].children[0];
    expect(result.layout[rowId].type).toBe('ROW');
    expect(resizeComponent(result.layout, result.id, { width: 40 })[result.id].meta?.width).toBe(12);
  });
});

describe('save payloads', () => {
  it('serialises the layout and metadata', () => {
    const body = layoutSavePayload({ ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: [] } }, { refresh_frequency: 0 });
    expect(JSON.parse(body.position_json!)).toEqual({ DASHBOARD_VERSION_KEY: 'v2', ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: [] } });
    expect(JSON.parse(body.json_metadata!)).toEqual({ refresh_frequency: 0 });
  });

  it('normalises the properties save', () => {
    const form = { dashboard_title: '  ', slug: ' ', owners: [1], roles: [2], tags: [3], certified_by: '', certification_details: 'x', css: '', json_metadata: '{}' };
    expect(propertiesPayload(form, {})).toEqual({ dashboard_title: '[ untitled dashboard ]', slug: null, owners: [1], css: '', certified_by: null, certification_details: null, json_metadata: '{}' });
    expect(propertiesPayload({ ...form, certified_by: 'QA' }, { DashboardRbac: true, TaggingSystem: true })).toMatchObject({ certified_by: 'QA', certification_details: 'x', roles: [2], tags: [3] });
    expect(diffForConfirm({ css: 'a', metadata: {} }, { css: 'b', metadata: {} }).map((r) => r.field)).toEqual(['css']);
  });

  it('computes filter changes and the filter to focus', () => {
    const a = { id: 'A', type: 'DIVIDER' as const, title: 'a' };
    const b = { id: 'B', type: 'DIVIDER' as const, title: 'b' };
    expect(filterChanges([a, b], [{ ...b, title: 'b2' }, a], [])).toEqual({ deleted: [], modified: [{ ...b, title: 'b2' }], reordered: ['B', 'A'] });
    expect(filterChanges([a, b], [b], ['A'])).toEqual({ deleted: ['A'], modified: [], reordered: [] });
    const issues = [{ filterId: 'B', field: 'name', message: 'Name is required' }];
    expect(filterToFocus(issues, ['A', 'B'], 'A')).toBe('B');
    expect(filterToFocus(issues, ['A', 'B'], 'B')).toBeNull();
  });
});

describe('DashboardView', () => {
  it('renders the Sales Dashboard layout: tabs, markdown and the active tab charts', async () => {
    // happy-dom has an IntersectionObserver that never reports: without one, charts load at once.
    vi.stubGlobal('IntersectionObserver', undefined);
    const server = salesServer();
    render(<DashboardView api={server.client} dashboardIdOrSlug={4} />);
    await screen.findByRole('heading', { name: 'Sales Dashboard' });
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect([...tabs].sort()).toEqual(['🎯 Sales Overview', '🧭 Exploratory']);
    await waitFor(() => expect(document.querySelectorAll('[data-chart-id]').length).toBeGreaterThan(0));
    const chartCalls = () => server.calls.filter((c) => c.path === '/api/v1/chart/data').length;
    await waitFor(() => expect(chartCalls()).toBeGreaterThan(0));
    expect(server.calls.find((c) => c.path === '/api/v1/chart/data')!.url).toContain('dashboard_id=4');
  });
});

describe('select filter options', () => {
  it('groups by the column (a COUNT metric) so the options are distinct values, deduplicated', async () => {
    const { createFakeServer } = await import('../explore/test-support');
    const { fetchSelectOptions } = await import('./filter-options');
    const server = createFakeServer({
      'POST /api/v1/chart/data': () => ({ result: [{ data: [{ country: 'France' }, { country: 'Spain' }, { country: 'France' }], colnames: ['country'], coltypes: [1], rowcount: 3 }] }),
    });
    const filter = { id: 'NATIVE_FILTER-1', type: 'NATIVE_FILTER', name: 'Country', filterType: 'filter_select', targets: [{ datasetId: 7, column: { name: 'country' } }], controlValues: {} } as never;
    expect(await fetchSelectOptions(server.client, filter, {})).toEqual(['France', 'Spain']);
    const [query] = (server.calls[0].body as { queries: { columns: unknown[]; metrics: { aggregate?: string }[] }[] }).queries;
    expect(query.columns).toEqual(['country']);
    expect(query.metrics).toHaveLength(1);
    expect(query.metrics[0].aggregate).toBe('COUNT');
  });
});
