/**
 * The chart-data request a chart container sends for its form data, in one place: the dashboard's
 * prefetch builds its requests here too, so a prefetched request is byte for byte the one the chart would
 * send (the prefetcher hands it over only then, and the server's cache key is the same).
 */
import type { ChartPlugin } from '@lumen-bi/charts';
import type { FetchChartDataOptions, QueryFormData } from '@lumen-bi/core';

/**
 * @example
 * const request = chartDataRequest(registry.get(formData.viz_type), formData, { dashboardId: 7 });
 * await fetchChartData(api, { ...request, signal });
 */
export function chartDataRequest(plugin: ChartPlugin, formData: QueryFormData, { dashboardId, force = false }: { dashboardId?: number; force?: boolean }): FetchChartDataOptions {
  const queryContext = { ...plugin.buildQuery(formData), force };
  // Columnar: plugins that read columns (time series) never build rows; `data` stays available to the rest.
  return { formData, queryContext, dashboardId, force, layout: 'columns' };
}
