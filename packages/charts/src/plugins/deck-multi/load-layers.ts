/**
 * deck_multi's data: each saved sub-chart read through the host's API client (the viewer's session or
 * guest token), its form data narrowed by the multi chart's filters, and its own query sent through the
 * host's chart-data fetcher. A sub-chart that is missing, refused, not a deck chart or whose query fails
 * loses only its layer: the reason is shown under the map.
 */
import { ClientError, savedChartFormData, type ChartDataResponseResult, type SavedChartRecord } from '@lumen-bi/core';
import type { ChartDataLoadContext } from '../../types';
import { deckSliceIds } from './build-query';
import { layerFormData } from './layer-form-data';
import { DECK_LAYER_PLUGINS } from './layer-plugins';
import type { DeckMultiResult } from './types';

/** The part of GET /api/v1/chart/{id} a layer needs. */
interface SavedChart extends SavedChartRecord {
  slice_name?: string;
}

/**
 * One result per sub-chart of `deck_slices`, in order, loaded in parallel.
 *
 * @example
 * const queriesData = await loadDeckLayers({ api, formData, force: false, fetchData: fetchChartData });
 */
export async function loadDeckLayers(context: ChartDataLoadContext): Promise<DeckMultiResult[]> {
  const ids = deckSliceIds(context.formData);
  return Promise.all(ids.map((id) => loadLayer(context, id)));
}

async function loadLayer(context: ChartDataLoadContext, id: number): Promise<DeckMultiResult> {
  let chart: SavedChart;
  try {
    const { json } = await context.api.get<{ result: SavedChart }>(`/api/v1/chart/${id}`, { signal: context.signal });
    chart = json.result;
  } catch (error) {
    rethrowAbort(error);
    return layerError(`Chart ${id} skipped: ${readFailure(error)}`);
  }
  const name = chart.slice_name || `Chart ${id}`;
  const plugin = DECK_LAYER_PLUGINS.get(chart.viz_type ?? '');
  if (!plugin) return layerError(`${name} (${id}) skipped: a ${chart.viz_type ?? 'chart without a type'} chart is not a deck.gl layer`);
  const formData = layerFormData(savedChartFormData({ ...chart, id }), context.formData);
  try {
    const queryContext = { ...plugin.buildQuery(formData), force: context.force };
    const queriesData = await context.fetchData(context.api, { formData, queryContext, dashboardId: context.dashboardId, force: context.force, signal: context.signal });
    const failed = queriesData.find((q) => q.error);
    if (failed) return layerError(`${name} (${id}) skipped: ${String(failed.error)}`);
    return { ...emptyResult(), rowcount: queriesData.reduce((n, q) => n + (q.rowcount ?? q.data?.length ?? 0), 0), deck_layer: { sliceId: id, sliceName: name, formData, queriesData } };
  } catch (error) {
    rethrowAbort(error);
    return layerError(`${name} (${id}) skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A superseded or stopped load stops the whole chart, as the host's own request would. */
function rethrowAbort(error: unknown): void {
  if (error instanceof ClientError && error.kind === 'abort') throw error;
}

function readFailure(error: unknown): string {
  if (error instanceof ClientError && error.status === 404) return 'no such chart';
  if (error instanceof ClientError && (error.status === 403 || error.status === 401)) return 'you do not have access to this chart';
  return error instanceof Error ? error.message : String(error);
}

function layerError(message: string): DeckMultiResult {
  return { ...emptyResult(), deck_layer_error: message };
}

function emptyResult(): ChartDataResponseResult {
  return { cache_key: null, cached_dttm: null, is_cached: false, query: '', data: [], colnames: [], rowcount: 0 };
}
