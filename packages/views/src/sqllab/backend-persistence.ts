import { ClientError, SQL_TAB_SYNC_INTERVAL_MS } from '@lumen-bi/core';
import type { ToastStore } from '../components/toast-store';
import { fromServerQuery, tabStatePayload, type Bootstrap, type ServerTableSchema, type ServerTabState, type SqlLabApi } from './sqllab-api';
import { MESSAGES } from './sqllab-messages';
import type { SqlLabStore } from './sqllab-store';
import { createQuery } from './query-states';
import type { Query, QueryEditor, TableSchema } from './sqllab-types';

/**
 * Backend persistence of tabs (flag SqllabBackendPersistence, spec 3 §4/§7): every 5000 ms changed tabs
 * are PUT to /tabstateview/{id}, new tabs POSTed, removed tabs DELETEd (a 404 also clears the record),
 * and the active tab is activated when it differs from the last synced one. Locally stored tabs are
 * migrated tab first, then its tables, then its queries; a failure warns and is retried on the next tick.
 */
const is404 = (error: unknown): boolean => error instanceof ClientError && error.status === 404;

/** The queryEditor object POST /tabstateview/ takes (client field names). */
export function queryEditorPayload(tab: QueryEditor): Record<string, unknown> {
  const { name, dbId, catalog, schema, sql, queryLimit, latestQueryId, autorun, templateParams, hideLeftBar, remoteId, version, updatedAt } = tab;
  return { name, dbId, catalog, schema, sql, queryLimit, latestQueryId, autorun, templateParams, hideLeftBar, remoteId, version, updatedAt };
}

/** A server tab state as a client tab. */
export function tabFromServer(state: ServerTabState, loaded: boolean): QueryEditor {
  return {
    id: String(state.id),
    remoteId: state.saved_query?.id ?? null,
    name: state.label,
    dbId: state.database_id,
    catalog: state.catalog,
    schema: state.schema,
    sql: state.sql ?? '',
    queryLimit: state.query_limit ?? 1000,
    latestQueryId: state.latest_query?.id ?? null,
    hideLeftBar: Boolean(state.hide_left_bar),
    templateParams: state.template_params ?? '',
    autorun: Boolean(state.autorun),
    cursorPosition: { row: 0, column: 0 },
    selectedText: null,
    northPercent: 50,
    southPercent: 50,
    updatedAt: state.extra_json?.updatedAt ?? Date.now(),
    loaded,
    inLocalStorage: false,
    version: state.extra_json?.version ?? 1,
  };
}

export function tableFromServer(row: ServerTableSchema, newId: () => string): TableSchema {
  const description = (row.description ?? {}) as Partial<TableSchema> & { dataPreviewQueryId?: string | null };
  return {
    id: newId(),
    remoteId: row.id,
    queryEditorId: String(row.tab_state_id),
    dbId: row.database_id,
    catalog: row.catalog,
    schema: row.schema,
    name: row.table,
    expanded: row.expanded,
    dataPreviewQueryId: description.dataPreviewQueryId ?? null,
    columns: description.columns ?? [],
    selectStar: description.selectStar ?? null,
    primaryKey: description.primaryKey ?? null,
    foreignKeys: description.foreignKeys ?? [],
    indexes: description.indexes ?? [],
    isMetadataLoading: !description.columns,
  };
}

const toQuery = (server: Parameters<typeof fromServerQuery>[0]): Query => {
  const fields = fromServerQuery(server);
  return { ...createQuery({ sqlEditorId: fields.sqlEditorId ?? '', dbId: fields.dbId ?? 0, sql: fields.sql ?? '', runAsync: false, ...fields }), ...fields } as Query;
};

/** Fills the store from GET /api/v1/sqllab/: tab list (only the active tab fully loaded), queries, tables. */
export function hydrateFromBootstrap(store: SqlLabStore, bootstrap: Bootstrap): void {
  const active = bootstrap.active_tab;
  const tabs = bootstrap.tab_state_ids.map((t) =>
    active && t.id === active.id ? tabFromServer(active, true) : { ...tabFromServer({ id: t.id, label: t.label } as ServerTabState, false), sql: '' },
  );
  store.tabs.value = tabs;
  store.tabViewIds.value = Object.fromEntries(tabs.map((t) => [t.id, Number(t.id)]));
  store.queries.value = Object.fromEntries(Object.values(bootstrap.queries).map((q) => [q.id, toQuery(q)]));
  if (active?.latest_query && !store.queries.value[active.latest_query.id]) {
    store.queries.value = { ...store.queries.value, [active.latest_query.id]: toQuery(active.latest_query) };
  }
  store.tables.value = (active?.table_schemas ?? []).map((t) => tableFromServer(t, store.newId));
  if (active) {
    store.setActive(String(active.id));
    store.lastSyncedActiveTabId.value = String(active.id);
  } else if (tabs[0]) store.setActive(tabs[0].id);
}

export interface BackendSyncDeps {
  store: SqlLabStore;
  api: SqlLabApi;
  toasts: ToastStore;
  intervalMs?: number;
  logger?: { warn(message: string): void };
}

