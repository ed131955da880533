import { savedChartFormData, type ApiClient, type QueryFormData } from '@lumen-bi/core';
import { AttributeError } from './element-attributes';

/** GET /api/v1/chart/{id} `result`, the part the chart element reads. */
interface SavedChartResult {
  id?: number;
  slice_name?: string;
  viz_type?: string;
  params?: string | null;
  datasource_id?: number;
  datasource_type?: string;
}

/** A chart to render: its form data and, for a saved chart, its id and name. */
export interface ChartSource {
  formData: QueryFormData;
  sliceId?: number;
  sliceName?: string;
}

/**
 * The form data of a `chart-id` attribute: a saved chart's id (fetched from the API), or inline form-data
 * JSON for an unsaved chart (`{"datasource": "3__table", "viz_type": "big_number_total", ...}`).
 *
 * @example
 * const { formData } = await loadChartSource(api, '42');
 */
export async function loadChartSource(api: ApiClient, chartId: string): Promise<ChartSource> {
  const value = chartId.trim();
  if (value.startsWith('{')) {
    let formData: QueryFormData;
    try {
      formData = JSON.parse(value) as QueryFormData;
    } catch (error) {
      throw new AttributeError('chart-id', `inline form data is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    if (!formData || typeof formData.viz_type !== 'string' || typeof formData.datasource !== 'string') {
      throw new AttributeError('chart-id', 'inline form data needs at least "datasource" and "viz_type"');
    }
    return { formData };
  }
  if (!/^\d+$/.test(value)) throw new AttributeError('chart-id', 'must be a chart id or inline form-data JSON');
  const { json } = await api.get<{ result: SavedChartResult }>(`/api/v1/chart/${value}`);
  const chart = json.result;
  // The same saved form data as Explore and dashboards build, so the element draws the same numbers.
  const formData = savedChartFormData({ ...chart, id: Number(value) });
  return { formData, sliceId: Number(value), sliceName: chart.slice_name };
}
