import type { NativeFilter } from '@lumen-bi/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDashboardStore } from './dashboard-store';
import { salesServer } from './dashboard-test-support';
import { cascadeChildren, filterValueToDataMask, parentExtraFormData, RANGE_ORDER_MESSAGE, validateRange } from './filter-data-masks';

const scope = { rootPath: ['ROOT_ID'], excluded: [] };
const country: NativeFilter = { id: 'F_COUNTRY', type: 'NATIVE_FILTER', name: 'Country', filterType: 'filter_select', targets: [{ datasetId: 7, column: { name: 'country' } }], scope, controlValues: { multiSelect: true } };
const city: NativeFilter = { ...country, id: 'F_CITY', name: 'City', targets: [{ datasetId: 7, column: { name: 'city' } }], cascadeParentIds: ['F_COUNTRY'] };
const required: NativeFilter = { ...country, id: 'F_REQ', name: 'Deal size', controlValues: { enableEmptyFilter: true }, targets: [{ datasetId: 7, column: { name: 'deal_size' } }] };
const range: NativeFilter = { ...country, id: 'F_QTY', name: 'Qty', filterType: 'filter_range', targets: [{ datasetId: 7, column: { name: 'quantity_ordered' } }] };

async function loaded(filters = [country, city, range], extra: Parameters<typeof createDashboardStore>[0]['onDataMaskChange'] = undefined) {
  const server = salesServer({ filters });
  const store = createDashboardStore({ api: server.client, idOrSlug: 4, onDataMaskChange: extra });
  await store.load();
  return { store, server };
}

afterEach(() => vi.useRealTimers());

describe('filter data masks', () => {
  it('builds the data mask of each filter type', () => {
    expect(filterValueToDataMask(country, ['FR'])).toEqual({ id: 'F_COUNTRY', extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['FR'] }] }, filterState: { value: ['FR'], label: 'FR' }, ownState: {} });
    expect(filterValueToDataMask(range, [1, 10]).extraFormData).toEqual({ filters: [{ col: 'quantity_ordered', op: '>=', val: 1 }, { col: 'quantity_ordered', op: '<=', val: 10 }] });
    expect(filterValueToDataMask({ ...country, filterType: 'filter_time' }, 'Last week').extraFormData).toEqual({ time_range: 'Last week' });
    expect(filterValueToDataMask({ ...country, filterType: 'filter_timegrain' }, 'P1M').extraFormData).toEqual({ time_grain_sqla: 'P1M' });
    expect(filterValueToDataMask(country, []).extraFormData).toEqual({});
    expect(validateRange([5, 5])).toBe(RANGE_ORDER_MESSAGE);
    expect(validateRange([1, 5])).toBeNull();
  });

  it('narrows a cascading child by its parents', () => {
    const masks = { F_COUNTRY: filterValueToDataMask(country, ['France']) };
    expect(parentExtraFormData(city, masks)).toEqual({ filters: [{ col: 'country', op: 'IN', val: ['France'] }] });
    expect(cascadeChildren([country, city], 'F_COUNTRY')).toEqual(['F_CITY']);
  });
});

