/**
 * A chart's data, whichever way its plugin gets it: the chart-data request of its buildQuery, or, for a
 * plugin that loads its own (deck_multi reads the saved charts it layers), its loadData with the host's API
 * client and fetcher, so the sub-requests carry the same session or guest token and dashboard id.
 */
import type { ChartPlugin } from '@lumen-bi/charts';
import type { ApiClient, ChartDataFetcher, ChartDataResponseResult, FetchChartDataOptions } from '@lumen-bi/core';

/**
 * @example
 * const queriesData = await loadChartData(plugin, api, { ...chartDataRequest(plugin, formData, { dashboardId }), signal }, fetchChartData);
 */
export function loadChartData(plugin: ChartPlugin, api: ApiClient, request: FetchChartDataOptions, fetchData: ChartDataFetcher): Promise<ChartDataResponseResult[]> {
  if (!plugin.loadData) return fetchData(api, request);
  return plugin.loadData({ api, formData: request.formData, dashboardId: request.dashboardId, force: Boolean(request.force), signal: request.signal, fetchData });
}
