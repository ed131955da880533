/**
 * The guest page's answer to the host's setFilter: the dashboard sets the filter by name or column
 * (validating both), and a refusal goes back as an answer with its code, message and the known filters,
 * which a thrown error would lose on the way (the channel's error replies carry no details).
 */
import type { SetFilterResult, SetFilterValues } from '@lumen-bi/core';
import { FilterNameError, type DashboardHandle } from '@lumen-bi/views';

export function setFilterByName(handle: DashboardHandle | null, args: { name?: unknown; values?: unknown } | undefined): SetFilterResult {
  if (!handle) return { ok: false, code: 'NOT_READY', message: 'The dashboard is not loaded yet', unknownFilters: [], knownFilters: [] };
  try {
    return { ok: true, filterId: handle.setFilter(args?.name as string, (args?.values ?? null) as SetFilterValues) };
  } catch (error) {
    if (!(error instanceof FilterNameError)) throw error;
    return { ok: false, code: error.code, message: error.message, unknownFilters: error.unknownFilters, knownFilters: error.knownFilters };
  }
}

/**
 * The dashboard's handle once it has loaded. `embedDashboard()` resolves when the token is accepted, which
 * may be before the dashboard's definition has arrived: a host setting a filter at once waits for it here
 * (up to `timeoutMs`, then null: NOT_READY) instead of being refused.
 */
export function createHandleWaiter(timeoutMs = 20_000): { resolve(handle: DashboardHandle): void; wait(): Promise<DashboardHandle | null> } {
  let loaded: DashboardHandle | null = null;
  const waiting = new Set<(handle: DashboardHandle) => void>();
  return {
    resolve(handle) {
      loaded = handle;
      for (const wake of waiting) wake(handle);
      waiting.clear();
    },
    wait() {
      if (loaded) return Promise.resolve(loaded);
      return new Promise((resolve) => {
        const wake = (handle: DashboardHandle | null) => {
          clearTimeout(timer);
          waiting.delete(wake);
          resolve(handle);
        };
        const timer = setTimeout(() => wake(null), timeoutMs);
        waiting.add(wake);
      });
    },
  };
}
