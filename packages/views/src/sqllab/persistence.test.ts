import { describe, expect, it } from 'vitest';
import { createToastStore } from '../components/toast-store';
import { createFakeServer, reply } from '../explore/test-support';
import { createBackendSync, queryEditorPayload } from './backend-persistence';
import { LOCAL_MAX_QUERY_AGE_MS, loadLocalState, saveLocalState, storageUsageKb, withoutOldResults, type SqlLabStorage } from './local-persistence';
import { createQuery } from './query-states';
import { createSqlLabApi, tabStatePayload } from './sqllab-api';
import { MESSAGES } from './sqllab-messages';
import { createSqlLabStore } from './sqllab-store';

let n = 0;
const newStore = () => createSqlLabStore({ newId: () => `c${++n}`, now: () => 1_700_000_000_000 });
const silent = { warn: () => undefined };

const memoryStorage = (): SqlLabStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
    get length() {
      return data.size;
    },
    key: (i) => [...data.keys()][i] ?? null,
  };
};

describe('backend persistence', () => {
  it('PUTs changed tabs with the spec fields, omitting undefined values', () => {
    const store = newStore();
    const tab = store.addTab({ name: 'Sales', dbId: 1, schema: 'main', sql: 'SELECT 1', templateParams: '{"a":1}' });
    expect(tabStatePayload(tab)).toEqual({
      database_id: 1,
      catalog: null,
      schema: 'main',
      sql: 'SELECT 1',
      label: 'Sales',
      query_limit: 1000,
      template_params: '{"a":1}',
      hide_left_bar: false,
      autorun: false,
      extra_json: JSON.stringify({ updatedAt: tab.updatedAt, version: 1 }),
    });
    expect(tabStatePayload({ ...tab, remoteId: 9, latestQueryId: 'q1' })).toMatchObject({ saved_query_id: 9, latest_query_id: 'q1' });
  });

  it('creates new tabs, syncs dirty ones, activates the active tab and deletes removed ones (404 clears)', async () => {
    let nextId = 10;
    const { client, calls } = createFakeServer({
      'POST /tabstateview/': () => ({ id: nextId++ }),
      'PUT /tabstateview/10': () => 10,
      'POST /tabstateview/11/activate': () => 11,
      'POST /tabstateview/10/activate': () => 10,
      'DELETE /tabstateview/11': () => reply(404, { message: 'Tab state not found.' }),
      'POST /tabstateview/10/migrate_query': () => 10,
    });
    const store = newStore();
    const toasts = createToastStore();
    const sync = createBackendSync({ store, api: createSqlLabApi(client), toasts, logger: silent });
    const a = store.addTab({ dbId: 1, sql: 'SELECT 1' });
    store.startQuery({ id: 'q1', sqlEditorId: a.id, dbId: 1, sql: 'SELECT 1', runAsync: false });
    const b = store.addTab({ dbId: 1 });
    await sync.tick();
    expect(store.tabViewIds.value).toEqual({ [a.id]: 10, [b.id]: 11 });
    const created = calls.find((c) => c.method === 'POST' && c.path === '/tabstateview/')!;
    expect(JSON.parse((created.body as { queryEditor: string }).queryEditor)).toEqual(JSON.parse(JSON.stringify(queryEditorPayload(store.tabs.value[0]!))));
    expect(calls.some((c) => c.path === '/tabstateview/10/migrate_query' && (c.body as { queryId: string }).queryId === 'q1')).toBe(true);
    expect(calls.some((c) => c.path === '/tabstateview/11/activate')).toBe(true);

    calls.length = 0;
    store.updateTab(a.id, { sql: 'SELECT 2' });
    store.setActive(a.id);
    store.removeTab(b.id);
    expect(store.destroyedTabs.value).toEqual({ [b.id]: 11 });
    await sync.tick();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /tabstateview/11', 'PUT /tabstateview/10', 'POST /tabstateview/10/activate']);
    expect((calls[1]!.body as Record<string, unknown>).sql).toBe('SELECT 2');
    expect(store.destroyedTabs.value).toEqual({});
    expect(store.dirtyTabs.value.size).toBe(0);
  });

  it('warns to retry later when a local tab cannot be migrated', async () => {
    const { client } = createFakeServer({ 'POST /tabstateview/': () => reply(500, { message: 'down' }) });
    const store = newStore();
    const toasts = createToastStore();
    store.addTab({ inLocalStorage: true });
    await createBackendSync({ store, api: createSqlLabApi(client), toasts, logger: silent }).tick();
    expect(toasts.toasts.value.map((t) => [t.toastType, t.text])).toEqual([['warning', MESSAGES.migrationFailed]]);
  });

  it('fetching a tab: 404 removes it, other errors toast', async () => {
    const { client } = createFakeServer({ 'GET /tabstateview/5': () => reply(404, { message: 'gone' }), 'GET /tabstateview/6': () => reply(500, { message: 'x' }) });
    const store = newStore();
    const toasts = createToastStore();
    const keep = store.addTab();
    store.tabs.value = [...store.tabs.value, { ...store.newTab(), id: '5', loaded: false }, { ...store.newTab(), id: '6', loaded: false }];
    store.tabViewIds.value = { '5': 5, '6': 6 };
    const sync = createBackendSync({ store, api: createSqlLabApi(client), toasts, logger: silent });
    await sync.loadTab('5');
    await sync.loadTab('6');
    expect(store.tabs.value.map((t) => t.id)).toEqual([keep.id, '6']);
    expect(store.destroyedTabs.value).toEqual({});
    expect(toasts.toasts.value.map((t) => t.text)).toEqual([MESSAGES.tabStateFailed]);
  });
});

describe('local persistence', () => {
  it('drops results of old or oversized queries and reports usage in KB', () => {
    const now = 1_700_000_000_000;
    const fresh = { ...createQuery({ id: 'a', sqlEditorId: 't', dbId: 1, sql: 'x', runAsync: false }, now), results: { columns: [], data: [{ a: 1 }] } };
    const old = { ...fresh, id: 'b', startDttm: now - LOCAL_MAX_QUERY_AGE_MS - 1, endDttm: now - LOCAL_MAX_QUERY_AGE_MS - 1 };
    const big = { ...fresh, id: 'c', results: { columns: [], data: [{ text: 'x'.repeat(600 * 1024) }] } };
    const kept = withoutOldResults({ a: fresh, b: old, c: big }, now);
    expect([kept.a!.results, kept.b!.results, kept.c!.results].map(Boolean)).toEqual([true, false, false]);

    const storage = memoryStorage();
    const store = newStore();
    store.addTab({ name: 'Kept', sql: 'SELECT 3' });
    expect(saveLocalState(storage, store)).toBe(true);
    expect(loadLocalState(storage)!.tabs[0]).toMatchObject({ name: 'Kept', sql: 'SELECT 3' });
    const chars = [...storage.data].reduce((sum, [k, v]) => sum + k.length + v.length, 0);
    expect(storageUsageKb(storage)).toBeCloseTo((chars * 2) / 1024, 1);
  });
});
