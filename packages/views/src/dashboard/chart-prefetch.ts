/**
 * The dashboard's chart-data prefetch (issue 18): as soon as the charts' form data and the filters'
 * default masks are known, the charts estimated to stand in the first viewport are queried, while the
 * layout is still rendering; the charts below the fold follow when the browser is idle, a few at a time
 * and only once the first viewport's requests have settled, so they never hold up what is on screen. Each
 * request is the one the chart would send (chartDataRequest), kept by the store's prefetcher until the
 * chart asks for it. New filters (or tabs, or charts) re-plan: prefetched requests that no longer match
 * a chart's request are aborted.
 */
import { effect } from '@preact/signals-react';
import { loadChartPlugin, type ChartRegistry } from '@lumen-bi/charts';
import { chartDataRequestKey, type FetchChartDataOptions, type QueryFormData } from '@lumen-bi/core';
import { chartDataRequest } from '../chart/chart-data-request';
import { chartPositions } from './chart-positions';
import type { DashboardStore } from './dashboard-store';
import { shownTabs } from './shown-tabs';

/** Requests below the fold in flight at once: the browser's six connections stay mostly free for what is on screen. */
export const IDLE_PREFETCH_CONCURRENCY = 2;
/** requestIdleCallback's timeout: a busy page still prefetches after this long. */
export const IDLE_PREFETCH_TIMEOUT_MS = 2000;

/** Runs `task` when the browser is idle (requestIdleCallback, or a timer where it is missing); returns a cancel. */
export type IdleScheduler = (task: () => void) => () => void;

export const scheduleWhenIdle: IdleScheduler = (task) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: IDLE_PREFETCH_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 1);
  return () => clearTimeout(timer);
};

export interface ChartPrefetchOptions {
  store: DashboardStore;
  registry: ChartRegistry;
  /** Height (px) of the first viewport: charts estimated to start above it are fetched at once. */
  viewportHeight: number;
  scheduleIdle?: IdleScheduler;
  idleConcurrency?: number;
}

interface PlannedChart {
  formData: QueryFormData;
  aboveFold: boolean;
}

/**
 * Starts prefetching for a loaded dashboard; returns the stop function (the view's unmount).
 *
 * @example
 * useEffect(() => startChartPrefetch({ store, registry, viewportHeight: window.innerHeight }), [store, registry]);
 */
export function startChartPrefetch(options: ChartPrefetchOptions): () => void {
  const { store } = options;
  let cancelRun: (() => void) | undefined;
  const stopEffect = effect(() => {
    cancelRun?.();
    cancelRun = undefined;
    // Edit mode queries nothing new; a requiredFirst filter still waiting for its options would make the
    // first requests with the wrong filters.
    if (store.status.value !== 'ready' || store.chartsBlocked.value || store.editMode.value) return;
    const plan = planCharts(store, options.viewportHeight);
    // Read here so the effect re-plans when they change (chartFormData reads the masks and charts).
    const dashboardId = store.info.value?.id;
    cancelRun = runPlan(options, plan, dashboardId);
  });
  return () => {
    stopEffect();
    cancelRun?.();
  };
}

/** The shown charts in reading order, with their form data as the chart holders will query it. */
function planCharts(store: DashboardStore, viewportHeight: number): PlannedChart[] {
  const layout = store.layout.value;
  const planned: PlannedChart[] = [];
  for (const { chartId, top } of chartPositions(layout, shownTabs(layout, store.activeTabs.value))) {
    const formData = store.chartFormData(chartId);
    if (formData) planned.push({ formData, aboveFold: top < viewportHeight });
  }
  return planned;
}

/** Loads the plans' plugins, then fetches the first viewport and schedules the rest; returns a cancel. */
function runPlan(options: ChartPrefetchOptions, plan: PlannedChart[], dashboardId: number | undefined): () => void {
  const { store, registry } = options;
  let cancelled = false;
  let cancelIdle: (() => void) | undefined;
  const start = () => {
    if (cancelled) return;
    const requests = plan.flatMap(({ formData, aboveFold }) => {
      // A chart that loads its own data (deck_multi) sends no request of its own form data to prefetch.
      if (!registry.has(formData.viz_type) || registry.get(formData.viz_type).loadData) return [];
      const request = chartDataRequest(registry.get(formData.viz_type), formData, { dashboardId });
      return [{ request, aboveFold, key: chartDataRequestKey(request) }];
    });
    store.chartData.retain(new Set(requests.map((r) => r.key)));
    const prefetch = (request: FetchChartDataOptions) => store.chartData.prefetch(store.api, request);
    const first = requests.filter((r) => r.aboveFold).map((r) => prefetch(r.request));
    const rest = requests.filter((r) => !r.aboveFold).map((r) => r.request);
    void Promise.all(first).then(() => {
      if (!cancelled) cancelIdle = prefetchWhenIdle(rest, prefetch, options.scheduleIdle ?? scheduleWhenIdle, options.idleConcurrency ?? IDLE_PREFETCH_CONCURRENCY);
    });
  };
  const missing = [...new Set(plan.map((p) => p.formData.viz_type))].filter((vizType) => !registry.has(vizType));
  // With every plugin registered (the app's built-ins) the requests leave now, before React renders the layout.
  if (missing.length === 0) start();
  else void Promise.all(missing.map((vizType) => loadChartPlugin(registry, vizType))).then(start, start);
  return () => {
    cancelled = true;
    cancelIdle?.();
  };
}

/** Fetches `requests` in order, `concurrency` at a time, each started in an idle period; returns a cancel. */
function prefetchWhenIdle(requests: FetchChartDataOptions[], prefetch: (r: FetchChartDataOptions) => Promise<void>, scheduleIdle: IdleScheduler, concurrency: number): () => void {
  const queue = [...requests];
  const cancels = new Set<() => void>();
  let stopped = false;
  const next = () => {
    const request = queue.shift();
    if (stopped || !request) return;
    const cancel = scheduleIdle(() => {
      cancels.delete(cancel);
      if (!stopped) void prefetch(request).then(next);
    });
    cancels.add(cancel);
  };
  for (let i = 0; i < concurrency; i += 1) next();
  return () => {
    stopped = true;
    for (const cancel of cancels) cancel();
  };
}
