/**
 * One chart, end to end: plugin buildQuery -> fetchChartData -> transformProps -> render, with the
 * lifecycle of spec 1 §4 (loading, success, rendered, failed, stopped on abort). Each container fetches
 * on its own, so a dashboard's charts load in parallel. Shared by the dashboard and embeddable charts;
 * Explore keeps its own ChartArea because its store owns the query.
 */
import { DEFAULT_CHART_THEME, RENDERED_EVENT, loadChartPlugin, observeResize, type CategoricalColorScale, type ChartInstance, type ChartPlugin, type ChartRegistry, type CrossFilterSelection } from '@lumen-bi/charts';
import { ClientError, fetchChartData, type ApiClient, type ChartDataFetcher, type ChartDataResponseResult, type DataMask, type QueryFormData } from '@lumen-bi/core';
import { useEffect, useRef, useState } from 'react';
import { LazyErrorPanel } from '../components/lazy-error-panel';
import { RenderErrorBoundary } from '../components/render-error-boundary';
import { chartDataRequest } from './chart-data-request';
import { loadChartData } from './load-chart-data';
import { chartSurface, useChartThemeChange } from './chart-surface';
import { Spinner } from '../components/spinner';

export type ChartContainerStatus = 'idle' | 'loading' | 'success' | 'rendered' | 'failed' | 'stopped';

export interface ChartContainerState {
  status: ChartContainerStatus;
  error?: unknown;
  queriesData?: ChartDataResponseResult[];
}

export interface ChartContainerProps {
  api: ApiClient;
  registry: ChartRegistry;
  formData: QueryFormData;
  /** When false nothing is fetched yet (lazy loading outside the viewport, or waiting for filters). */
  enabled?: boolean;
  dashboardId?: number;
  /** Bumped to refetch; `force` bypasses the server cache for that fetch. */
  refreshKey?: number;
  force?: boolean;
  /** The dashboard's colour scale factory (dashboard source); explore source when absent. */
  colorScale?: (formData: QueryFormData) => CategoricalColorScale;
  /** Text under the error panel (the dashboard's 'Please reach out to the Chart Owner(s) ...'). */
  errorFooter?: string;
  onStateChange?(state: ChartContainerState): void;
  className?: string;
  /** The chart's id: the id of the cross-filter data masks it emits. */
  chartId?: number;
  /**
   * Set to let the chart emit cross filters: receives the data mask of a selection (null clears it).
   * Plugins without cross-filter support ignore it.
   */
  onCrossFilter?(mask: DataMask | null, selection: CrossFilterSelection | null): void;
  /** The chart's current cross-filter values, highlighted by the chart (not applied to its own query). */
  crossFilterValues?: unknown[];
  /**
   * Sends the chart-data request (default fetchChartData). The dashboard passes its prefetcher's, which
   * hands over an identical request already in flight instead of sending a second one.
   */
  fetchData?: ChartDataFetcher;
}

/**
 * The data mask of a chart's cross-filter selection, as the incumbent builds it; null clears it.
 *
 * @example
 * crossFilterDataMask(12, { column: 'country', values: ['FR'] });
 * // { id: '12', extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['FR'] }] },
 * //   filterState: { value: ['FR'], selectedValues: ['FR'], label: 'FR' }, ownState: {} }
 */
export function crossFilterDataMask(chartId: number, selection: CrossFilterSelection | null): DataMask | null {
  if (!selection || selection.values.length === 0) return null;
  const values = selection.values as (string | number | boolean)[];
  // A multi-column selection (a heatmap cell) narrows on each column: one equality filter per column.
  const filters = selection.filters?.length
    ? selection.filters.map((f) => ({ col: f.column, op: '==' as const, val: f.value as string | number | boolean }))
    : [{ col: selection.column, op: 'IN' as const, val: values }];
  return {
    id: String(chartId),
    extraFormData: { filters },
    filterState: { value: values, selectedValues: values, label: selection.label ?? values.join(', ') },
    ownState: {},
  };
}

