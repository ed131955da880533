import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';
import { client, seedDataset } from './test-support';

/** GET /api/v1/dashboard/{id}/charts answers description_markeddown rendered and safe, as the incumbent does. */
describe('dashboard charts description_markeddown', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp();
    api = client(t);
  });
  afterAll(async () => t?.close());

  it('renders the chart description, keeping the Markdown in description', async () => {
    const { datasetId } = await seedDataset(t);
    const description = '**Net** revenue <script>alert(1)</script>';
    const chartId = (await api.post('/api/v1/chart/', { slice_name: 'Described', viz_type: 'table', datasource_id: datasetId, datasource_type: 'table', description }, 'alpha')).body.id as number;
    const position = JSON.stringify({ [`CHART-${chartId}`]: { id: `CHART-${chartId}`, type: 'CHART', children: [], meta: { chartId, width: 4, height: 50 } } });
    const dashboardId = (await api.post('/api/v1/dashboard/', { dashboard_title: 'Described', position_json: position }, 'alpha')).body.id as number;
    const charts = await api.get(`/api/v1/dashboard/${dashboardId}/charts`, 'alpha');
    expect(charts.status).toBe(200);
    expect(charts.body.result[0].description).toBe(description);
    expect(charts.body.result[0].description_markeddown).toBe('<p><strong>Net</strong> revenue &lt;script&gt;alert(1)&lt;/script&gt;</p>\n');
  });
});
