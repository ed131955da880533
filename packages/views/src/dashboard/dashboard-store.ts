/**
 * The dashboard view's store (one store module per view, DESIGN "Front end"): the dashboard and its charts,
 * the layout with undo history, data masks (applied and the filter bar's draft), chart lifecycles,
 * refresh and edit state. Signals, created per view from an injected API client: no globals, so the same
 * store runs in the app, a custom element's shadow root and the iframe page.
 */
import { batch, computed, effect, signal } from '@preact/signals-react';
import { createLabelsColorMap, type LabelsColorMap } from '@lumen-bi/charts';
import {
  applyDataMasks,
  canRedo,
  createChartDataPrefetcher,
  canUndo,
  createUndoHistory,
  DEFAULT_STAGGER_TIME_MS,
  getClientErrorMessage,
  hydrateLayout,
  LABEL_COLOR_SYNC_DEBOUNCE_MS,
  nativeFilterScopes,
  pushHistory,
  redo as redoHistory,
  toLayout,
  undo as undoHistory,
  undoClearsUnsaved,
  type ApiClient,
  type DashboardLayout,
  type DataMask,
  type DataMaskStateWithId,
  type NativeFilterConfig,
  type QueryFormData,
  type UndoHistory,
} from '@lumen-bi/core';
import type { ToastStore } from '../components/toast-store';
import type { CurrentUser } from '../session/current-user';
import * as apiCalls from './dashboard-api';
import { dashboardPermissions, type DashboardPermissions } from './dashboard-permissions';
/** The save payload and its messages (dashboard-save.ts), loaded on the first save: viewers never save. */
const loadSave = () => import('./dashboard-save');

/** The toast text of a failed save; the bare error message if dashboard-save.ts itself fails to load. */
async function saveFailedText(failure: unknown): Promise<string> {
  const message = getClientErrorMessage(failure);
  return loadSave().then(({ saveFailedMessage }) => saveFailedMessage(message), () => message);
}
import type { ChartRuntimeState, DashboardChart, DashboardInfo, DashboardMetadata } from './dashboard-types';
import { crossFilterChartScopes, datasourceKey, isCrossFilterKey } from './cross-filter-scopes';
import { filterValueToDataMask, initialDataMasks, isNativeFilter, masksDiffer, missingRequiredFilters, selectsFirstItem } from './filter-data-masks';

export const PUBLISHED_MESSAGE = 'This dashboard is now published';
export const HIDDEN_MESSAGE = 'This dashboard is now hidden';
export const FAVORITE_FETCH_ERROR = 'There was an issue fetching the favorite status of this dashboard.';
export const FAVORITE_SAVE_ERROR = 'There was an issue favoriting this dashboard.';
export const LINK_COPIED_MESSAGE = 'Link Copied!';
export const NO_PUBLISH_PERMISSION = 'You do not have permissions to edit this dashboard.';

export interface DashboardStoreOptions {
  api: ApiClient;
  idOrSlug: string | number;
  toasts?: ToastStore;
  initialDataMask?: DataMaskStateWithId;
  initialActiveTabs?: string[];
  /**
   * A `native_filters_key` from the address: its stored mask is restored on load. Ignored when
   * initialDataMask is given (a permalink wins); an unknown or expired key falls back to the defaults.
   */
  filterStateKey?: string;
  /** The dashboard page's edit flag: edit mode starts on only when the user may edit (spec 2 §4). */
  editFlag?: boolean;
  featureFlags?: Readonly<Record<string, boolean>>;
  onDataMaskChange?(mask: DataMaskStateWithId): void;
  onError?(error: unknown): void;
  /**
   * A guest-token viewer (embedding): session-only calls (favourites) are skipped. Default: whether the
   * API client authenticates with a guest token.
   */
  guest?: boolean;
}

/** Refresh request of one chart: a counter the chart container watches, and whether to bypass caches. */
export interface RefreshRequest {
  key: number;
  force: boolean;
}

export type DashboardStore = ReturnType<typeof createDashboardStore>;

function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return (JSON.parse(text) as T) ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * Creates the store. Call `load()` once; `dispose()` stops timers.
 *
 * @example
 * const store = createDashboardStore({ api, idOrSlug: 'sales', onDataMaskChange: (m) => host.emit(m) });
 * await store.load();
 * store.setDataMask({ 'NATIVE_FILTER-1': { filterState: { value: ['FR'] } } });
 */
