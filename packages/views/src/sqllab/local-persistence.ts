import type { SqlLabStore } from './sqllab-store';
import type { Query, QueryEditor, TableSchema } from './sqllab-types';

/**
 * SQL Lab state in local storage, used when backend persistence (SqllabBackendPersistence) is off, and the
 * source of tabs migrated to the backend when it is on. Results of old or large queries are dropped so the
 * storage quota (5 MB in most browsers) is not exhausted by one big result.
 */
export const LOCAL_STORAGE_KEY = 'lumen-sqllab';
/** Results of queries older than a day are not kept (spec 3 §9: 864e5 ms). */
export const LOCAL_MAX_QUERY_AGE_MS = 864e5;
/** Results over 1024 KB are not kept (spec 3 §9). */
export const LOCAL_MAX_RESULTS_KB = 1024;
/** The storage budget the usage figure is compared with (spec 3 §9: 5120 KB). */
export const LOCAL_MAX_USAGE_KB = 5120;

/** The part of the Web Storage API used here (window.localStorage in the app, a fake in tests). */
export interface SqlLabStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length?: number;
  key?(index: number): string | null;
}

export interface LocalSqlLabState {
  tabs: QueryEditor[];
  activeTabId: string | null;
  tables: TableSchema[];
  queries: Record<string, Query>;
}

/** Size of a JSON-able value in KB, counting UTF-16 code units as the storage quota does. */
export const sizeKb = (value: unknown): number => ((JSON.stringify(value) ?? '').length * 2) / 1024;

/**
 * Queries without the results that should not be stored: those of queries past the age limit or over
 * the size limit. Results of the others stay so a reload shows them at once.
 *
 * @example
 * withoutOldResults({ q: oldQuery }, Date.now()).q.results; // null
 */
export function withoutOldResults(queries: Readonly<Record<string, Query>>, now: number): Record<string, Query> {
  const out: Record<string, Query> = {};
  for (const [id, query] of Object.entries(queries)) {
    const old = now - (query.endDttm ?? query.startDttm) > LOCAL_MAX_QUERY_AGE_MS;
    const large = query.results ? sizeKb(query.results) > LOCAL_MAX_RESULTS_KB : false;
    out[id] = old || large ? { ...query, results: null } : query;
  }
  return out;
}

/**
 * Storage used by everything in local storage, in KB (spec 3 §4: usage is reported in kilobytes).
 *
 * @example
 * storageUsageKb(window.localStorage); // 12.4
 */
export function storageUsageKb(storage: SqlLabStorage): number {
  let chars = 0;
  const count = storage.length ?? 0;
  for (let i = 0; i < count; i++) {
    const key = storage.key?.(i);
    if (key) chars += key.length + (storage.getItem(key)?.length ?? 0);
  }
  return Math.round(((chars * 2) / 1024) * 10) / 10;
}

export function snapshotOf(store: SqlLabStore): LocalSqlLabState {
  return {
    tabs: [...store.tabs.value],
    activeTabId: store.activeTabId.value,
    tables: [...store.tables.value],
    queries: withoutOldResults(store.queries.value, store.now()),
  };
}

export function saveLocalState(storage: SqlLabStorage, store: SqlLabStore): boolean {
  try {
    storage.setItem(LOCAL_STORAGE_KEY, JSON.stringify(snapshotOf(store)));
    return true;
  } catch {
    return false; // quota exceeded: the in-memory state is still intact
  }
}

export function loadLocalState(storage: SqlLabStorage): LocalSqlLabState | null {
  try {
    const text = storage.getItem(LOCAL_STORAGE_KEY);
    if (!text) return null;
    const state = JSON.parse(text) as LocalSqlLabState;
    return Array.isArray(state.tabs) ? state : null;
  } catch {
    return null;
  }
}

export function clearLocalState(storage: SqlLabStorage): void {
  storage.removeItem(LOCAL_STORAGE_KEY);
}
