/**
 * The Explore store (one module per view): dataset metadata, form data, chart lifecycle (spec 1 §4),
 * query response, control validation, the save modal and the address. Signals, created per view with
 * an API client and a chart registry, never a module singleton.
 */
import { batch, computed, signal } from '@preact/signals-react';
import type { ChartPlugin, ChartRegistry } from '@lumen-bi/charts';
import { ClientError, DEFAULT_VIZ_TYPE, fetchChartData, savedChartFormData, type ApiClient, type ChartDataResponseResult, type QueryFormData } from '@lumen-bi/core';
import type { ToastStore } from '../components/toast-store';
import type { CurrentUser } from '../session/current-user';
import { loadChartData } from '../chart/load-chart-data';
import { chartNotFoundFor } from './chart-not-found';
import { emptyQueryControls, panelControls, withTimeColumn, parseParams, prepareFormData, switchVizType, validateFormData } from './explore-form-data';
import type { ChartStatus, DatasourceMetadata, ExploreLoadStatus, SavedChart } from './explore-types';
import { exploreUrl, type ExploreEntry } from './explore-url';
import { hasPermission, isChartOwner } from './permissions';
import { SAVE_FAILED_MESSAGE, saveChart, type SaveChartRequest } from './save-chart';

export interface ExploreStoreOptions {
  client: ApiClient;
  registry: ChartRegistry;
  toasts?: ToastStore;
  /** Keep unsaved form data server-side (POST /api/v1/explore/form_data) and put its key in the address. */
  persistFormData?: boolean;
}

/** The chart being edited, when it was saved before. */
export interface SliceInfo {
  id: number;
  slice_name: string;
  owners: { id: number }[];
  dashboards: number[];
}

export type ExploreStore = ReturnType<typeof createExploreStore>;

/** Entries holding a chart as saved or as Explore left it: no query default is added to them. */
const SAVED_ENTRIES = new Set<ExploreEntry['kind']>(['slice', 'form-data-key', 'permalink']);

const errorOf = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/**
 * Creates the store of one Explore view.
 *
 * @example
 * const store = createExploreStore({ client, registry });
 * await store.load({ kind: 'datasource', datasource: '1__table', vizType: 'table' });
 * store.setControl('metrics', ['count']);
 * await store.runQuery();
 */
