import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';
import { client, seedDataset } from './test-support';

/** POST /api/v1/tag/ takes the incumbent's `objects_to_tag`: [type, id] pairs, as bulk_create does. */
describe('creating a tag with objects to tag', () => {
  let t: TestApp;
  let chartId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const { datasetId } = await seedDataset(t);
    chartId = (await client(t).post('/api/v1/chart/', { slice_name: 'Orders', viz_type: 'table', datasource_id: datasetId, datasource_type: 'table' })).body.id;
  });
  afterAll(async () => t?.close());

  it('tags the objects named by [type, id] pairs', async () => {
    const api = client(t);
    const created = await api.post('/api/v1/tag/', { name: 'finance', description: 'Money', objects_to_tag: [['chart', chartId]] });
    expect(created.status).toBe(201);
    const tagged = await api.get(`/api/v1/chart/${chartId}`);
    expect(tagged.body.result.tags.map((tag: { name: string }) => tag.name)).toContain('finance');
  });

  it('refuses anything else, naming the field', async () => {
    const api = client(t);
    expect((await api.post('/api/v1/tag/', { name: 'x', objects_to_tag: 'chart' })).body.message).toBe("Field 'objects_to_tag' must be a list");
    expect((await api.post('/api/v1/tag/', { name: 'y', objects_to_tag: [{ type: 'chart', id: chartId }] })).body.message).toMatch(/objects_to_tag\[0\] must be a \[type, id\] pair/);
  });
});
