import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';
import { client } from './test-support';

/** GET /api/v1/dashboard/{id}/datasets: column_types are GenericDataType numbers, as the incumbent's DashboardDatasetSchema. */
describe('dashboard datasets column types', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers 0 numeric, 1 string, 2 temporal per column, in column order', async () => {
    const api = client(t);
    const database = await api.post('/api/v1/database/', { database_name: 'typed', sqlalchemy_uri: 'sqlite:///:memory:' });
    const dataset = await api.post('/api/v1/dataset/', { database: database.body.id, table_name: 'typed', sql: "SELECT 1 AS n, 'x' AS s, DATE('2024-01-01') AS d" });
    expect((await api.put(`/api/v1/dataset/${dataset.body.id}/refresh`, {})).status).toBe(200);
    await api.put(`/api/v1/dataset/${dataset.body.id}`, { columns: [{ column_name: 'n', type: 'INTEGER' }, { column_name: 's', type: 'TEXT' }, { column_name: 'd', type: 'DATE', is_dttm: true }] }, 'admin');
    const dashboard = await api.post('/api/v1/dashboard/', { dashboard_title: 'Typed' });
    await api.post('/api/v1/chart/', { slice_name: 'Typed', viz_type: 'table', datasource_id: dataset.body.id, datasource_type: 'table', dashboards: [dashboard.body.id] });
    const res = await api.get(`/api/v1/dashboard/${dashboard.body.id}/datasets`);
    expect(res.status).toBe(200);
    const [payload] = res.body.result;
    const byName = Object.fromEntries(payload.column_names.map((name: string, i: number) => [name, payload.column_types[i]]));
    expect(byName).toEqual({ n: 0, s: 1, d: 2 });
  });
});
