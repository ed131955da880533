/**
 * Usage events from the views (spec 3 §7 "Event logging"), sent through core's batching EventLogger:
 * mount_dashboard, load_chart and render_chart (with durations) for dashboards, mount_explorer for Explore.
 * Every hook is a no-op without a logger, so hosts that do not log pay nothing.
 */
import type { EventLogger } from '@lumen-bi/core';
import { useEffect, useRef } from 'react';

/** The slice of a dashboard store the logging reads (signals from dashboard-store). */
export interface LoggableDashboard {
  status: { readonly value: string; subscribe(fn: (value: string) => void): () => void };
  info: { readonly value: { id: number } | null };
  chartStates: { subscribe(fn: (value: Record<number, { status: string }>) => void): () => void };
}

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/**
 * Logs mount_dashboard once the dashboard has loaded (duration since `startedAt`), then load_chart when a
 * chart's query finishes (or fails) and render_chart when it has drawn, each with its duration.
 * Returns the unsubscribe function.
 */
export function attachDashboardLogging(logger: EventLogger, store: LoggableDashboard, startedAt = now()): () => void {
  let mounted = false;
  const loadingSince = new Map<number, number>();
  const loadedAt = new Map<number, number>();
  const last = new Map<number, string>();
  const context = () => ({ source: 'dashboard', source_id: store.info.value?.id, dashboard_id: store.info.value?.id });
  const offStatus = store.status.subscribe((status) => {
    if (mounted || status !== 'ready' || !store.info.value) return;
    mounted = true;
    logger.log('mount_dashboard', { ...context(), duration: Math.round(now() - startedAt) });
  });
  const offCharts = store.chartStates.subscribe((states) => {
    const t = now();
    for (const [key, state] of Object.entries(states)) {
      const id = Number(key);
      if (last.get(id) === state.status) continue;
      last.set(id, state.status);
      if (state.status === 'loading') loadingSince.set(id, t);
      else if ((state.status === 'success' || state.status === 'failed') && loadingSince.has(id)) {
        const start = loadingSince.get(id)!;
        loadingSince.delete(id);
        loadedAt.set(id, t);
        logger.log('load_chart', { ...context(), slice_id: id, has_err: state.status === 'failed', duration: Math.round(t - start) });
      } else if (state.status === 'rendered' && loadedAt.has(id)) {
        const start = loadedAt.get(id)!;
        loadedAt.delete(id);
        logger.log('render_chart', { ...context(), slice_id: id, duration: Math.round(t - start) });
      }
    }
  });
  return () => {
    offStatus();
    offCharts();
  };
}

/** React binding of attachDashboardLogging; the start time is the first render of the view. */
export function useDashboardLogging(logger: EventLogger | undefined, store: LoggableDashboard): void {
  const startedAt = useRef(now());
  useEffect(() => (logger ? attachDashboardLogging(logger, store, startedAt.current) : undefined), [logger, store]);
}

/** Logs mount_explorer once per view, with the saved chart's id when there is one. */
export function useExploreLogging(logger: EventLogger | undefined, loaded: boolean, sliceId: number | undefined): void {
  const startedAt = useRef(now());
  const logged = useRef(false);
  useEffect(() => {
    if (!logger || !loaded || logged.current) return;
    logged.current = true;
    logger.log('mount_explorer', { source: 'explore', source_id: sliceId, slice_id: sliceId, duration: Math.round(now() - startedAt.current) });
  }, [logger, loaded, sliceId]);
}
