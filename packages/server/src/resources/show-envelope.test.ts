import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';
import { client, q, seedDataset } from './test-support';

/** GET /api/v1/{resource}/{id} answers Flask-AppBuilder's envelope where the incumbent's GET is the framework's. */
describe('the GET-one envelope', () => {
  let t: TestApp;
  let chartId: number;
  let dashboardId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const { datasetId } = await seedDataset(t);
    chartId = (await client(t).post('/api/v1/chart/', { slice_name: 'Orders', viz_type: 'table', datasource_id: datasetId, datasource_type: 'table' })).body.id;
    dashboardId = (await client(t).post('/api/v1/dashboard/', { dashboard_title: 'Sales' })).body.id;
  });
  afterAll(async () => t?.close());

  it('carries show_columns, label_columns, description_columns and show_title for a chart', async () => {
    const res = await client(t).get(`/api/v1/chart/${chartId}?${q({ columns: ['slice_name', 'owners.first_name'] })}`);
    expect(res.body).toMatchObject({
      id: chartId,
      show_columns: ['slice_name', 'owners.first_name'],
      label_columns: { slice_name: 'Slice Name', 'owners.first_name': 'Owners First Name' },
      description_columns: {},
      show_title: 'Show Slice',
    });
    expect(Object.keys(res.body.result).sort()).toEqual(['owners', 'slice_name']);
  });

  it('keeps {id, result} where the incumbent answers it (dashboards)', async () => {
    const res = await client(t).get(`/api/v1/dashboard/${dashboardId}`);
    expect(Object.keys(res.body).sort()).toEqual(['id', 'result']);
  });
});