export function createDashboardStore(options: DashboardStoreOptions) {
  const { api, toasts } = options;
  const flags = options.featureFlags ?? {};
  const status = signal<'loading' | 'ready' | 'error'>('loading');
  const error = signal<unknown>(null);
  const info = signal<DashboardInfo | null>(null);
  const metadata = signal<DashboardMetadata>({});
  const charts = signal<Record<number, DashboardChart>>({});
  const user = signal<CurrentUser | null>(null);
  const history = signal<UndoHistory<DashboardLayout>>(createUndoHistory({}));
  const layout = computed(() => history.value.present);
  const editMode = signal(false);
  const hasUnsavedChanges = signal(false);
  const isSaving = signal(false);
  const isStarred = signal(false);
  const isPublished = signal(false);
  const activeTabs = signal<string[]>(options.initialActiveTabs ?? []);
  const fullSizeChartId = signal<number | null>(null);
  const dataMask = signal<DataMaskStateWithId>({});
  const draftDataMask = signal<DataMaskStateWithId>({});
  /** Filters waiting for their first option before charts may query (requiredFirst). */
  const pendingFirst = signal<string[]>([]);
  const chartStates = signal<Record<number, ChartRuntimeState>>({});
  const refreshRequests = signal<Record<number, RefreshRequest>>({});
  const colorSchemeChanged = signal(false);
  // One label -> colour map per dashboard so a label keeps one colour across its charts (spec 1 §4).
  let labelColorMap: LabelsColorMap = createLabelsColorMap();
  const labelColorMapVersion = signal(0);

  const filters = computed<NativeFilterConfig[]>(() => metadata.value.native_filter_configuration ?? []);
  const nativeFilters = computed(() => filters.value.filter(isNativeFilter));
  const permissions = computed<DashboardPermissions>(() => dashboardPermissions(user.value, info.value?.owners ?? [], flags));
  const crossFilterScopes = computed<Record<string, number[]>>(() =>
    metadata.value.cross_filters_enabled ? crossFilterChartScopes(metadata.value, layout.value, Object.keys(charts.value).map(Number), (id) => datasourceKey(charts.value[id]?.form_data?.datasource)) : {},
  );
  const filterScopes = computed(() => ({ ...crossFilterScopes.value, ...nativeFilterScopes(layout.value, filters.value) }));
  const missingRequired = computed(() => missingRequiredFilters(filters.value, draftDataMask.value));
  const hasDraftChanges = computed(() => masksDiffer(draftDataMask.value, dataMask.value));
  const chartsBlocked = computed(() => pendingFirst.value.length > 0);

  /** Chart-data requests started ahead of their charts (chart-prefetch.ts), handed over when the charts ask. */
  const chartData = createChartDataPrefetcher();

  const formDataCache = new Map<number, { key: string; formData: QueryFormData }>();
  /**
   * A chart's form data with the data masks in its scope merged in and the dashboard's colours: this is
   * what the chart container queries. Memoised on the inputs so unrelated mask changes do not refetch.
   */
  function chartFormData(chartId: number): QueryFormData | null {
    const chart = charts.value[chartId];
    if (!chart) return null;
    const meta = metadata.value;
    const base: QueryFormData = {
      ...chart.form_data,
      dashboardId: info.value?.id,
      ...(meta.color_scheme ? { color_scheme: meta.color_scheme } : {}),
      label_colors: { ...(chart.form_data.label_colors as Record<string, string> | undefined), ...meta.label_colors },
    };
    const merged = applyDataMasks(base, dataMask.value, chartId, filterScopes.value);
    const key = JSON.stringify(merged);
    const cached = formDataCache.get(chartId);
    if (cached && cached.key === key) return cached.formData;
    formDataCache.set(chartId, { key, formData: merged });
    return merged;
  }

  const guest = options.guest ?? api.auth.kind === 'guest';
  // The address's native_filters_key could not be read: the next change is stored under a new key.
  let restoredKeyFailed = false;
  let onMaskChange = options.onDataMaskChange;
  // Hosts hear about the mask once when the dashboard is ready (its default masks), then only on changes.
  let lastNotifiedMask: string | null = null;
  const notifyMask = (mask: DataMaskStateWithId) => {
    const key = JSON.stringify(mask);
    if (key === lastNotifiedMask) return;
    lastNotifiedMask = key;
    onMaskChange?.(mask);
  };
  const stopMaskEffect = effect(() => {
    const mask = dataMask.value;
    if (status.peek() === 'ready') notifyMask(mask);
  });

  async function load(): Promise<void> {
    status.value = 'loading';
    try {
      const [dashboard, chartList, me, storedMask] = await Promise.all([
        apiCalls.fetchDashboard(api, options.idOrSlug),
        apiCalls.fetchDashboardCharts(api, options.idOrSlug),
        apiCalls.fetchCurrentUser(api),
        restoreFilterState(),
      ]);
      const meta = parseJson<DashboardMetadata>(dashboard.json_metadata, {});
      const hydrated = hydrateLayout(toLayout(parseJson(dashboard.position_json, {})), chartList.map((c) => ({ id: c.id, sliceName: c.slice_name })));
      const masks = initialDataMasks(meta.native_filter_configuration ?? [], options.initialDataMask ?? storedMask);
      labelColorMap = createLabelsColorMap(meta.map_label_colors ?? {});
      batch(() => {
        info.value = dashboard;
        metadata.value = meta;
        charts.value = Object.fromEntries(chartList.map((c) => [c.id, c]));
        user.value = me;
        history.value = createUndoHistory(hydrated);
        isPublished.value = dashboard.published;
        dataMask.value = masks;
        draftDataMask.value = masks;
        pendingFirst.value = (meta.native_filter_configuration ?? []).filter((f) => isNativeFilter(f) && selectsFirstItem(f) && masks[f.id]?.filterState?.value == null).map((f) => f.id);
        editMode.value = Boolean(options.editFlag) && permissions.value.canEdit;
        status.value = 'ready';
      });
      notifyMask(dataMask.value);
      if (me && !guest) void loadFavorite(dashboard.id);
      startAutoRefresh();
    } catch (failure) {
      batch(() => {
        error.value = failure;
        status.value = 'error';
      });
      options.onError?.(failure);
    }
  }

  /** The mask under the address's native_filters_key; undefined (defaults) when absent, unknown or expired. */
  async function restoreFilterState(): Promise<DataMaskStateWithId | undefined> {
    if (!options.filterStateKey || options.initialDataMask) return undefined;
    try {
      return await apiCalls.fetchFilterState(api, options.idOrSlug, options.filterStateKey);
    } catch {
      restoredKeyFailed = true;
      return undefined;
    }
  }

  async function loadFavorite(id: number) {
    try {
      isStarred.value = await apiCalls.fetchFavoriteStatus(api, id);
    } catch {
      toasts?.danger(FAVORITE_FETCH_ERROR);
    }
  }

  // ---- data masks -------------------------------------------------------------------------------------

  /** Sets masks from a host or permalink and applies them at once (the embedding setDataMask). */
  function setDataMask(masks: DataMaskStateWithId) {
    const next = { ...dataMask.value };
    for (const [id, mask] of Object.entries(masks)) {
      const filter = nativeFilters.value.find((f) => f.id === id);
      next[id] = filter && mask.filterState && !mask.extraFormData ? filterValueToDataMask(filter, mask.filterState.value) : { ...mask, id };
    }
    batch(() => {
      dataMask.value = next;
      draftDataMask.value = { ...draftDataMask.value, ...next };
      pendingFirst.value = pendingFirst.value.filter((id) => !(id in masks));
    });
  }

  /** The filter bar's selection, not yet applied. */
  function updateDraft(filterId: string, value: unknown) {
    const filter = nativeFilters.value.find((f) => f.id === filterId);
    if (!filter) return;
    draftDataMask.value = { ...draftDataMask.value, [filterId]: filterValueToDataMask(filter, value) };
  }

  /** A requiredFirst filter got its options: its first one is selected and applied without a click. */
  function resolveFirstItem(filterId: string, firstValue: unknown) {
    const filter = nativeFilters.value.find((f) => f.id === filterId);
    if (!filter || !pendingFirst.value.includes(filterId)) return;
    batch(() => {
      if (firstValue !== undefined && firstValue !== null) {
        const multi = filter.controlValues?.multiSelect !== false && filter.filterType === 'filter_select';
        const mask = filterValueToDataMask(filter, multi ? [firstValue] : firstValue);
        dataMask.value = { ...dataMask.value, [filterId]: mask };
        draftDataMask.value = { ...draftDataMask.value, [filterId]: mask };
      }
      pendingFirst.value = pendingFirst.value.filter((id) => id !== filterId);
    });
  }

  function applyFilters(): boolean {
    if (missingRequired.value.length > 0) return false;
    dataMask.value = { ...dataMask.value, ...draftDataMask.value };
    return true;
  }

  /** Clear all: every native filter back to empty, applied at once (cross filters cleared too). */
  function clearAllFilters() {
    const cleared: DataMaskStateWithId = {};
    for (const f of nativeFilters.value) cleared[f.id] = filterValueToDataMask(f, null);
    batch(() => {
      draftDataMask.value = cleared;
      dataMask.value = cleared;
    });
  }

  /**
   * A chart's cross filter (cross_filters_enabled): keyed by the emitting chart id; null (or an empty
   * selection) clears it. The charts in its scope re-query because their form data changes; the emitter's
   * own query is untouched (applyDataMasks skips a chart's own mask), it only highlights the selection.
   */
  function setCrossFilter(chartId: number, mask: DataMask | null) {
    if (!metadata.value.cross_filters_enabled) return;
    const key = String(chartId);
    const values = mask?.filterState?.value;
    const empty = !mask || (Array.isArray(values) && values.length === 0 && !mask.extraFormData?.filters?.length);
    if (empty && !(key in dataMask.value)) return;
    const next = { ...dataMask.value };
    if (!empty) next[key] = { ...mask, id: key };
    else delete next[key];
    dataMask.value = next;
  }

  /** Clears every chart's cross filter (the filter bar's Cross-filters section). */
  function clearCrossFilters() {
    const next = Object.fromEntries(Object.entries(dataMask.value).filter(([key]) => !isCrossFilterKey(key)));
    if (Object.keys(next).length !== Object.keys(dataMask.value).length) dataMask.value = next;
  }

  /** Active cross filters: emitting chart id, its name, the column and the label of the values. */
  const crossFilters = computed(() =>
    Object.entries(dataMask.value)
      .filter(([key, mask]) => isCrossFilterKey(key) && mask.extraFormData?.filters?.length)
      .map(([key, mask]) => {
        const chartId = Number(key);
        // A heatmap cell filters on two columns at once: name them all.
        const column = mask.extraFormData!.filters!.map((f) => String(f.col)).join(', ');
        return { chartId, chartName: charts.value[chartId]?.slice_name ?? `Chart ${chartId}`, column, label: String(mask.filterState?.label ?? '') };
      }),
  );

  // ---- chart lifecycle and refresh -------------------------------------------------------------------

  function reportChartState(chartId: number, state: ChartRuntimeState) {
    chartStates.value = { ...chartStates.value, [chartId]: state };
    if (state.status === 'rendered') scheduleColorSync();
  }

  function refreshChart(chartId: number, force = true) {
    const prev = refreshRequests.value[chartId];
    refreshRequests.value = { ...refreshRequests.value, [chartId]: { key: (prev?.key ?? 0) + 1, force } };
  }

  const timers = new Set<ReturnType<typeof setTimeout>>();
  /**
   * Refreshes charts; with stagger_refresh the requests are spread over stagger_time (minimum and default
   * 5000 ms) divided by the chart count, so a big dashboard does not hit the database all at once.
   */
  function refreshAll(force = true, ids: number[] = Object.keys(charts.value).map(Number)) {
    const meta = metadata.value;
    if (!meta.stagger_refresh || ids.length < 2) {
      const next = { ...refreshRequests.value };
      for (const id of ids) next[id] = { key: (next[id]?.key ?? 0) + 1, force };
      refreshRequests.value = next;
      return;
    }
    const spread = Math.max(DEFAULT_STAGGER_TIME_MS, Number(meta.stagger_time) || DEFAULT_STAGGER_TIME_MS);
    const step = spread / ids.length;
    ids.forEach((id, i) => {
      const t = setTimeout(() => {
        timers.delete(t);
        refreshChart(id, force);
      }, i * step);
      timers.add(t);
    });
  }

  let autoRefresh: ReturnType<typeof setInterval> | undefined;
  /** Auto refresh every refresh_frequency seconds (0 = off), skipping timed_refresh_immune_slices. */
  function startAutoRefresh(seconds = Number(metadata.value.refresh_frequency) || 0) {
    if (autoRefresh) clearInterval(autoRefresh);
    autoRefresh = undefined;
    if (seconds <= 0) return;
    autoRefresh = setInterval(() => {
      const immune = new Set(metadata.value.timed_refresh_immune_slices ?? []);
      refreshAll(true, Object.keys(charts.value).map(Number).filter((id) => !immune.has(id)));
    }, seconds * 1000);
  }

  // ---- layout editing --------------------------------------------------------------------------------

  function setEditMode(on: boolean) {
    if (on && !permissions.value.canEdit) return;
    editMode.value = on;
  }

  function updateLayout(next: DashboardLayout) {
    batch(() => {
      history.value = pushHistory(history.value, next);
      hasUnsavedChanges.value = true;
    });
  }

  function undo() {
    batch(() => {
      history.value = undoHistory(history.value);
      if (undoClearsUnsaved(history.value, colorSchemeChanged.value)) hasUnsavedChanges.value = false;
    });
  }

  function redo() {
    batch(() => {
      history.value = redoHistory(history.value);
      hasUnsavedChanges.value = true;
    });
  }

  /** Discard: back to the layout as loaded, out of edit mode. */
  function discard() {
    let h = history.value;
    while (canUndo(h)) h = undoHistory(h);
    batch(() => {
      history.value = createUndoHistory(h.present);
      hasUnsavedChanges.value = false;
      editMode.value = false;
    });
  }

  /** Adds a chart (from the builder pane) to the store so it can render before the save. */
  function addChart(chart: DashboardChart) {
    charts.value = { ...charts.value, [chart.id]: chart };
  }

  /** A chart dropped from the builder pane: its form data is fetched so it renders before the save. */
  async function ensureChart(id: number): Promise<void> {
    if (charts.value[id]) return;
    try {
      addChart(await apiCalls.fetchChart(api, id));
    } catch (failure) {
      toasts?.danger(getClientErrorMessage(failure));
    }
  }

  async function save(): Promise<boolean> {
    const dashboard = info.value;
    if (!dashboard) return false;
    isSaving.value = true;
    try {
      const { layoutSavePayload, SAVE_SUCCESS_MESSAGE } = await loadSave();
      const meta = { ...metadata.value, map_label_colors: Object.fromEntries(labelColorMap.entries()) };
      await apiCalls.putDashboard(api, dashboard.id, layoutSavePayload(layout.value, meta));
      batch(() => {
        metadata.value = meta;
        history.value = createUndoHistory(layout.value);
        hasUnsavedChanges.value = false;
        editMode.value = false;
        colorSchemeChanged.value = false;
        isSaving.value = false;
      });
      toasts?.success(SAVE_SUCCESS_MESSAGE);
      return true;
    } catch (failure) {
      isSaving.value = false;
      toasts?.danger(await saveFailedText(failure));
      return false;
    }
  }

  /** Applies a properties save's answer locally (title, slug, css, metadata, owners...). */
  function applySavedProperties(patch: Partial<DashboardInfo>, meta?: DashboardMetadata) {
    batch(() => {
      if (info.value) info.value = { ...info.value, ...patch };
      if (meta) metadata.value = meta;
    });
  }

  // ---- header toggles --------------------------------------------------------------------------------

  async function toggleFavorite() {
    const dashboard = info.value;
    if (!dashboard) return;
    const next = !isStarred.value;
    isStarred.value = next;
    try {
      await apiCalls.setFavorite(api, dashboard.id, next);
    } catch {
      isStarred.value = !next;
      toasts?.danger(FAVORITE_SAVE_ERROR);
    }
  }

  async function togglePublished() {
    const dashboard = info.value;
    if (!dashboard) return;
    if (!permissions.value.canEdit) {
      toasts?.danger(NO_PUBLISH_PERMISSION);
      return;
    }
    const next = !isPublished.value;
    try {
      await apiCalls.putDashboard(api, dashboard.id, { published: next });
      isPublished.value = next;
      toasts?.success(next ? PUBLISHED_MESSAGE : HIDDEN_MESSAGE);
    } catch (failure) {
      toasts?.danger(await saveFailedText(failure));
    }
  }

  /** A permalink of the current filters and tabs (url as the server returns it). */
  async function createPermalink(anchor?: string): Promise<string> {
    const dashboard = info.value!;
    return apiCalls.createDashboardPermalink(api, dashboard.id, { dataMask: dataMask.value, activeTabs: activeTabs.value, urlParams: [], ...(anchor ? { anchor } : {}) });
  }

  function setActiveTab(tabsId: string, tabId: string) {
    const siblings = layout.value[tabsId]?.children ?? [];
    activeTabs.value = [...activeTabs.value.filter((t) => !siblings.includes(t)), tabId];
  }

  // ---- label colours ---------------------------------------------------------------------------------

  let colorTimer: ReturnType<typeof setTimeout> | undefined;
  let lastSyncedColors = '';
  /** Debounced (500 ms) PUT /colors so the shared map persists; only editors may write it. */
  function scheduleColorSync() {
    if (!permissions.value.canEdit || !info.value) return;
    if (colorTimer) clearTimeout(colorTimer);
    colorTimer = setTimeout(() => {
      colorTimer = undefined;
      const map = Object.fromEntries(labelColorMap.entries());
      const text = JSON.stringify(map);
      const stored = JSON.stringify(metadata.value.map_label_colors ?? {});
      if (text === lastSyncedColors || text === stored) return;
      lastSyncedColors = text;
      const meta = metadata.value;
      void apiCalls
        .putColors(api, info.value!.id, {
          color_namespace: meta.color_namespace,
          color_scheme: meta.color_scheme,
          color_scheme_domain: meta.color_scheme_domain ?? [],
          shared_label_colors: meta.shared_label_colors ?? [],
          map_label_colors: map,
          label_colors: meta.label_colors ?? {},
        })
        .catch(() => undefined);
    }, LABEL_COLOR_SYNC_DEBOUNCE_MS);
  }

  function dispose() {
    stopMaskEffect();
    chartData.clear();
    if (autoRefresh) clearInterval(autoRefresh);
    if (colorTimer) clearTimeout(colorTimer);
    for (const t of timers) clearTimeout(t);
    timers.clear();
  }

  return {
    api,
    toasts,
    flags,
    status,
    error,
    info,
    metadata,
    charts,
    user,
    history,
    layout,
    editMode,
    hasUnsavedChanges,
    isSaving,
    isStarred,
    isPublished,
    activeTabs,
    fullSizeChartId,
    dataMask,
    draftDataMask,
    pendingFirst,
    chartStates,
    refreshRequests,
    filters,
    nativeFilters,
    permissions,
    filterScopes,
    missingRequired,
    hasDraftChanges,
    chartsBlocked,
    labelColorMapVersion,
    canUndo: computed(() => canUndo(history.value)),
    canRedo: computed(() => canRedo(history.value)),
    /** A guest-token viewer: no favourites. */
    isGuest: guest,
    /** The native_filters_key whose mask this dashboard opened with (none if it was unreadable or a permalink won). */
    get restoredFilterStateKey(): string | undefined {
      return options.filterStateKey && !options.initialDataMask && !restoredKeyFailed ? options.filterStateKey : undefined;
    },
    get labelColorMap() {
      return labelColorMap;
    },
    setOnDataMaskChange(fn: ((mask: DataMaskStateWithId) => void) | undefined) {
      onMaskChange = fn;
    },
    load,
    chartFormData,
    chartData,
    setDataMask,
    updateDraft,
    resolveFirstItem,
    applyFilters,
    clearAllFilters,
    setCrossFilter,
    clearCrossFilters,
    crossFilters,
    reportChartState,
    refreshChart,
    refreshAll,
    startAutoRefresh,
    setEditMode,
    updateLayout,
    undo,
    redo,
    discard,
    addChart,
    ensureChart,
    save,
    applySavedProperties,
    toggleFavorite,
    togglePublished,
    createPermalink,
    setActiveTab,
    scheduleColorSync,
    dispose,
  };
}
