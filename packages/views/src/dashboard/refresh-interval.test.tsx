/**
 * Auto refresh: the store's timer (no forcing, immune charts skipped, paused while the page is hidden) and
 * the header's "Set auto-refresh interval" dialog (a viewer's session choice, an editor's saved one).
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeCall } from '../testing/fake-server';
import { chartIdsOfFixture, salesServer } from './dashboard-test-support';
import { createDashboardStore, type DashboardStore } from './dashboard-store';
import { DashboardView, type DashboardHandle } from './dashboard-view';
import { REFRESH_INTERVALS, refreshIntervalLabel } from './refresh-intervals';

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  visibility = 'visible';
});

const keys = (store: DashboardStore) => Object.fromEntries(Object.entries(store.refreshRequests.value).map(([id, request]) => [id, request.key]));

describe('auto refresh in the store', () => {
  it('refreshes every chart but the immune ones without forcing, and not while the page is hidden', async () => {
    vi.useFakeTimers();
    const store = createDashboardStore({ api: salesServer().client, idOrSlug: 4 });
    await store.load();
    const [immune, ...others] = chartIdsOfFixture();
    store.metadata.value = { ...store.metadata.value, timed_refresh_immune_slices: [immune] };
    expect(store.refreshFrequency.value).toBe(0);

    store.setRefreshFrequency(10);
    expect(store.refreshFrequency.value).toBe(10);
    // A viewer's choice is the session's: the dashboard's metadata is untouched.
    expect(store.metadata.value.refresh_frequency).toBe(0);
    expect(store.hasUnsavedChanges.value).toBe(false);
    vi.advanceTimersByTime(9_999);
    expect(store.refreshRequests.value).toEqual({});
    vi.advanceTimersByTime(1);
    expect(store.refreshRequests.value[immune]).toBeUndefined();
    for (const id of others) expect(store.refreshRequests.value[id]).toEqual({ key: 1, force: false });

    visibility = 'hidden';
    vi.advanceTimersByTime(30_000);
    expect(store.refreshRequests.value[others[0]].key).toBe(1);
    // Shown again: the refresh that fell due meanwhile runs once, at once.
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(store.refreshRequests.value[others[0]].key).toBe(2);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(store.refreshRequests.value[others[0]].key).toBe(2);
    vi.advanceTimersByTime(10_000);
    expect(store.refreshRequests.value[others[0]].key).toBe(3);

    store.setRefreshFrequency(0);
    const before = keys(store);
    vi.advanceTimersByTime(60_000);
    expect(keys(store)).toEqual(before);
    store.dispose();
  });

  it('starts with the saved refresh_frequency, and an edit mode choice is saved with the dashboard or discarded', async () => {
    vi.useFakeTimers();
    const server = salesServer({
      routes: {
        'GET /api/v1/dashboard/4': () => ({ result: { id: 4, dashboard_title: 'Sales', slug: null, position_json: '{}', json_metadata: JSON.stringify({ refresh_frequency: 300 }), css: '', owners: [{ id: 1 }], published: true } }),
      },
    });
    const store = createDashboardStore({ api: server.client, idOrSlug: 4 });
    await store.load();
    expect(store.refreshFrequency.value).toBe(300);

    store.setEditMode(true);
    store.setRefreshFrequency(60);
    expect(store.metadata.value.refresh_frequency).toBe(60);
    expect(store.hasUnsavedChanges.value).toBe(true);
    store.discard();
    expect(store.metadata.value.refresh_frequency).toBe(300);
    expect(store.refreshFrequency.value).toBe(300);
    store.dispose();
  });

  it('labels the incumbent’s intervals, and one it lacks in seconds', () => {
    expect(REFRESH_INTERVALS.map((option) => option.label)).toEqual(["Don't refresh", '10 seconds', '30 seconds', '1 minute', '5 minutes', '30 minutes', '1 hour', '6 hours', '12 hours', '24 hours']);
    expect(refreshIntervalLabel(21600)).toBe('6 hours');
    expect(refreshIntervalLabel(90)).toBe('90 seconds');
  });
});

/** Opens the header's menu and chooses an item. */
async function chooseMenuItem(label: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'More dashboard actions' }));
  fireEvent.click(within(screen.getByRole('menu', { name: 'Dashboard actions' })).getByRole('menuitem', { name: label }));
}

async function renderSales(server: ReturnType<typeof salesServer>) {
  vi.stubGlobal('IntersectionObserver', undefined);
  let handle: DashboardHandle | null = null;
  render(<DashboardView api={{ ...server.client, auth: { kind: 'session' } }} dashboardIdOrSlug={4} onReady={(h) => (handle = h)} />);
  await waitFor(() => expect(handle).not.toBeNull());
  return handle!.store;
}

describe('Set auto-refresh interval', () => {
  it("applies a viewer's choice for the session without saving anything", async () => {
    const server = salesServer();
    const store = await renderSales(server);
    await chooseMenuItem('Set auto-refresh interval');
    const dialog = await screen.findByRole('dialog', { name: 'Refresh interval' }, { timeout: 10_000 });
    const select = within(dialog).getByRole('combobox', { name: 'Refresh frequency' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(REFRESH_INTERVALS.map((o) => o.label));
    expect(select.value).toBe('0');
    fireEvent.change(select, { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save for this session' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(store.refreshFrequency.value).toBe(30);
    expect(store.metadata.value.refresh_frequency).toBe(0);
    expect(server.calls.filter((c) => c.method === 'PUT')).toEqual([]);
    store.setRefreshFrequency(0);
  });

  it('saves an editor’s choice in json_metadata.refresh_frequency with the dashboard', async () => {
    const puts: unknown[] = [];
    const server = salesServer({
      routes: {
        'PUT /api/v1/dashboard/4': ({ body }: FakeCall) => {
          puts.push(body);
          return { id: 4, result: {} };
        },
      },
    });
    const store = await renderSales(server);
    fireEvent.click(screen.getByRole('button', { name: 'Edit dashboard' }));
    await chooseMenuItem('Set auto-refresh interval');
    const dialog = await screen.findByRole('dialog', { name: 'Refresh interval' }, { timeout: 10_000 });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Refresh frequency' }), { target: { value: '3600' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(store.hasUnsavedChanges.value).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }, { timeout: 10_000 }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(JSON.parse((puts[0] as { json_metadata: string }).json_metadata).refresh_frequency).toBe(3600);
    expect(store.refreshFrequency.value).toBe(3600);
    store.setRefreshFrequency(0);
  });

  it('is not offered to a guest', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<DashboardView api={salesServer().client} dashboardIdOrSlug={4} />);
    await screen.findByRole('button', { name: 'Refresh dashboard' });
    const trigger = screen.queryByRole('button', { name: 'More dashboard actions' });
    if (trigger) {
      fireEvent.click(trigger);
      expect(within(screen.getByRole('menu')).queryByRole('menuitem', { name: 'Set auto-refresh interval' })).toBeNull();
    }
  });
});
