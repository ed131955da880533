import { toLayout, withParents, type NativeFilter } from '@lumen-bi/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { salesServer, fixture } from './dashboard-test-support';
import { DashboardView } from './dashboard-view';
import { DRAG_MIME } from './drag-drop';
import { FILTER_SCOPE_MOVED_MESSAGE, moveChangesFilterScope } from './filter-scope-move';
import { moveExisting } from './layout-edit';
import { editModeCode } from './edit-mode-code';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A filter applying only to the first tab (🎯 Sales Overview) of the Sales Dashboard. */
const overviewOnly: NativeFilter = {
  id: 'NATIVE_FILTER-overview',
  type: 'NATIVE_FILTER',
  name: 'Deal size',
  filterType: 'filter_select',
  targets: [{ datasetId: 7, column: { name: 'deal_size' } }],
  scope: { rootPath: ['TAB-d-E0Zc1cTH'], excluded: [] },
  controlValues: {},
};
const everywhere: NativeFilter = { ...overviewOnly, id: 'NATIVE_FILTER-all', scope: { rootPath: ['ROOT_ID'], excluded: [] } };
const layout = withParents(toLayout(fixture.position));

describe('moving charts across filter scopes', () => {
  it('notices a row whose charts enter a tab-scoped filter', () => {
    const moved = moveExisting(layout, 'ROW-0l1WcDzW3', 'TAB-d-E0Zc1cTH', 0);
    expect(moved.ok).toBe(true);
    expect(moveChangesFilterScope(layout, moved.ok ? moved.layout : layout, [overviewOnly, everywhere], 'ROW-0l1WcDzW3')).toBe(true);
  });

  it('stays quiet for a move within the same scope, or when every filter applies everywhere', () => {
    const within = moveExisting(layout, 'ROW-E7MDSGfnm', 'TAB-4fthLQmdX', 0);
    expect(within.ok && moveChangesFilterScope(layout, within.layout, [overviewOnly], 'ROW-E7MDSGfnm')).toBe(false);
    const across = moveExisting(layout, 'ROW-0l1WcDzW3', 'TAB-d-E0Zc1cTH', 0);
    expect(across.ok && moveChangesFilterScope(layout, across.layout, [everywhere], 'ROW-0l1WcDzW3')).toBe(false);
  });

  it('notices charts leaving a tab-scoped filter; a chart excluded by id stays excluded wherever it goes', () => {
    const exploratoryOnly: NativeFilter = { ...overviewOnly, scope: { rootPath: ['TAB-4fthLQmdX'], excluded: [] } };
    const out = moveExisting(layout, 'ROW-0l1WcDzW3', 'TAB-d-E0Zc1cTH', 0);
    expect(out.ok && moveChangesFilterScope(layout, out.layout, [exploratoryOnly], 'ROW-0l1WcDzW3')).toBe(true);
    const excluding: NativeFilter = { ...everywhere, scope: { rootPath: ['ROOT_ID'], excluded: [116, 112] } };
    expect(out.ok && moveChangesFilterScope(layout, out.layout, [excluding], 'ROW-0l1WcDzW3')).toBe(false);
  });

  it('shows the warning toast when a drop in edit mode changes the scope', async () => {
    await editModeCode.load();
    vi.stubGlobal('IntersectionObserver', undefined);
    const server = salesServer({ filters: [overviewOnly] });
    render(<DashboardView api={{ ...server.client, auth: { kind: 'session' } }} dashboardIdOrSlug={4} editFlag />);
    await screen.findByRole('heading', { name: 'Sales Dashboard' });
    const grid = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.bi-dash-main [role="tabpanel"] > .bi-dash-grid');
      expect(found).not.toBeNull();
      return found!;
    });
    const dataTransfer = { getData: (type: string) => (type === DRAG_MIME ? JSON.stringify({ kind: 'existing', id: 'ROW-0l1WcDzW3' }) : '') };
    fireEvent.drop(grid, { dataTransfer, clientX: 0, clientY: 0 });
    expect(await screen.findByText(FILTER_SCOPE_MOVED_MESSAGE)).toBeTruthy();
    expect(grid.querySelector('[data-layout-id="CHART-AYpv8gFi_q"]')).not.toBeNull();
  });
});
