import { effect } from '@preact/signals-react';
import type { ApiClient } from '@lumen-bi/core';
import type { ToastStore } from '../components/toast-store';
import { createBackendSync, hydrateFromBootstrap, type BackendSync } from './backend-persistence';
import { createEditorActions } from './editor-actions';
import { createHostQuery, SqlLabHostQueryError, type SqlLabHostQuery } from './host-query';
import { openInitialRequest, type SqlLabInitialRequest } from './initial-request';
import { clearLocalState, loadLocalState, saveLocalState, storageUsageKb, type SqlLabStorage } from './local-persistence';
import { createQueryOutcomes } from './query-outcomes';
import { createQueryRunner } from './query-runner';
import { createSavedQueryActions } from './saved-query-actions';
import { createSchemaCache } from './schema-cache';
import { createSqlLabApi } from './sqllab-api';
import { createSqlLabStore, type SqlLabStoreOptions } from './sqllab-store';
import { signal } from '@preact/signals-react';
import { createTableActions } from './table-actions';

/**
 * Wires one SQL Lab: store, API, query runner, actions and persistence (backend when the flag is on,
 * local storage otherwise). `init` loads the bootstrap and opens the initial request; `dispose` stops
 * every timer and subscription.
 */
export interface SqlLabControllerOptions extends SqlLabStoreOptions {
  api: ApiClient;
  toasts: ToastStore;
  storage?: SqlLabStorage | null;
  /** Debounce of local-storage writes. */
  localSaveDelayMs?: number;
}

export function createSqlLabController({ api: client, toasts, storage = null, localSaveDelayMs = 500, ...storeOptions }: SqlLabControllerOptions) {
  const store = createSqlLabStore(storeOptions);
  const api = createSqlLabApi(client);
  const outcomes = createQueryOutcomes(store);
  const runner = createQueryRunner({ store, api, toasts, onStart: outcomes.track });
  const persistence = signal<'backend' | 'local' | null>(null);
  const loadError = signal<string | null>(null);
  /** The error behind loadError as thrown (a ClientError keeps its status and the server's error types). */
  const loadFailure = signal<unknown>(null);
  const ready = signal(false);
  const storageKb = signal<number | null>(null);
  const cache = createSchemaCache(api);
  const savedQueries = createSavedQueryActions({ store, api, toasts });
  const editor = createEditorActions({ store, api, toasts });
  const tables = createTableActions({ store, api, toasts, runner, persistence: () => persistence.value === 'backend' });
  let sync: BackendSync | null = null;
  /** Makes a tab active, loading its state first when the server has it but it was not fetched yet. */
  const activate = async (id: string) => {
    store.setActive(id);
    if (sync) await sync.loadTab(id);
    const latest = store.latestQuery.value;
    if (latest) runner.reloadResults(latest);
  };
  const hostQuery = createHostQuery({ store, runner, outcomes, activate });
  /** The embedding host asked for a database SQL Lab does not expose; cleared by the next good request. */
  const hostQueryError = signal<SqlLabHostQueryError | null>(null);
  const applyHostQuery = async (query: SqlLabHostQuery) => {
    try {
      await hostQuery.apply(query);
      hostQueryError.value = null;
    } catch (error) {
      if (!(error instanceof SqlLabHostQueryError)) throw error;
      // The same refusal again (the view re-applies once ready) is not a new failure.
      if (hostQueryError.value?.databaseId !== error.databaseId) hostQueryError.value = error;
    }
  };
  const disposers: (() => void)[] = [];

  const startLocalPersistence = (target: SqlLabStorage) => {
    let handle: ReturnType<typeof setTimeout> | null = null;
    const stopEffect = effect(() => {
      // Read the signals so the effect re-runs on every change; the write itself is debounced.
      void store.tabs.value;
      void store.queries.value;
      void store.tables.value;
      void store.activeTabId.value;
      if (handle) clearTimeout(handle);
      handle = setTimeout(() => {
        saveLocalState(target, store);
        storageKb.value = storageUsageKb(target);
      }, localSaveDelayMs);
    });
    disposers.push(() => {
      stopEffect();
      if (handle) clearTimeout(handle);
    });
  };

  /** `host`: an embedding host's query, opened in its own tab before SQL Lab shows (see host-query.ts). */
  const init = async (request: SqlLabInitialRequest = {}, host?: SqlLabHostQuery | null) => {
    let bootstrap;
    try {
      bootstrap = await api.bootstrap();
    } catch (error) {
      loadFailure.value = error;
      loadError.value = error instanceof Error ? error.message : String(error);
      return;
    }
    store.conf.value = { ...store.conf.value, ...bootstrap.common.conf };
    store.databases.value = Object.fromEntries(Object.values(bootstrap.databases).map((d) => [d.id, d]));
    const backend = Boolean(bootstrap.common.feature_flags.SQLLAB_BACKEND_PERSISTENCE);
    persistence.value = backend ? 'backend' : 'local';
    const local = storage ? loadLocalState(storage) : null;
    if (backend) {
      hydrateFromBootstrap(store, bootstrap);
      if (local?.tabs.length) {
        // Tabs from before backend persistence: created on the server by the next sync (tab, tables, queries).
        store.tabs.value = [...store.tabs.value, ...local.tabs.map((t) => ({ ...t, inLocalStorage: true }))];
        store.tables.value = [...store.tables.value, ...local.tables];
        store.queries.value = { ...local.queries, ...store.queries.value };
        if (storage) clearLocalState(storage);
      }
      sync = createBackendSync({ store, api, toasts });
      sync.start();
    } else if (local) {
      store.tabs.value = local.tabs;
      store.tables.value = local.tables;
      store.queries.value = local.queries;
      if (local.activeTabId) store.setActive(local.activeTabId);
    }
    const opened = await openInitialRequest(request, { store, api, toasts });
    if (host) await applyHostQuery(host);
    if (!store.tabs.value.length) store.addTab();
    if (!store.activeTabId.value) store.setActive(store.tabs.value.at(-1)!.id);
    if (!backend && storage) startLocalPersistence(storage);
    runner.resume();
    const latest = store.latestQuery.value;
    if (latest) runner.reloadResults(latest);
    ready.value = true;
    // New tabs get their server record now rather than at the first interval tick.
    if (sync) void sync.tick();
    if (opened?.autorun) void runner.run(opened);
  };

  return {
    store,
    api,
    runner,
    /** Final outcome of each query run here (success, failed, stopped, timed_out), once per query. */
    outcomes,
    cache,
    savedQueries,
    editor,
    tables,
    persistence,
    loadError,
    loadFailure,
    ready,
    storageKb,
    init,
    activate,
    hostQueryError,
    /** Applies an embedding host's query (its own tab); an unavailable database sets hostQueryError. */
    applyHostQuery,
    /** Runs the active tab's SQL; resolves with its final outcome (null when there was nothing to run). */
    runActive: hostQuery.runActive,
    syncNow: () => sync?.tick() ?? Promise.resolve(),
    dispose: () => {
      runner.dispose();
      sync?.stop();
      for (const dispose of disposers.splice(0)) dispose();
    },
  };
}

export type SqlLabController = ReturnType<typeof createSqlLabController>;
