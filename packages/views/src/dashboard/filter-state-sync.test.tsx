import type { NativeFilter } from '@lumen-bi/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../explore/test-support';
import { createDashboardStore } from './dashboard-store';
import { salesServer } from './dashboard-test-support';
import { DashboardView, type DashboardHandle } from './dashboard-view';
import { filterValueToDataMask } from './filter-data-masks';
import { createFilterStateSync, withNativeFiltersKey } from './filter-state-sync';

const country: NativeFilter = {
  id: 'F_COUNTRY',
  type: 'NATIVE_FILTER',
  name: 'Country',
  filterType: 'filter_select',
  targets: [{ datasetId: 7, column: { name: 'country' } }],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
  controlValues: { multiSelect: true },
};
const france = { F_COUNTRY: filterValueToDataMask(country, ['France']) };
const spain = { F_COUNTRY: filterValueToDataMask(country, ['Spain']) };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A filter_state endpoint keeping entries in a map, with the owner check of the real server. */
function filterStateRoutes(entries = new Map<string, { value: string; mine: boolean }>()) {
  let next = 0;
  return {
    entries,
    routes: {
      'POST /api/v1/dashboard/4/filter_state': ({ body }: { body: unknown }) => {
        const key = `key${++next}`;
        entries.set(key, { value: (body as { value: string }).value, mine: true });
        return { __reply: true, status: 201, body: { key } };
      },
      ...Object.fromEntries(
        ['key1', 'key2', 'shared', 'gone'].flatMap((key) => [
          [`GET /api/v1/dashboard/4/filter_state/${key}`, () => (entries.has(key) ? { value: entries.get(key)!.value } : { __reply: true, status: 404, body: { message: 'Not found' } })],
          [
            `PUT /api/v1/dashboard/4/filter_state/${key}`,
            ({ body }: { body: unknown }) => {
              const entry = entries.get(key);
              if (!entry) return { __reply: true, status: 404, body: { message: 'Not found' } };
              if (!entry.mine) return { __reply: true, status: 403, body: { message: 'You do not have permission to edit this filter state' } };
              entry.value = (body as { value: string }).value;
              return { key };
            },
          ],
        ]),
      ),
    },
  };
}

describe('filter state sync', () => {
  it('creates a key on the first change, then updates it; an unchanged mask is not written', async () => {
    const { routes, entries } = filterStateRoutes();
    const server = createFakeServer(routes);
    const keys: string[] = [];
    const sync = createFilterStateSync({ api: server.client, dashboardId: 4, initialMask: {}, onKey: (k) => keys.push(k) });
    sync.push({});
    await sync.flush();
    expect(server.calls).toHaveLength(0);
    sync.push(france);
    await sync.flush();
    sync.push(spain);
    await sync.flush();
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/v1/dashboard/4/filter_state', 'PUT /api/v1/dashboard/4/filter_state/key1']);
    expect(keys).toEqual(['key1']);
    expect(JSON.parse(entries.get('key1')!.value)).toEqual(spain);
  });

  it('sends only the latest of masks pushed while a write is in flight', async () => {
    const { routes } = filterStateRoutes();
    const server = createFakeServer(routes);
    const sync = createFilterStateSync({ api: server.client, dashboardId: 4, initialMask: {}, onKey: () => undefined });
    sync.push(france);
    sync.push({ F_COUNTRY: filterValueToDataMask(country, ['Italy']) });
    sync.push(spain);
    await sync.flush();
    expect(server.calls.map((c) => JSON.parse((c.body as { value: string }).value))).toEqual([france, spain]);
  });

  it("replaces someone else's shared key (403) or an expired one (404) with a new key", async () => {
    const { routes, entries } = filterStateRoutes(new Map([['shared', { value: JSON.stringify(france), mine: false }]]));
    const server = createFakeServer(routes);
    const keys: string[] = [];
    const sync = createFilterStateSync({ api: server.client, dashboardId: 4, key: 'shared', initialMask: france, onKey: (k) => keys.push(k) });
    sync.push(spain);
    await sync.flush();
    expect(keys).toEqual(['key1']);
    expect(JSON.parse(entries.get('shared')!.value)).toEqual(france);

    const expired = createFilterStateSync({ api: server.client, dashboardId: 4, key: 'gone', initialMask: france, onKey: (k) => keys.push(k) });
    expired.push(spain);
    await expired.flush();
    expect(keys).toEqual(['key1', 'key2']);
  });

  it('reports other failures and keeps the dashboard going', async () => {
    const server = createFakeServer({ 'POST /api/v1/dashboard/4/filter_state': () => ({ __reply: true, status: 500, body: { message: 'boom' } }) });
    const errors: unknown[] = [];
    const onKey = vi.fn();
    const sync = createFilterStateSync({ api: server.client, dashboardId: 4, initialMask: {}, onKey, onError: (e) => errors.push(e) });
    sync.push(france);
    await sync.flush();
    expect(onKey).not.toHaveBeenCalled();
    expect(String(errors[0])).toContain('boom');
  });

  it('writes the key into an address, keeping its other parameters and hash', () => {
    expect(withNativeFiltersKey('http://x.test/superset/dashboard/4/?edit=true&native_filters_key=old#CHART-1', 'abc')).toBe(
      'http://x.test/superset/dashboard/4/?edit=true&native_filters_key=abc#CHART-1',
    );
    expect(withNativeFiltersKey('http://x.test/superset/dashboard/p/xyz/?a=1', 'abc', '/superset/dashboard/4/')).toBe('http://x.test/superset/dashboard/4/?a=1&native_filters_key=abc');
  });
});