describe('dashboard store', () => {
  it('reports the initial data mask once, then only real changes', async () => {
    const seen: unknown[] = [];
    const { store } = await loaded([country], (m) => seen.push(m));
    expect(seen).toHaveLength(1);
    store.setDataMask({ F_COUNTRY: { filterState: { value: ['Spain'] } } });
    expect(seen).toHaveLength(2);
    // The same masks again change nothing.
    store.setDataMask({ F_COUNTRY: { filterState: { value: ['Spain'] } } });
    expect(seen).toHaveLength(2);
  });

  it('skips the session-only favourite status for a guest client, and asks for it with a session', async () => {
    const guest = salesServer({ filters: [country] });
    const guestStore = createDashboardStore({ api: guest.client, idOrSlug: 4 });
    await guestStore.load();
    expect(guestStore.isGuest).toBe(true);
    expect(guest.calls.map((c) => c.path)).not.toContain('/api/v1/dashboard/favorite_status/');

    const session = salesServer({ filters: [country] });
    const sessionStore = createDashboardStore({ api: session.client, idOrSlug: 4, guest: false });
    await sessionStore.load();
    await vi.waitFor(() => expect(session.calls.map((c) => c.path)).toContain('/api/v1/dashboard/favorite_status/'));
  });

  it('loads, hydrates the layout and merges applied masks into in-scope charts only', async () => {
    const { store } = await loaded();
    expect(store.status.value).toBe('ready');
    expect(store.permissions.value.canEdit).toBe(true);
    store.updateDraft('F_COUNTRY', ['France']);
    expect(store.chartFormData(115)?.extra_form_data ?? {}).toEqual({});
    expect(store.hasDraftChanges.value).toBe(true);
    expect(store.applyFilters()).toBe(true);
    expect(store.chartFormData(115)?.extra_form_data).toEqual({ filters: [{ col: 'country', op: 'IN', val: ['France'] }] });
    store.clearAllFilters();
    expect(store.chartFormData(115)?.extra_form_data ?? {}).toEqual({});
  });

  it('reports the combined data mask to the host and accepts masks set by the host', async () => {
    const seen: unknown[] = [];
    const { store } = await loaded([country], (m) => seen.push(m));
    store.setDataMask({ F_COUNTRY: { filterState: { value: ['Spain'] } } });
    expect(store.dataMask.value.F_COUNTRY.extraFormData).toEqual({ filters: [{ col: 'country', op: 'IN', val: ['Spain'] }] });
    expect(seen.at(-1)).toEqual(store.dataMask.value);
    expect(store.chartFormData(111)?.extra_form_data?.filters?.[0].val).toEqual(['Spain']);
  });

  it('keeps Apply refused while a required filter is empty', async () => {
    const { store } = await loaded([required]);
    expect(store.missingRequired.value).toEqual(['F_REQ']);
    expect(store.applyFilters()).toBe(false);
    store.updateDraft('F_REQ', ['Small']);
    expect(store.applyFilters()).toBe(true);
  });

  it('respects scopes: an excluded chart gets no filter', async () => {
    const { store } = await loaded([{ ...country, scope: { rootPath: ['ROOT_ID'], excluded: [115] } }]);
    store.setDataMask({ F_COUNTRY: { filterState: { value: ['France'] } } });
    expect(store.chartFormData(115)?.extra_form_data).toBeUndefined();
    expect(store.chartFormData(112)?.extra_form_data).toBeDefined();
  });

  it('staggers a refresh over at least 5000 ms', async () => {
    vi.useFakeTimers();
    const server = salesServer();
    const store = createDashboardStore({ api: server.client, idOrSlug: 4 });
    await store.load();
    store.metadata.value = { ...store.metadata.value, stagger_refresh: true, stagger_time: 1000 };
    store.refreshAll(true, [111, 112]);
    expect(store.refreshRequests.value[112]).toBeUndefined();
    vi.advanceTimersByTime(2500);
    expect(store.refreshRequests.value[111]?.force).toBe(true);
    expect(store.refreshRequests.value[112]).toEqual({ key: 1, force: true });
    store.dispose();
  });

  it('undo back to the start clears the unsaved flag; save sends position_json and json_metadata', async () => {
    const { store, server } = await loaded([]);
    const before = store.layout.value;
    store.setEditMode(true);
    store.updateLayout({ ...before, X: { id: 'X', type: 'DIVIDER', children: [] } });
    expect(store.hasUnsavedChanges.value).toBe(true);
    store.undo();
    expect(store.hasUnsavedChanges.value).toBe(false);
    store.redo();
    expect(await store.save()).toBe(false); // 404 from the fake: the error toast path
    expect(store.editMode.value).toBe(true);
  });
});