export function createExploreStore({ client, registry, toasts, persistFormData = true }: ExploreStoreOptions) {
  const loadStatus = signal<ExploreLoadStatus>('idle');
  const loadError = signal<Error | null>(null);
  const datasource = signal<DatasourceMetadata | null>(null);
  const formData = signal<QueryFormData>({ datasource: '', viz_type: DEFAULT_VIZ_TYPE });
  const slice = signal<SliceInfo | null>(null);
  const user = signal<CurrentUser | null>(null);
  const chartStatus = signal<ChartStatus>('idle');
  const chartError = signal<Error | null>(null);
  const queriesResponse = signal<ChartDataResponseResult[] | null>(null);
  /** The form data the current chart was queried with; render-only changes update it without a query. */
  const chartFormData = signal<QueryFormData | null>(null);
  const formDataKey = signal<string | null>(null);
  const url = signal<string | null>(null);
  const saveModal = signal<{ open: boolean; alert: string | null; saving: boolean }>({ open: false, alert: null, saving: false });
  let controller: AbortController | null = null;

  const plugin = computed<ChartPlugin | null>(() => (registry.has(formData.value.viz_type) ? registry.get(formData.value.viz_type) : null));
  const vizError = computed(() => (plugin.value ? null : `Unknown viz type: ${formData.value.viz_type}`));
  const validationErrors = computed<Record<string, string[]>>(() => (plugin.value ? validateFormData(plugin.value, formData.value) : {}));
  /**
   * What the user must add before the chart can be previewed: [] when controls are invalid (they show
   * their own messages), the labels of the query's controls when it would select nothing; null when ready.
   */
  const missingControls = computed<string[] | null>(() => {
    if (!plugin.value || !datasource.value) return null;
    if (Object.keys(validationErrors.value).length > 0) return [];
    return emptyQueryControls(plugin.value, formData.value);
  });
  const canRun = computed(() => Boolean(plugin.value && datasource.value && missingControls.value === null));
  const canSave = computed(() => hasPermission(user.value, 'can_write', 'Chart'));
  const canCsv = computed(() => hasPermission(user.value, 'can_csv', 'Superset'));
  const canOverwrite = computed(() => Boolean(slice.value && isChartOwner(user.value, slice.value.owners)));

  async function loadUser(): Promise<void> {
    try {
      const { json } = await client.get<{ result: CurrentUser }>('/api/v1/me/');
      user.value = json.result;
    } catch {
      // Anonymous or guest viewers simply get no save or download actions.
      user.value = null;
    }
  }

  async function loadSlice(sliceId: number): Promise<{ formData: Record<string, unknown>; chart: SavedChart }> {
    const { json } = await client.get<{ result: SavedChart }>(`/api/v1/chart/${sliceId}`).catch(chartNotFoundFor(sliceId));
    const chart = json.result;
    slice.value = { id: chart.id, slice_name: chart.slice_name, owners: chart.owners ?? [], dashboards: (chart.dashboards ?? []).map((d) => d.id) };
    // The one form data of a saved chart that dashboards, <bi-chart> and embeds read too.
    return { chart, formData: savedChartFormData(chart) };
  }

  /** Resolves the entry to raw form data (before plugin defaults). */
  async function resolveEntry(entry: ExploreEntry): Promise<Record<string, unknown>> {
    switch (entry.kind) {
      case 'invalid':
        throw new Error(entry.message);
      case 'slice':
        return (await loadSlice(entry.sliceId)).formData;
      case 'form-data-key': {
        const { json } = await client.get<{ form_data: string }>(`/api/v1/explore/form_data/${encodeURIComponent(entry.key)}`);
        formDataKey.value = entry.key;
        const saved = entry.sliceId ? (await loadSlice(entry.sliceId)).formData : {};
        return { ...saved, ...parseParams(json.form_data) };
      }
      case 'permalink': {
        const { json } = await client.get<{ state: { formData: Record<string, unknown> } }>(`/api/v1/explore/permalink/${encodeURIComponent(entry.key)}`);
        const fd = json.state?.formData ?? {};
        if (typeof fd.slice_id === 'number') await loadSlice(fd.slice_id).catch(() => undefined);
        return fd;
      }
      case 'form-data':
        return entry.formData;
      case 'datasource':
        return { datasource: entry.datasource, viz_type: entry.vizType || DEFAULT_VIZ_TYPE };
      case 'new':
        return { datasource: '', viz_type: entry.vizType || DEFAULT_VIZ_TYPE };
    }
  }

  async function loadDatasource(key: string): Promise<DatasourceMetadata> {
    const { json } = await client.get<DatasourceMetadata>('/superset/fetch_datasource_metadata', { query: { datasourceKey: key } });
    return json;
  }

  /** Opens Explore for an entry; runs the chart at once when its form data is valid. */
  async function load(entry: ExploreEntry): Promise<void> {
    loadStatus.value = 'loading';
    loadError.value = null;
    const userLoaded = loadUser();
    try {
      const raw = await resolveEntry(entry);
      const fd = { ...raw, viz_type: typeof raw.viz_type === 'string' && raw.viz_type ? raw.viz_type : DEFAULT_VIZ_TYPE } as QueryFormData;
      await userLoaded;
      if (!fd.datasource) {
        batch(() => {
          formData.value = fd;
          loadStatus.value = 'needs-datasource';
        });
        return;
      }
      const ds = await loadDatasource(String(fd.datasource));
      batch(() => {
        datasource.value = ds;
        const p = registry.has(fd.viz_type) ? registry.get(fd.viz_type) : null;
        formData.value = p ? prepareFormData(p, fd, ds, { saved: SAVED_ENTRIES.has(entry.kind) }) : fd;
        loadStatus.value = 'ready';
        url.value = exploreUrl({ sliceId: slice.value?.id, formDataKey: formDataKey.value });
      });
    } catch (error) {
      batch(() => {
        loadError.value = errorOf(error);
        loadStatus.value = 'error';
      });
      return;
    }
    if (canRun.value) await runQuery();
  }

  /** Picks a dataset when Explore was opened without one. */
  async function chooseDatasource(key: string): Promise<void> {
    await load({ kind: 'form-data', formData: { ...formData.value, datasource: key } });
  }

  function setControl(name: string, value: unknown): void {
    const next = withTimeColumn(plugin.value, { ...formData.value, [name]: value }, datasource.value);
    formData.value = next;
    const config = plugin.value ? panelControls(plugin.value).find((c) => c.name === name)?.config : undefined;
    // Render-only controls (colours, formats) redraw the current result without a new query.
    if (config?.renderTrigger && chartFormData.value && queriesResponse.value) chartFormData.value = { ...chartFormData.value, [name]: value };
  }

  function setVizType(vizType: string): void {
    if (!registry.has(vizType)) {
      formData.value = { ...formData.value, viz_type: vizType };
      return;
    }
    formData.value = switchVizType(registry.get(vizType), formData.value, datasource.value);
  }

  /** Runs the chart query: aborts the one in flight, then started -> succeeded | failed | stopped. */
  async function runQuery(force = false): Promise<void> {
    const p = plugin.value;
    if (!p || !canRun.value) return;
    controller?.abort();
    const own = new AbortController();
    controller = own;
    const fd = formData.value;
    batch(() => {
      chartStatus.value = 'loading';
      chartError.value = null;
    });
    try {
      const queryContext = p.buildQuery(fd);
      if (force) queryContext.force = true;
      // Columnar: the chart reads column arrays as sent; the data pane's table still reads records.
      const result = await loadChartData(p, client, { formData: fd, queryContext, signal: own.signal, force, layout: 'columns' }, fetchChartData);
      if (controller !== own) return;
      batch(() => {
        queriesResponse.value = result;
        chartFormData.value = fd;
        chartStatus.value = 'success';
      });
    } catch (error) {
      // A newer run replaced this one: it owns the status now.
      if (controller !== own) return;
      if (error instanceof ClientError && error.kind === 'abort') {
        chartStatus.value = 'stopped';
        return;
      }
      batch(() => {
        chartError.value = errorOf(error);
        queriesResponse.value = null;
        chartStatus.value = 'failed';
      });
      return;
    } finally {
      if (controller === own) controller = null;
    }
    if (persistFormData) void persistState(fd);
  }

  function stopQuery(): void {
    controller?.abort();
  }

  function chartRendered(): void {
    if (chartStatus.value === 'success') chartStatus.value = 'rendered';
  }

  function chartRenderFailed(error: unknown): void {
    batch(() => {
      chartError.value = errorOf(error);
      chartStatus.value = 'failed';
    });
  }

  /** Keeps the form data server-side and its key in the address, so reload and back restore the state. */
  async function persistState(fd: QueryFormData): Promise<void> {
    const [id, type] = String(fd.datasource).split('__');
    const body = { datasource_id: Number(id), datasource_type: type, chart_id: slice.value?.id, form_data: JSON.stringify(fd) };
    try {
      if (formDataKey.value) await client.put(`/api/v1/explore/form_data/${encodeURIComponent(formDataKey.value)}`, body);
      else formDataKey.value = (await client.post<{ key: string }>('/api/v1/explore/form_data', body)).json.key;
      url.value = exploreUrl({ sliceId: slice.value?.id, formDataKey: formDataKey.value });
    } catch {
      // The address is a convenience: a failed write leaves the previous one and the chart untouched.
    }
  }

  function openSaveModal(): void {
    saveModal.value = { open: true, alert: null, saving: false };
  }

  function closeSaveModal(): void {
    saveModal.value = { open: false, alert: null, saving: false };
  }

  /** Saves (spec 3 §7); on failure the modal shows 'Failed to save slice' and the error is rethrown. */
  async function save(request: Omit<SaveChartRequest, 'sliceId' | 'owners' | 'previousDashboards'>): Promise<number> {
    const p = plugin.value;
    if (!p) throw new Error(vizError.value ?? 'No chart to save');
    saveModal.value = { ...saveModal.value, saving: true, alert: null };
    const current = slice.value;
    let result;
    try {
      result = await saveChart(client, p, formData.value, {
        ...request,
        sliceId: current?.id,
        owners: current?.owners.map((o) => o.id),
        previousDashboards: current?.dashboards,
      });
    } catch (error) {
      saveModal.value = { open: true, alert: SAVE_FAILED_MESSAGE, saving: false };
      throw error;
    }
    // The chart is saved from here on: later failures (a view reacting to the new state) are not save failures.
    const owners = request.action === 'overwrite' && current ? current.owners : user.value ? [{ id: user.value.id }] : [];
    batch(() => {
      slice.value = { id: result.sliceId, slice_name: request.sliceName.trim(), owners, dashboards: result.dashboards };
      formData.value = { ...formData.value, slice_id: result.sliceId };
      formDataKey.value = null;
      saveModal.value = { open: false, alert: null, saving: false };
    });
    url.value = exploreUrl({ sliceId: result.sliceId });
    for (const message of result.messages) toasts?.success(message);
    return result.sliceId;
  }

  return {
    client,
    registry,
    loadStatus,
    loadError,
    datasource,
    formData,
    slice,
    user,
    chartStatus,
    chartError,
    queriesResponse,
    chartFormData,
    formDataKey,
    url,
    saveModal,
    plugin,
    vizError,
    validationErrors,
    missingControls,
    canRun,
    canSave,
    canCsv,
    canOverwrite,
    load,
    chooseDatasource,
    setControl,
    setVizType,
    runQuery,
    stopQuery,
    chartRendered,
    chartRenderFailed,
    openSaveModal,
    closeSaveModal,
    save,
  };
}