describe('dashboard store with a native_filters_key', () => {
  it('restores the stored mask on load', async () => {
    const { routes } = filterStateRoutes(new Map([['shared', { value: JSON.stringify(france), mine: false }]]));
    const server = salesServer({ filters: [country], routes });
    const store = createDashboardStore({ api: server.client, idOrSlug: 4, filterStateKey: 'shared' });
    await store.load();
    expect(store.dataMask.value.F_COUNTRY.filterState?.value).toEqual(['France']);
    expect(store.draftDataMask.value.F_COUNTRY.filterState?.value).toEqual(['France']);
    expect(store.chartFormData(112)?.extra_form_data?.filters).toEqual([{ col: 'country', op: 'IN', val: ['France'] }]);
    expect(store.restoredFilterStateKey).toBe('shared');
  });

  it('falls back to the default filters for an unknown or expired key', async () => {
    const { routes } = filterStateRoutes();
    const server = salesServer({ filters: [{ ...country, defaultDataMask: { filterState: { value: ['Spain'] } } }], routes });
    const store = createDashboardStore({ api: server.client, idOrSlug: 4, filterStateKey: 'gone' });
    await store.load();
    expect(store.status.value).toBe('ready');
    expect(store.dataMask.value.F_COUNTRY.filterState?.value).toEqual(['Spain']);
    expect(store.restoredFilterStateKey).toBeUndefined();
  });

  it('lets a permalink win: the key is not even read', async () => {
    const { routes } = filterStateRoutes(new Map([['shared', { value: JSON.stringify(france), mine: false }]]));
    const server = salesServer({ filters: [country], routes });
    const store = createDashboardStore({ api: server.client, idOrSlug: 4, filterStateKey: 'shared', initialDataMask: spain });
    await store.load();
    expect(store.dataMask.value.F_COUNTRY.filterState?.value).toEqual(['Spain']);
    expect(server.calls.some((c) => c.path.includes('/filter_state/'))).toBe(false);
  });
});

describe('DashboardView and native_filters_key', () => {
  async function mount(options: { guest?: boolean; withHandler?: boolean }) {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { routes } = filterStateRoutes();
    const server = salesServer({ filters: [country], routes });
    const api = options.guest ? server.client : { ...server.client, auth: { kind: 'session' as const } };
    const onKey = vi.fn();
    const ref = createRef<DashboardHandle>();
    render(<DashboardView ref={ref} api={api} dashboardIdOrSlug={4} onNativeFiltersKeyChange={options.withHandler === false ? undefined : onKey} />);
    await screen.findByRole('heading', { name: 'Sales Dashboard' });
    return { server, onKey, ref };
  }
  const posts = (server: ReturnType<typeof salesServer>) => server.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/filter_state'));

  it('stores an applied filter change and reports its key to the page that owns the address', async () => {
    const { server, onKey, ref } = await mount({});
    expect(posts(server)).toHaveLength(0);
    ref.current!.setDataMask({ F_COUNTRY: { filterState: { value: ['France'] } } });
    await waitFor(() => expect(onKey).toHaveBeenCalledWith('key1'));
    expect(JSON.parse((posts(server)[0].body as { value: string }).value).F_COUNTRY.filterState.value).toEqual(['France']);
    ref.current!.setDataMask({ F_COUNTRY: { filterState: { value: ['Spain'] } } });
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PUT' && c.path === '/api/v1/dashboard/4/filter_state/key1')).toBe(true));
    expect(onKey).toHaveBeenCalledTimes(1);
  });

  it('stores nothing for embedded hosts (no handler) or guest viewers', async () => {
    for (const options of [{ withHandler: false }, { guest: true }]) {
      const { server, onKey, ref } = await mount(options);
      ref.current!.setDataMask({ F_COUNTRY: { filterState: { value: ['France'] } } });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(posts(server)).toHaveLength(0);
      expect(onKey).not.toHaveBeenCalled();
      cleanup();
    }
  });
});
