/**
 * The dashboard view (spec 2 §2-§6): takes an API client and an id or slug and nothing global, so the app,
 * <bi-dashboard> and the /embedded/ page all render it. Hosts observe the combined data mask through
 * onDataMaskChange and set filters at any time through the ref's setDataMask.
 */
import { effect } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { createCategoricalColorScale, createChartRegistry, loadChartPlugin, type ChartRegistry } from '@lumen-bi/charts';
import { DASHBOARD_ROOT_ID, type ApiClient, type DataMaskStateWithId, type EventLogger, type QueryFormData } from '@lumen-bi/core';
import { lazy, Suspense, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { LazyErrorPanel } from '../components/lazy-error-panel';
import { useLazyModule } from '../components/lazy-module';
import { LoadingLines } from '../components/skeleton';
import { createToastStore, type ToastStore } from '../components/toast-store';
import { Toasts } from '../components/toasts';
import { useDashboardLogging } from '../logging/event-logging';
import { DashboardContext, type DashboardContextValue } from './dashboard-context';
import { DashboardHeader } from './dashboard-header';
import { createDashboardStore, type DashboardStore } from './dashboard-store';
import { startChartPrefetch } from './chart-prefetch';
import { DASHBOARD_REFLOW_CSS } from './dashboard-reflow-styles';
import { DASHBOARD_CSS } from './dashboard-styles';
import { EDITOR_LOAD_FAILED_MESSAGE, editModeCode } from './edit-mode-code';
import type { ChartStateEvent, DashboardUiConfig, DisplayMode } from './dashboard-types';
import { FilterBar } from './filter-bar';
import { LayoutNode } from './layout-grid';
import { shownTabs } from './shown-tabs';
import { filterValueFor, findFilterByName, type FilterValues } from './filter-by-name';
import type { DashboardShareOptions } from './share-link';
import { Spinner } from '../components/spinner';

/** The dashboard's own CSS, sanitised; the sanitiser loads only for a dashboard that has some. */
const DashboardCss = lazy(() =>
  import('./sanitize-css').then(({ sanitizeCss }) => ({ default: ({ css }: { css: string }) => <style>{sanitizeCss(css)}</style> })),
);

/** What a host can do with a mounted dashboard. */
export interface DashboardHandle {
  setDataMask(mask: DataMaskStateWithId): void;
  getDataMask(): DataMaskStateWithId;
  getActiveTabs(): string[];
  createPermalink(anchor?: string): Promise<string>;
  /**
   * Sets one native filter by its name (or the column it filters) and applies it; returns the filter's id.
   * Throws a FilterNameError naming an unknown filter (and listing the known ones) or a value of the wrong shape.
   */
  setFilter(name: string, values: FilterValues): string;
  store: DashboardStore;
}

export interface DashboardViewProps {
  api: ApiClient;
  dashboardIdOrSlug: string | number;
  registry?: ChartRegistry;
  uiConfig?: DashboardUiConfig;
  displayMode?: DisplayMode;
  initialDataMask?: DataMaskStateWithId;
  initialActiveTabs?: string[];
  /** A component id from the address hash; its tab is opened and it is scrolled into view. */
  anchor?: string;
  urlParams?: Record<string, string>;
  /**
   * The address's `native_filters_key`: the filter state stored under it is restored (initialDataMask,
   * e.g. from a permalink, wins). Unknown or expired keys fall back to the defaults.
   */
  nativeFiltersKey?: string;
  /**
   * Opt-in for hosts that own the address (the app's dashboard page): each applied filter change is stored
   * server-side and the key reported here, for the host to put in its URL. Embedded pages and custom
   * elements leave it unset, so a dashboard never rewrites a host page's address; guests never store.
   */
  onNativeFiltersKeyChange?(key: string): void;
  editFlag?: boolean;
  featureFlags?: Readonly<Record<string, boolean>>;
  toasts?: ToastStore;
  origin?: string;
  exploreUrl?(chartId: number): string;
  onDataMaskChange?(mask: DataMaskStateWithId): void;
  onChartStateChange?(event: ChartStateEvent): void;
  onError?(error: unknown): void;
  /**
   * Called with the imperative handle once the dashboard has loaded (again for a new dashboard or client).
   * Use it where `ref` does not reach a function component (Preact's compat layer, custom elements).
   */
  onReady?(handle: DashboardHandle): void;
  ref?: Ref<DashboardHandle>;
  /** Usage events (mount_dashboard, load_chart, render_chart); nothing is logged without one. */
  logger?: EventLogger;
  /** The host's say over Share: hide it, or map permalinks to its own URLs (a guest sees Share only then). */
  share?: DashboardShareOptions;
}

const hidesTitle = (mode: DisplayMode | undefined) => mode === 'hideNavAndTitle' || mode === 'hide-nav-and-title' || mode === 'report';

/**
 * @example
 * <DashboardView api={createApiClient({ baseUrl: '', auth: { kind: 'session' } })} dashboardIdOrSlug="sales" onDataMaskChange={console.log} />
 */
export function DashboardView(props: DashboardViewProps) {
  useSignals();
  const { api, dashboardIdOrSlug } = props;
  const [toasts] = useState(() => props.toasts ?? createToastStore());
  // Without a registry from the caller the plugins load on demand, each viz type its own chunk
  // (loadChartPlugin), so the dashboard's first load holds no chart code (issue 15: weight).
  const registry = useMemo(() => props.registry ?? createChartRegistry(), [props.registry]);
  const store = useMemo(
    () =>
      createDashboardStore({
        api,
        idOrSlug: dashboardIdOrSlug,
        toasts,
        initialDataMask: props.initialDataMask,
        initialActiveTabs: props.initialActiveTabs,
        filterStateKey: props.nativeFiltersKey,
        editFlag: props.editFlag,
        featureFlags: props.featureFlags,
        onDataMaskChange: props.uiConfig?.emitDataMasks === false ? undefined : props.onDataMaskChange,
        onError: props.onError,
      }),
    // A new dashboard or client is a new store; other props are read live below.
    [api, dashboardIdOrSlug],
  );
  useEffect(() => {
    void store.load();
    return () => store.dispose();
  }, [store]);
  // The viz types the dashboard shows, fetched as soon as its charts are known (the chart containers await
  // the same loads), so code reading registry.get() synchronously (chart menus) finds them.
  useEffect(
    () =>
      store.charts.subscribe((charts) => {
        for (const chart of Object.values(charts)) {
          const vizType = chart.form_data?.viz_type ?? chart.viz_type;
          if (vizType) void loadChartPlugin(registry, vizType);
        }
      }),
    [store, registry],
  );
  // The charts' data requests leave as soon as their form data is known, before the layout renders.
  useEffect(() => startChartPrefetch({ store, registry, viewportHeight: window.innerHeight }), [store, registry]);
  useDashboardLogging(props.logger, store);
  useEffect(() => store.setOnDataMaskChange(props.uiConfig?.emitDataMasks === false ? undefined : props.onDataMaskChange), [store, props.onDataMaskChange, props.uiConfig?.emitDataMasks]);

  const handle = useMemo<DashboardHandle>(
    () => ({
      setDataMask: (mask) => store.setDataMask(mask),
      getDataMask: () => store.dataMask.value,
      // What is on screen, defaults included: the store holds only the tabs a viewer chose.
      getActiveTabs: () => shownTabs(store.layout.value, store.activeTabs.value),
      createPermalink: (anchor) => store.createPermalink(anchor),
      setFilter: (name, values) => {
        const filter = findFilterByName(store.filters.value, name);
        // A filterState without extraFormData: the store builds the mask for the filter's type.
        store.setDataMask({ [filter.id]: { filterState: { value: filterValueFor(filter, values) } } });
        return filter.id;
      },
      store,
    }),
    [store],
  );
  useImperativeHandle(props.ref, () => handle, [handle]);

  // Chart states out to the host (embedding's chart-state events).
  const onChartState = props.onChartStateChange;
  const states = store.chartStates.value;
  useEffect(() => {
    if (!onChartState) return;
    for (const [id, state] of Object.entries(states)) onChartState({ chartId: Number(id), state });
  }, [states, onChartState]);

  // The anchor opens the tabs above it, then scrolls it into view once rendered.
  const ready = store.status.value === 'ready';
  const onReadyRef = useRef(props.onReady);
  onReadyRef.current = props.onReady;
  useEffect(() => {
    if (ready) onReadyRef.current?.(handle);
  }, [ready, handle]);

  // native_filters_key: applied masks are stored and their key handed to the host that owns the address.
  const onKeyRef = useRef(props.onNativeFiltersKeyChange);
  onKeyRef.current = props.onNativeFiltersKeyChange;
  const storesFilterState = Boolean(props.onNativeFiltersKeyChange) && !store.isGuest;
  useEffect(() => {
    const dashboardId = store.info.peek()?.id;
    if (!ready || !storesFilterState || dashboardId === undefined) return;
    // Its code loads here (only such hosts need it); a mask applied meanwhile is pushed once it has.
    const initialMask = store.dataMask.peek();
    let stop: (() => void) | undefined;
    let live = true;
    void import('./filter-state-sync').then(({ createFilterStateSync }) => {
      if (!live) return;
      const sync = createFilterStateSync({ api: store.api, dashboardId, key: store.restoredFilterStateKey, initialMask, onKey: (key) => onKeyRef.current?.(key) });
      const stopPushing = effect(() => sync.push(store.dataMask.value));
      stop = () => {
        stopPushing();
        sync.dispose();
      };
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [ready, storesFilterState, store]);
  useEffect(() => {
    if (!ready || !props.anchor) return;
    const layout = store.layout.value;
    const target = layout[props.anchor];
    if (!target) return;
    for (const parentId of target.parents ?? []) {
      const parent = layout[parentId];
      if (parent?.type === 'TAB') {
        const tabsId = Object.values(layout).find((c) => c.children.includes(parentId))?.id;
        if (tabsId) store.setActiveTab(tabsId, parentId);
      }
    }
    if (target.type === 'TAB') {
      const tabsId = Object.values(layout).find((c) => c.children.includes(target.id))?.id;
      if (tabsId) store.setActiveTab(tabsId, target.id);
    }
  }, [ready, props.anchor, store]);

  // Edit mode's code (drag and drop, layout editing, the builder pane) loads when editing starts: viewers
  // (and embeds) never download it. Until it lands the layout stays as viewed, beside a loading pane.
  const editing = store.editMode.value;
  const editCode = useLazyModule(editModeCode, editing, () => {
    toasts.danger(EDITOR_LOAD_FAILED_MESSAGE);
    store.setEditMode(false);
  });
  const edit = editing ? editCode : null;

  const metadata = store.metadata.value;
  const labelMap = store.labelColorMap;
  const context = useMemo<DashboardContextValue>(
    () => ({
      store,
      registry,
      // Report mode (the report renderer, read-only viewers) shows charts only: no chart menus.
      uiConfig: props.displayMode === 'report' ? { ...props.uiConfig, hideChartControls: true } : (props.uiConfig ?? {}),
      origin: props.origin ?? '',
      share: props.share,
      edit,
      exploreUrl: props.exploreUrl ?? ((id) => `/explore/?slice_id=${id}`),
      colorScale: (formData: QueryFormData) =>
        createCategoricalColorScale({
          scheme: (metadata.color_scheme as string | undefined) ?? (formData.color_scheme as string | undefined),
          labelColors: { ...(formData.label_colors as Record<string, string> | undefined), ...metadata.label_colors },
          sharedLabelColors: metadata.shared_label_colors,
          source: 'dashboard',
          sharedMap: labelMap,
        }),
    }),
    [store, registry, props.uiConfig, props.displayMode, props.origin, props.exploreUrl, props.share, edit, metadata, labelMap],
  );

  if (store.status.value === 'error') {
    return (
      <div className="bi-dash bi-dash--error">
        <style>{DASHBOARD_CSS}</style>
        <LazyErrorPanel error={describe(store.error.value)} title="Failed to load dashboard" />
      </div>
    );
  }
  if (!ready) {
    return (
      <div className="bi-dash" aria-busy="true">
        <style>{DASHBOARD_CSS}</style>
        <Spinner label="Loading dashboard" />
      </div>
    );
  }
  const ui = props.uiConfig ?? {};
  const orientation = metadata.filter_bar_orientation === 'HORIZONTAL' ? 'HORIZONTAL' : 'VERTICAL';
  const showFilters = ui.filtersVisible !== false && props.displayMode !== 'report';
  const root = store.layout.value[DASHBOARD_ROOT_ID];
  return (
    <DashboardContext.Provider value={context}>
      <div className={`bi-dash${edit ? ' bi-dash--editing' : ''}`} data-dashboard-id={store.info.value?.id} data-unsaved={store.hasUnsavedChanges.value || undefined}>
        <style>{DASHBOARD_CSS + DASHBOARD_REFLOW_CSS}</style>
        {edit && <style>{edit.DASHBOARD_EDIT_CSS}</style>}
        {store.info.value?.css ? (
          <Suspense fallback={null}>
            <DashboardCss css={store.info.value.css} />
          </Suspense>
        ) : null}
        {!(ui.hideTitle || hidesTitle(props.displayMode)) || editing ? <DashboardHeader hideTitle={false} /> : null}
        <div className={`bi-dash-body${orientation === 'HORIZONTAL' ? ' bi-dash-body--horizontal' : ''}`}>
          {showFilters && !editing && <FilterBar orientation={orientation} />}
          <main className="bi-dash-main">{root?.children.map((id) => <LayoutNode key={id} id={id} />)}</main>
          {editing && (edit ? <edit.BuilderPane /> : <EditorLoading />)}
        </div>
        {!props.toasts && <Toasts store={toasts} />}
      </div>
    </DashboardContext.Provider>
  );
}

/** The builder pane's place while edit mode's code loads. */
function EditorLoading() {
  return (
    <aside className="bi-dash-builder" aria-label="Dashboard components">
      <LoadingLines label="Loading the dashboard editor" lines={4} />
    </aside>
  );
}

function describe(error: unknown): Error | string {
  return error instanceof Error ? error : String(error ?? 'An error occurred');
}