const FALLBACK = { width: 400, height: 300 };

/**
 * One chart inside its own error boundary: a render crash shows the 'Unexpected error' panel with the
 * component stack in the chart's place, and the dashboard's other charts keep rendering. Error panels are
 * loaded lazily (LazyErrorPanel): a chart that renders never downloads them.
 *
 * @example
 * <ChartContainer api={api} registry={registry} formData={fd} dashboardId={7} onStateChange={report} />
 */
export function ChartContainer(props: ChartContainerProps) {
  return (
    <RenderErrorBoundary renderError={(error) => <LazyErrorPanel error={error} />}>
      <ChartContainerBody {...props} />
    </RenderErrorBoundary>
  );
}

function ChartContainerBody(props: ChartContainerProps) {
  const { api, registry, formData, enabled = true, dashboardId, refreshKey = 0, force = false } = props;
  const hostRef = useRef<HTMLDivElement>(null);
  const mounted = useRef<{ plugin: ChartPlugin; instance: ChartInstance<object>; stopResize(): void; props: object; queriesData: ChartDataResponseResult[] } | null>(null);
  const [state, setState] = useState<ChartContainerState>({ status: 'idle' });
  const latest = useRef(props);
  latest.current = props;
  /** The deployment's map style (deck charts only; server configuration, never form data). */
  const mapStyleUrl = useRef<string | null>(null);

  const publish = (next: ChartContainerState) => {
    setState(next);
    latest.current.onStateChange?.(next);
  };

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    // A draw that failed after render() returned (its drawing code could not be downloaded) ends with the
    // error in the event's detail (RENDERED_EVENT): shown and reported like a failed query.
    const listener = (event: Event) => {
      const error = (event as CustomEvent<{ error?: unknown } | null>).detail?.error;
      publish(error === undefined ? { ...stateRef.current, status: 'rendered' } : { status: 'failed', error });
    };
    host.addEventListener(RENDERED_EVENT, listener);
    return () => host.removeEventListener(RENDERED_EVENT, listener);
  }, []);
  const stateRef = useRef(state);
  stateRef.current = state;

  // Fetch: once enabled, again when the form data or the refresh key changes; aborted when superseded.
  useEffect(() => {
    if (!enabled) return;
    const vizType = formData.viz_type;
    const controller = new AbortController();
    publish({ status: 'loading' });
    (async () => {
      try {
        // A registry without the viz type's plugin gets it now (its own lazy chunk, loadChartPlugin): a
        // dashboard downloads the viz types it shows, not every built-in one. Inside the try: a chunk that
        // cannot be downloaded is this chart's failure, not a spinner forever.
        if (!registry.has(vizType) && !(await loadChartPlugin(registry, vizType))) {
          if (!controller.signal.aborted) publish({ status: 'failed', error: new Error(`Unknown viz type: ${vizType}`) });
          return;
        }
        if (controller.signal.aborted) return;
        const plugin = registry.get(vizType);
        const fetchData = latest.current.fetchData ?? fetchChartData;
        const [queriesData, clientConfig] = await Promise.all([
          loadChartData(plugin, api, { ...chartDataRequest(plugin, formData, { dashboardId, force }), signal: controller.signal }, fetchData),
          // Only the deck.gl types draw a base map; the module is imported for them alone, which keeps it out
          // of every other chart's first load in <bi-chart> lite (DESIGN.md budget).
          vizType.startsWith('deck_') ? import('./client-config').then(({ loadClientConfig }) => loadClientConfig(api)) : null,
        ]);
        if (controller.signal.aborted) return;
        mapStyleUrl.current = clientConfig?.map_style_url ?? null;
        const failedQuery = queriesData.find((q) => (q as { error?: string }).error);
        if (failedQuery) throw new Error((failedQuery as { error?: string }).error);
        publish({ status: 'success', queriesData });
        draw(plugin, queriesData);
      } catch (failure) {
        if (controller.signal.aborted || (failure instanceof ClientError && failure.kind === 'abort')) {
          latest.current.onStateChange?.({ status: 'stopped' });
          return;
        }
        publish({ status: 'failed', error: failure });
      }
    })();
    return () => controller.abort();
    // formData identity is memoised by the caller; refreshKey drives refetches.
  }, [enabled, formData, refreshKey, api, registry, dashboardId]);

  function draw(plugin: ChartPlugin, queriesData: ChartDataResponseResult[]) {
    const host = hostRef.current;
    if (!host) return;
    try {
      const width = host.clientWidth || FALLBACK.width;
      const height = host.clientHeight || FALLBACK.height;
      const fd = latest.current.formData;
      const colorScale = latest.current.colorScale?.(fd);
      const input = { formData: fd, queriesData, width, height, theme: DEFAULT_CHART_THEME, colorScale, surface: chartSurface(host), mapStyleUrl: mapStyleUrl.current };
      const chartProps = { ...plugin.transformProps(input), ...crossFilterProps() };
      if (mounted.current && mounted.current.plugin === plugin) {
        mounted.current.instance.update(chartProps);
        Object.assign(mounted.current, { props: chartProps, queriesData });
      } else {
        mounted.current?.stopResize();
        mounted.current?.instance.destroy();
        const instance = plugin.render(host, chartProps);
        mounted.current = { plugin, instance, stopResize: observeResize(host, instance), props: chartProps, queriesData };
      }
    } catch (failure) {
      publish({ status: 'failed', error: failure });
    }
  }

  /** The cross-filter hook and selection merged into the render props (only when the host allows it). */
  function crossFilterProps(): { onCrossFilter?(selection: CrossFilterSelection | null): void; crossFilterValues?: unknown[] } {
    const { onCrossFilter: emit, crossFilterValues: values, chartId } = latest.current;
    if (!emit || chartId === undefined) return {};
    return {
      onCrossFilter: (selection) => latest.current.onCrossFilter?.(crossFilterDataMask(chartId, selection), selection),
      crossFilterValues: values,
    };
  }

  // Series colours depend on the surface (lifted on a dark one): a theme change draws the chart again.
  useChartThemeChange(hostRef, () => mounted.current && draw(mounted.current.plugin, mounted.current.queriesData));

  // A new selection (or the hook switched on/off) redraws the mounted chart without a query.
  const crossFilterEnabled = Boolean(props.onCrossFilter);
  useEffect(() => {
    const current = mounted.current;
    if (!current) return;
    const next = { ...(current.props as Record<string, unknown>), onCrossFilter: undefined, crossFilterValues: undefined, ...crossFilterProps() };
    current.props = next;
    current.instance.update(next);
  }, [props.crossFilterValues, crossFilterEnabled]);

  useEffect(
    () => () => {
      mounted.current?.stopResize();
      mounted.current?.instance.destroy();
      mounted.current = null;
    },
    [],
  );

  const failed = state.status === 'failed';
  return (
    <div className={`bi-chart-container ${props.className ?? ''}`} data-chart-status={state.status}>
      {(state.status === 'loading' || (state.status === 'idle' && enabled)) && (
        <Spinner label="Loading chart" />
      )}
      {failed && (
        <div className="bi-chart-container__error">
          <LazyErrorPanel error={describeFailure(state.error)} />
          {props.errorFooter && <p className="bi-chart-container__owners">{props.errorFooter}</p>}
        </div>
      )}
      <div className="bi-chart-container__host" ref={hostRef} hidden={failed} />
    </div>
  );
}

function describeFailure(error: unknown): Error | ClientError | string {
  if (error instanceof ClientError || error instanceof Error) return error;
  return String(error ?? 'An error occurred');
}
