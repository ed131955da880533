/**
 * The embedded dashboard's `getChartDataPayloads`: each chart's query results as the host's SDK expects
 * them (the incumbent's switchboard method). A chart whose plugin loads its own data (deck_multi) answers
 * what its loadData loads, one result per sub-chart, each naming its sub-chart (`deck_layer.sliceId`,
 * `sliceName`) or why it was skipped (`deck_layer_error`), instead of its own empty query.
 */
import type { ChartRegistry } from '@lumen-bi/charts';
import type { ApiClient, ChartDataFetcher, QueryFormData } from '@lumen-bi/core';

export interface ChartPayloadsSource {
  registry: ChartRegistry;
  api: ApiClient;
  /** The chart's form data as the dashboard queries it (its filters applied), or null when unknown. */
  formDataOf(chartId: number): QueryFormData | null | undefined;
  dashboardId?: number;
  fetchData: ChartDataFetcher;
}

/**
 * @example
 * await chartDataPayloads({ registry, api, formDataOf: (id) => store.chartFormData(id), dashboardId: 4, fetchData: fetchChartData }, [12]);
 * // { '12': [{ data: [...], colnames: [...], ... }] }
 */
export async function chartDataPayloads(source: ChartPayloadsSource, chartIds: number[]): Promise<Record<string, unknown>> {
  const { registry, api, dashboardId, fetchData } = source;
  const entries = await Promise.all(
    chartIds.map(async (id) => {
      const formData = source.formDataOf(id);
      if (!formData || !registry.has(formData.viz_type)) return [String(id), null] as const;
      const plugin = registry.get(formData.viz_type);
      if (plugin.loadData) return [String(id), await plugin.loadData({ api, formData, dashboardId, force: false, fetchData })] as const;
      return [String(id), await fetchData(api, { formData, queryContext: plugin.buildQuery(formData), dashboardId })] as const;
    }),
  );
  return Object.fromEntries(entries);
}