export function createBackendSync({ store, api, toasts, intervalMs = SQL_TAB_SYNC_INTERVAL_MS, logger = console }: BackendSyncDeps) {
  const creating = new Set<string>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<void> | null = null;

  /** Creates the server record of a tab; a locally stored tab brings its tables and queries along. */
  const createTab = async (tab: QueryEditor) => {
    if (creating.has(tab.id)) return;
    creating.add(tab.id);
    try {
      let viewId: number;
      try {
        viewId = await api.createTabState(queryEditorPayload(tab));
      } catch {
        if (tab.inLocalStorage) toasts.warning(MESSAGES.migrationFailed, { noDuplicate: true });
        return;
      }
      store.tabViewIds.value = { ...store.tabViewIds.value, [tab.id]: viewId };
      // Queries run before the record existed carry the client tab id: move them under the server's.
      for (const query of Object.values(store.queries.value).filter((q) => q.sqlEditorId === tab.id)) {
        try {
          await api.migrateQuery(viewId, query.id);
        } catch {
          toasts.warning(tab.inLocalStorage ? MESSAGES.queryMigrationFailed : MESSAGES.queryStoreFailed, { noDuplicate: true });
        }
      }
      if (tab.inLocalStorage) {
        for (const table of store.tables.value.filter((t) => t.queryEditorId === tab.id && t.remoteId === null)) {
          try {
            const remoteId = await api.createTableSchema(tableSchemaPayload(table, viewId));
            store.updateTable(table.id, { remoteId });
          } catch {
            toasts.warning(MESSAGES.tableMigrationFailed, { noDuplicate: true });
          }
        }
        store.tabs.value = store.tabs.value.map((t) => (t.id === tab.id ? { ...t, inLocalStorage: false } : t));
      }
      // The record now exists with this state; later edits mark the tab dirty again.
      store.markClean([tab.id]);
    } finally {
      creating.delete(tab.id);
    }
  };

  const tick = async () => {
    for (const [id, viewId] of Object.entries(store.destroyedTabs.value)) {
      try {
        await api.deleteTabState(viewId);
        store.clearDestroyed(id);
      } catch (error) {
        if (is404(error)) store.clearDestroyed(id);
      }
    }
    for (const tab of store.tabs.value) {
      if (store.tabViewIds.value[tab.id] === undefined) await createTab(tab);
    }
    const dirty = [...store.dirtyTabs.value];
    for (const id of dirty) {
      const tab = store.tabs.value.find((t) => t.id === id);
      const viewId = store.tabViewIds.value[id];
      if (!tab || viewId === undefined || !tab.loaded) continue;
      try {
        await api.putTabState(viewId, tabStatePayload(tab));
        store.markClean([id]);
      } catch (error) {
        logger.warn(MESSAGES.editorStateSaveFailed);
        // A refused payload would be refused again; only transient failures are retried.
        if (error instanceof ClientError && error.status !== undefined && error.status < 500) store.markClean([id]);
        if (is404(error)) store.removeTab(id);
      }
    }
    const active = store.activeTabId.value;
    const activeViewId = active ? store.tabViewIds.value[active] : undefined;
    if (active && activeViewId !== undefined && active !== store.lastSyncedActiveTabId.value) {
      try {
        await api.activateTabState(activeViewId);
        store.lastSyncedActiveTabId.value = active;
      } catch {
        // retried on the next tick
      }
    }
  };

  /** Loads a tab listed by the bootstrap but not yet fetched; a 404 removes it (spec 3 §8). */
  const loadTab = async (id: string) => {
    const tab = store.tabs.value.find((t) => t.id === id);
    const viewId = store.tabViewIds.value[id];
    if (!tab || tab.loaded || viewId === undefined) return;
    try {
      const state = await api.getTabState(viewId);
      const loaded = { ...tabFromServer(state, true), id };
      store.tabs.value = store.tabs.value.map((t) => (t.id === id ? loaded : t));
      const known = new Set(store.tables.value.map((t) => t.remoteId));
      store.tables.value = [...store.tables.value, ...state.table_schemas.filter((t) => !known.has(t.id)).map((t) => ({ ...tableFromServer(t, store.newId), queryEditorId: id }))];
      if (state.latest_query && !store.queries.value[state.latest_query.id]) {
        store.queries.value = { ...store.queries.value, [state.latest_query.id]: { ...toQuery(state.latest_query), sqlEditorId: id } };
      }
    } catch (error) {
      if (is404(error)) {
        const { [id]: _gone, ...rest } = store.tabViewIds.value;
        store.tabViewIds.value = rest;
        store.removeTab(id);
      } else toasts.danger(MESSAGES.tabStateFailed);
    }
  };

  return {
    tick: (): Promise<void> => {
      running ??= tick().finally(() => (running = null));
      return running;
    },
    loadTab,
    start() {
      timer ??= setInterval(() => void this.tick(), intervalMs);
    },
    stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
    },
  };
}

/** The table object POST /tableschemaview/ takes. */
export function tableSchemaPayload(table: TableSchema, viewId: number): Record<string, unknown> {
  return {
    queryEditorId: viewId,
    dbId: table.dbId,
    catalog: table.catalog,
    schema: table.schema,
    name: table.name,
    expanded: table.expanded,
    columns: table.columns,
    selectStar: table.selectStar,
    primaryKey: table.primaryKey,
    foreignKeys: table.foreignKeys,
    indexes: table.indexes,
    dataPreviewQueryId: table.dataPreviewQueryId,
  };
}

export type BackendSync = ReturnType<typeof createBackendSync>;
