import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';
import { client, seedDataset } from './test-support';

/** `q` as the incumbent's JSON-speaking clients send it: JSON.stringify, URL-encoded. */
const jsonQ = (value: unknown) => `q=${encodeURIComponent(JSON.stringify(value))}`;

describe('q as JSON as well as rison (the incumbent accepts both)', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let datasetId: number;
  const chartIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    api = client(t);
    ({ datasetId } = await seedDataset(t));
    for (const name of ['Revenue by region', 'Orders per day']) {
      const created = await api.post('/api/v1/chart/', { slice_name: name, viz_type: 'table', datasource_id: datasetId, datasource_type: 'table' }, 'alpha');
      chartIds.push(created.body.id as number);
    }
  });
  afterAll(async () => t?.close());

  it('filters, orders and pages a list from a JSON q', async () => {
    const res = await api.get(`/api/v1/chart/?${jsonQ({ filters: [{ col: 'slice_name', opr: 'ct', value: 'Revenue' }], order_column: 'slice_name', order_direction: 'asc', page: 0, page_size: 10 })}`);
    expect(res.status).toBe(200);
    expect(res.body.result.map((c: { slice_name: string }) => c.slice_name)).toEqual(['Revenue by region']);
  });

  it('reads JSON q on _info, related, show, id lists and the database metadata endpoints', async () => {
    const info = await api.get(`/api/v1/chart/_info?${jsonQ({ keys: ['permissions'] })}`);
    expect(info.status).toBe(200);
    expect(Object.keys(info.body)).toEqual(['permissions']);
    const related = await api.get(`/api/v1/chart/related/owners?${jsonQ({ filter: 'alp', page: 0, page_size: 5 })}`);
    expect(related.status).toBe(200);
    const show = await api.get(`/api/v1/chart/${chartIds[0]}?${jsonQ({ columns: ['slice_name'] })}`);
    expect(show.body.result).toEqual({ slice_name: 'Revenue by region' });
    const favorites = await api.get(`/api/v1/chart/favorite_status/?${jsonQ(chartIds)}`);
    expect(favorites.status).toBe(200);
    expect(favorites.body.result).toHaveLength(2);
    const schemas = await api.get(`/api/v1/database/1/schemas/?${jsonQ({ force: false })}`);
    expect(schemas.status).not.toBe(400);
  });

  it('answers 400 naming both readings when q is neither rison nor JSON', async () => {
    const res = await api.get(`/api/v1/chart/?q=${encodeURIComponent('{"page": 0')}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Query parameter 'q' is not valid rison \(.+\) nor JSON \(.+\)$/);
  });

  it('keeps checking what the JSON says: unknown keys and bad values are still 400', async () => {
    const unknown = await api.get(`/api/v1/chart/?${jsonQ({ pages: 0 })}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain("Unknown key 'pages'");
    const negative = await api.get(`/api/v1/chart/?${jsonQ({ page: -1 })}`);
    expect(negative.status).toBe(400);
  });
});
