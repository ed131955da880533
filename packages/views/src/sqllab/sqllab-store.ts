import { batch, computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { StructuredError } from '@lumen-bi/core';
import {
  clearInactiveQueries,
  createQuery,
  queryFailed,
  querySuccess,
  refreshQueries,
  startQuery as startQueryIn,
  stopQuery as stopQueryIn,
  updateQuery as updateQueryIn,
  type NewQuery,
  type QueryMap,
} from './query-states';
import type { CostEstimate, Query, QueryEditor, QueryResults, SqlLabConf, SqlLabDatabase, TableSchema } from './sqllab-types';
import { nextUntitledName } from './tab-names';

/**
 * The SQL Lab store: tabs, queries, table schemas and databases as signals, with the synchronous
 * operations of spec 3 §4. Effects (server calls, timers) live in the modules that take a store, so the
 * rules here are testable without fetch or clocks (`now` and `newId` are injectable).
 */
export const DEFAULT_QUERY_LIMIT = 1000;
export const DEFAULT_SQL = 'SELECT ...';
export const DEFAULT_NORTH_PERCENT = 50;
/** The bottom pane: results, query history or one table's data preview. */
export type SouthPane = 'results' | 'history' | `preview:${string}`;

export interface SqlLabStoreOptions {
  conf?: Partial<SqlLabConf>;
  now?: () => number;
  newId?: () => string;
}

let idCounter = 0;
const defaultNewId = (): string => {
  idCounter += 1;
  const random = globalThis.crypto?.randomUUID?.().slice(0, 8) ?? Math.random().toString(36).slice(2, 10);
  return `${random}${idCounter.toString(36)}`;
};

export function createSqlLabStore(options: SqlLabStoreOptions = {}) {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? defaultNewId;
  const conf = signal<SqlLabConf>({ DEFAULT_SQLLAB_LIMIT: DEFAULT_QUERY_LIMIT, SQL_MAX_ROW: 100000, DEFAULT_DB_ID: null, ...options.conf });
  const tabs = signal<readonly QueryEditor[]>([]);
  const activeTabId = signal<string | null>(null);
  /** Tabs in the order they were visited; removal falls back through it. */
  const tabHistory = signal<readonly string[]>([]);
  const queries = signal<QueryMap>({});
  const tables = signal<readonly TableSchema[]>([]);
  const databases = signal<Readonly<Record<number, SqlLabDatabase>>>({});
  /** Client tab id -> /tabstateview/ id, for tabs known to the server. */
  const tabViewIds = signal<Readonly<Record<string, number>>>({});
  /** Removed tabs whose server record is not deleted yet: client id -> tabstateview id. */
  const destroyedTabs = signal<Readonly<Record<string, number>>>({});
  /** Tab ids changed since the last sync to the server. */
  const dirtyTabs = signal<ReadonlySet<string>>(new Set());
  const lastSyncedActiveTabId = signal<string | null>(null);
  const costEstimates = signal<Readonly<Record<string, CostEstimate>>>({});
  const southPane = signal<Readonly<Record<string, SouthPane>>>({});
  /** Validation errors of the active SQL (line/column annotations from validate_sql). */
  const validationErrors = signal<Readonly<Record<string, { line_number: number; start_column: number; end_column: number; message: string }[]>>>({});

  const activeTab: ReadonlySignal<QueryEditor | null> = computed(() => tabs.value.find((t) => t.id === activeTabId.value) ?? null);
  const latestQuery: ReadonlySignal<Query | null> = computed(() => {
    const tab = activeTab.value;
    return tab?.latestQueryId ? (queries.value[tab.latestQueryId] ?? null) : null;
  });
  const activeDatabase: ReadonlySignal<SqlLabDatabase | null> = computed(() => {
    const dbId = activeTab.value?.dbId;
    return dbId == null ? null : (databases.value[dbId] ?? null);
  });

  const markDirty = (id: string) => {
    const next = new Set(dirtyTabs.value);
    next.add(id);
    dirtyTabs.value = next;
  };

  const newTab = (fields: Partial<QueryEditor> = {}): QueryEditor => {
    const active = activeTab.value;
    return {
      id: newId(),
      remoteId: null,
      name: nextUntitledName(tabs.value.map((t) => t.name)),
      dbId: active?.dbId ?? conf.value.DEFAULT_DB_ID,
      catalog: active?.catalog ?? null,
      schema: active?.schema ?? null,
      sql: DEFAULT_SQL,
      queryLimit: conf.value.DEFAULT_SQLLAB_LIMIT,
      latestQueryId: null,
      hideLeftBar: false,
      templateParams: '',
      autorun: false,
      cursorPosition: { row: 0, column: 0 },
      selectedText: null,
      northPercent: DEFAULT_NORTH_PERCENT,
      southPercent: 100 - DEFAULT_NORTH_PERCENT,
      updatedAt: now(),
      loaded: true,
      inLocalStorage: false,
      version: 1,
      ...fields,
    };
  };

  const setActive = (id: string) => {
    if (!tabs.value.some((t) => t.id === id)) return;
    batch(() => {
      activeTabId.value = id;
      tabHistory.value = [...tabHistory.value.filter((h) => h !== id), id];
    });
  };

  /** Adds a tab (appended to the tab history) and makes it active. */
  const addTab = (fields: Partial<QueryEditor> = {}): QueryEditor => {
    const tab = newTab(fields);
    batch(() => {
      tabs.value = [...tabs.value, tab];
      setActive(tab.id);
    });
    return tab;
  };

  /** A copy of a tab's editor state under a new untitled name, not tied to its saved query. */
  const cloneTab = (id: string): QueryEditor | null => {
    const source = tabs.value.find((t) => t.id === id);
    if (!source) return null;
    const { dbId, catalog, schema, sql, queryLimit, templateParams, hideLeftBar, northPercent, southPercent } = source;
    return addTab({ dbId, catalog, schema, sql, queryLimit, templateParams, hideLeftBar, northPercent, southPercent });
  };

  /**
   * Removes a tab with its queries and tables; the active tab falls back to the last visited remaining
   * tab (the last tab otherwise). A server-known tab is recorded as destroyed until the server deletes it.
   */
  const removeTab = (id: string) => {
    if (!tabs.value.some((t) => t.id === id)) return;
    batch(() => {
      const remaining = tabs.value.filter((t) => t.id !== id);
      const viewId = tabViewIds.value[id];
      if (viewId !== undefined) {
        destroyedTabs.value = { ...destroyedTabs.value, [id]: viewId };
        const { [id]: _removed, ...rest } = tabViewIds.value;
        tabViewIds.value = rest;
      }
      tabs.value = remaining;
      queries.value = Object.fromEntries(Object.entries(queries.value).filter(([, q]) => q.sqlEditorId !== id));
      tables.value = tables.value.filter((t) => t.queryEditorId !== id);
      tabHistory.value = tabHistory.value.filter((h) => h !== id);
      const dirty = new Set(dirtyTabs.value);
      dirty.delete(id);
      dirtyTabs.value = dirty;
      if (activeTabId.value === id) {
        const fallback = tabHistory.value.at(-1) ?? remaining.at(-1)?.id ?? null;
        if (fallback) setActive(fallback);
        else {
          activeTabId.value = null;
          addTab();
        }
      }
    });
  };

  /** Server confirmed the deletion (or answered 404): forget the destroyed record. */
  const clearDestroyed = (id: string) => {
    const { [id]: _gone, ...rest } = destroyedTabs.value;
    destroyedTabs.value = rest;
  };

  const step = (delta: number) => {
    const list = tabs.value;
    if (list.length < 2) return;
    const index = list.findIndex((t) => t.id === activeTabId.value);
    const next = list[(index + delta + list.length) % list.length];
    if (next) setActive(next.id);
  };

  const updateTab = (id: string, changes: Partial<QueryEditor>) => {
    let changed = false;
    tabs.value = tabs.value.map((t) => {
      if (t.id !== id) return t;
      changed = true;
      return { ...t, ...changes, updatedAt: now() };
    });
    if (changed) markDirty(id);
  };

  const setQueries = (update: (current: QueryMap) => QueryMap) => {
    queries.value = update(queries.value);
  };

  /** Starts a query: created pending/running, and the tab's latest query unless it is a data preview. */
  const startQuery = (input: NewQuery): Query => {
    const query = createQuery(input, now());
    batch(() => {
      setQueries((q) => startQueryIn(q, query));
      if (!query.isDataPreview) updateTab(query.sqlEditorId, { latestQueryId: query.id });
    });
    return query;
  };

  const addTable = (table: Omit<TableSchema, 'id' | 'remoteId' | 'expanded' | 'dataPreviewQueryId' | 'columns' | 'selectStar' | 'primaryKey' | 'foreignKeys' | 'indexes' | 'isMetadataLoading'> & Partial<TableSchema>): TableSchema => {
    const existing = tables.value.find(
      (t) => t.queryEditorId === table.queryEditorId && t.dbId === table.dbId && t.schema === table.schema && t.catalog === table.catalog && t.name === table.name,
    );
    if (existing) {
      updateTable(existing.id, { expanded: true });
      return existing;
    }
    const created: TableSchema = {
      id: newId(),
      remoteId: null,
      expanded: true,
      dataPreviewQueryId: null,
      columns: [],
      selectStar: null,
      primaryKey: null,
      foreignKeys: [],
      indexes: [],
      isMetadataLoading: true,
      ...table,
    };
    tables.value = [...tables.value, created];
    return created;
  };

  const updateTable = (id: string, changes: Partial<TableSchema>) => {
    tables.value = tables.value.map((t) => (t.id === id ? { ...t, ...changes } : t));
  };

  const removeTable = (id: string) => {
    tables.value = tables.value.filter((t) => t.id !== id);
  };

  return {
    conf,
    tabs,
    activeTabId,
    tabHistory,
    queries,
    tables,
    databases,
    tabViewIds,
    destroyedTabs,
    dirtyTabs,
    lastSyncedActiveTabId,
    costEstimates,
    southPane,
    validationErrors,
    activeTab,
    latestQuery,
    activeDatabase,
    now,
    newId,
    newTab,
    addTab,
    cloneTab,
    removeTab,
    clearDestroyed,
    setActive,
    nextTab: () => step(1),
    previousTab: () => step(-1),
    updateTab,
    toggleLeftBar: (id: string) => {
      const tab = tabs.value.find((t) => t.id === id);
      if (tab) updateTab(id, { hideLeftBar: !tab.hideLeftBar });
    },
    /** The north/south split of a tab, in percent; the south pane takes the rest. */
    setSplit: (id: string, northPercent: number) => {
      const north = Math.min(90, Math.max(10, Math.round(northPercent)));
      updateTab(id, { northPercent: north, southPercent: 100 - north });
    },
    markClean: (ids: Iterable<string>) => {
      const next = new Set(dirtyTabs.value);
      for (const id of ids) next.delete(id);
      dirtyTabs.value = next;
    },
    startQuery,
    querySuccess: (id: string, payload: { status?: string; results: QueryResults; query?: Partial<Query> }) => setQueries((q) => querySuccess(q, id, payload, now())),
    queryFailed: (id: string, failure: { message: string; link?: string | null; errors?: StructuredError[]; state?: 'failed' | 'timed_out' }) =>
      setQueries((q) => queryFailed(q, id, failure, now())),
    stopQuery: (id: string) => setQueries((q) => stopQueryIn(q, id, now())),
    updateQuery: (id: string, changes: Partial<Query>) => setQueries((q) => updateQueryIn(q, id, changes)),
    refreshQueries: (updates: readonly Partial<Query>[]) => setQueries((q) => refreshQueries(q, updates)),
    clearInactiveQueries: (intervalMs: number) => setQueries((q) => clearInactiveQueries(q, intervalMs, now())),
    /** Removes finished queries of a tab from the history (the latest one stays). */
    clearQueryHistory: (tabId: string) => {
      const latest = tabs.value.find((t) => t.id === tabId)?.latestQueryId;
      setQueries((q) => Object.fromEntries(Object.entries(q).filter(([id, query]) => query.sqlEditorId !== tabId || id === latest || !['success', 'failed', 'stopped', 'timed_out'].includes(query.state))));
    },
    removeQuery: (id: string) => setQueries(({ [id]: _gone, ...rest }) => rest),
    addTable,
    updateTable,
    removeTable,
    expandTable: (id: string) => updateTable(id, { expanded: true }),
    collapseTable: (id: string) => updateTable(id, { expanded: false }),
    setCostEstimate: (tabId: string, estimate: CostEstimate) => {
      costEstimates.value = { ...costEstimates.value, [tabId]: estimate };
    },
    setSouthPane: (tabId: string, pane: SouthPane) => {
      southPane.value = { ...southPane.value, [tabId]: pane };
    },
  };
}

export type SqlLabStore = ReturnType<typeof createSqlLabStore>;
export type { Signal };
