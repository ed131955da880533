import { createApiClient, type QueryFormData } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import { loadChartSource } from './load-chart-form-data';

/** An API client answering GET /api/v1/chart/61 with the incumbent's 'Weekly Messages' record. */
function clientWithChart() {
  const chart = {
    id: 61,
    slice_name: 'Weekly Messages',
    viz_type: 'big_number',
    datasource_id: 12,
    datasource_type: 'table',
    // Exported params keep the exporting server's ids and the legacy time column.
    params: JSON.stringify({ datasource: '3__table', slice_id: 1905, viz_type: 'big_number', granularity_sqla: 'ts', metric: 'count', time_grain_sqla: 'P1W' }),
  };
  const fetch = async () => ({ ok: true, status: 200, statusText: '', text: async () => JSON.stringify({ result: chart }) });
  return createApiClient({ baseUrl: 'http://lumen.test', auth: { kind: 'guest', token: 't' }, fetch });
}

describe('<bi-chart> chart-id', () => {
  it("reads a saved chart's form data as Explore and dashboards do (record datasource, legacy time axis)", async () => {
    const { formData, sliceId, sliceName } = await loadChartSource(clientWithChart(), '61');
    expect(sliceId).toBe(61);
    expect(sliceName).toBe('Weekly Messages');
    expect(formData).toMatchObject<Partial<QueryFormData>>({ datasource: '12__table', slice_id: 61, viz_type: 'big_number', x_axis: 'ts' });
  });
});
