/**
 * The incumbent's `native_filters_key`: the applied data mask is stored server-side (spec 2 §7
 * /api/v1/dashboard/{id}/filter_state) and only its key goes into the address, so a reload or a copied
 * URL shows the same filters. This module only talks to the API and reports keys; the address itself
 * belongs to the host page (the app), never to an embedded element — see DashboardView's
 * `onNativeFiltersKeyChange`.
 */
import { ClientError, type ApiClient, type DataMaskStateWithId } from '@lumen-bi/core';
import { createFilterState, updateFilterState } from './dashboard-api';

/** The query parameter the incumbent uses for the stored filter state. */
export const NATIVE_FILTERS_KEY_PARAM = 'native_filters_key';

export interface FilterStateSyncOptions {
  api: ApiClient;
  dashboardId: number;
  /** The key the dashboard was opened with (its value is `initialMask`), if any. */
  key?: string;
  /** The mask the dashboard shows on load: not stored again until it changes. */
  initialMask: DataMaskStateWithId;
  /** Called whenever the mask is stored under a different key than before. */
  onKey(key: string): void;
  /** A failed write; the dashboard keeps working, only the address is not updated. */
  onError?(error: unknown): void;
}

export interface FilterStateSync {
  /** Stores a new applied mask; writes are serialised and only the latest pending mask is sent. */
  push(mask: DataMaskStateWithId): void;
  /** Resolves once every pushed mask has been written (tests and page unload). */
  flush(): Promise<void>;
  dispose(): void;
}

/**
 * A key the user may not update (someone else's shared link: 403) or that expired (404) is replaced by a
 * new one, as the incumbent does; other failures are reported and the next change tries again.
 */
const needsNewKey = (error: unknown) => error instanceof ClientError && (error.status === 403 || error.status === 404);

/**
 * @example
 * const sync = createFilterStateSync({ api, dashboardId: 4, initialMask: store.dataMask.value, onKey: (k) => writeKeyToUrl(k) });
 * sync.push(store.dataMask.value);
 */
export function createFilterStateSync(options: FilterStateSyncOptions): FilterStateSync {
  const { api, dashboardId } = options;
  let key = options.key;
  let stored = JSON.stringify(options.initialMask);
  let pending: DataMaskStateWithId | null = null;
  let running: Promise<void> | null = null;
  let disposed = false;

  async function write(mask: DataMaskStateWithId): Promise<void> {
    const previous = key;
    if (key) {
      try {
        key = await updateFilterState(api, dashboardId, key, mask);
      } catch (error) {
        if (!needsNewKey(error)) throw error;
        key = await createFilterState(api, dashboardId, mask);
      }
    } else {
      key = await createFilterState(api, dashboardId, mask);
    }
    if (!disposed && key !== previous) options.onKey(key);
  }

  async function drain(): Promise<void> {
    while (pending && !disposed) {
      const mask = pending;
      pending = null;
      const text = JSON.stringify(mask);
      if (text === stored) continue;
      try {
        await write(mask);
        stored = text;
      } catch (error) {
        options.onError?.(error);
      }
    }
  }

  return {
    push(mask) {
      if (disposed) return;
      pending = mask;
      if (!running) running = drain().finally(() => (running = null));
    },
    flush: async () => {
      while (running) await running;
    },
    dispose() {
      disposed = true;
      pending = null;
    },
  };
}

/**
 * The current address with `native_filters_key` set, every other parameter and the hash kept.
 *
 * @example
 * withNativeFiltersKey('https://bi.example/superset/dashboard/4/?edit=true#CHART-1', 'abc');
 * // 'https://bi.example/superset/dashboard/4/?edit=true&native_filters_key=abc#CHART-1'
 */
export function withNativeFiltersKey(href: string, key: string, pathname?: string): string {
  const url = new URL(href);
  if (pathname) url.pathname = pathname;
  url.searchParams.set(NATIVE_FILTERS_KEY_PARAM, key);
  return url.toString();
}
