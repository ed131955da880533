import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, seedDataset } from '../resources/test-support';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';
import { createPermalink, getEntry, putEntry, readPermalink } from './store';

describe.each(METADATA_DIALECTS)('permalinks and explore state (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let datasetId: number;
  let chartId: number;
  let published: number;
  let draft: number;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    api = client(t);
    ({ datasetId } = await seedDataset(t));
    chartId = (await api.post('/api/v1/chart/', { slice_name: 'C', viz_type: 'table', datasource_id: datasetId, datasource_type: 'table' }, 'alpha')).body.id;
    published = (await api.post('/api/v1/dashboard/', { dashboard_title: 'Pub', slug: `pub-${dialect}`, published: true }, 'alpha')).body.id;
    draft = (await api.post('/api/v1/dashboard/', { dashboard_title: 'Draft' }, 'alpha')).body.id;
  });
  afterAll(async () => t?.close());

  describe('store', () => {
    it('makes unguessable keys and round-trips values per resource', async () => {
      const keys = await Promise.all([1, 2, 3].map((n) => createPermalink(t.ctx, 'sqllab_permalink', { n }, t.users.alpha.id)));
      for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(new Set(keys).size).toBe(3);
      expect(await readPermalink(t.ctx, 'sqllab_permalink', keys[1])).toEqual({ n: 2 });
      expect(await readPermalink(t.ctx, 'explore_permalink', keys[1])).toBeUndefined();
      expect(await readPermalink(t.ctx, 'sqllab_permalink', 'not-a-key')).toBeUndefined();
    });

    it('forgets expired entries', async () => {
      const key = await putEntry(t.ctx, 'explore_form_data', { a: 1 }, null, -1);
      expect(await getEntry(t.ctx, 'explore_form_data', key)).toBeUndefined();
      const live = await putEntry(t.ctx, 'explore_form_data', { a: 1 }, null, 60);
      expect((await getEntry(t.ctx, 'explore_form_data', live))?.value).toEqual({ a: 1 });
    });
  });

  describe('dashboard permalink', () => {
    const state = { urlParams: [['edit', 'false']], dataMask: { 'NATIVE_FILTER-1': { filterState: { value: ['FR'] } } }, activeTabs: ['TAB-1'], anchor: 'CHART-a' };

    it('round-trips the state by id or slug', async () => {
      const res = await api.post(`/api/v1/dashboard/pub-${dialect}/permalink`, state, 'gamma');
      expect(res.status).toBe(201);
      expect(res.body.url).toBe(`http://localhost:80/superset/dashboard/p/${res.body.key}/`);
      const read = await api.get(`/api/v1/dashboard/permalink/${res.body.key}`, 'alpha');
      expect(read.status).toBe(200);
      expect(read.body).toEqual({ dashboardId: String(published), state });
    });

    it('answers 400, 403 and 404', async () => {
      expect((await api.post(`/api/v1/dashboard/${published}/permalink`, { dataMask: [] }, 'gamma')).status).toBe(400);
      expect((await api.post(`/api/v1/dashboard/${published}/permalink`, { filters: {} }, 'gamma')).status).toBe(400);
      expect((await api.post(`/api/v1/dashboard/${draft}/permalink`, {}, 'gamma')).status).toBe(403);
      expect((await api.post('/api/v1/dashboard/987654/permalink', {}, 'gamma')).status).toBe(404);
      const onDraft = (await api.post(`/api/v1/dashboard/${draft}/permalink`, { anchor: 'x' }, 'alpha')).body.key;
      expect((await api.get(`/api/v1/dashboard/permalink/${onDraft}`, 'gamma')).status).toBe(403);
      expect((await api.get('/api/v1/dashboard/permalink/AAAAAAAAAAAAAAAAAAAAAA', 'gamma')).status).toBe(404);
      expect((await api.get(`/api/v1/dashboard/permalink/${onDraft}`, null)).status).toBe(401);
    });
  });

  describe('explore permalink', () => {
    it('round-trips formData and urlParams', async () => {
      const formData = { datasource: `${datasetId}__table`, viz_type: 'table', slice_id: chartId, metrics: ['count'] };
      const res = await api.post('/api/v1/explore/permalink', { formData, urlParams: [['standalone', '1']] }, 'gamma');
      expect(res.status).toBe(201);
      expect(res.body.url).toBe(`http://localhost:80/explore/p/${res.body.key}/`);
      const read = await api.get(`/api/v1/explore/permalink/${res.body.key}`, 'gamma');
      expect(read.body).toMatchObject({ chartId, datasourceId: datasetId, datasourceType: 'table', state: { formData, urlParams: [['standalone', '1']] } });
    });

    it('answers 400, 403 and 404', async () => {
      expect((await api.post('/api/v1/explore/permalink', { urlParams: [] }, 'gamma')).status).toBe(400);
      expect((await api.post('/api/v1/explore/permalink', { formData: { datasource: 'nope' } }, 'gamma')).status).toBe(400);
      expect((await api.post('/api/v1/explore/permalink', { formData: { datasource: '999999__table' } }, 'gamma')).status).toBe(404);
      const noData = await t.addUser(`nodata_${dialect}`, []);
      expect((await api.post('/api/v1/explore/permalink', { formData: { datasource: `${datasetId}__table` } }, noData.username)).status).toBe(403);
      const key = (await api.post('/api/v1/explore/permalink', { formData: { datasource: `${datasetId}__table` } }, 'gamma')).body.key;
      expect((await api.get(`/api/v1/explore/permalink/${key}`, noData.username)).status).toBe(403);
      expect((await api.get('/api/v1/explore/permalink/AAAAAAAAAAAAAAAAAAAAAA', 'gamma')).status).toBe(404);
    });
  });

  describe('explore form_data cache', () => {
    const body = () => ({ datasource_id: datasetId, datasource_type: 'table', chart_id: chartId, form_data: JSON.stringify({ viz_type: 'table' }) });

    it('creates, reads, updates and deletes; only the owner writes', async () => {
      const created = await api.post('/api/v1/explore/form_data', body(), 'gamma');
      expect(created.status).toBe(201);
      const key = created.body.key;
      expect((await api.get(`/api/v1/explore/form_data/${key}`, 'gamma')).body).toEqual({ form_data: '{"viz_type":"table"}' });
      expect((await api.put(`/api/v1/explore/form_data/${key}`, { ...body(), form_data: '{"viz_type":"pie"}' }, 'alpha')).status).toBe(403);
      expect((await api.put(`/api/v1/explore/form_data/${key}`, { ...body(), form_data: '{"viz_type":"pie"}' }, 'gamma')).body).toEqual({ key });
      expect((await api.get(`/api/v1/explore/form_data/${key}`, 'alpha')).body.form_data).toBe('{"viz_type":"pie"}');
      expect((await api.del(`/api/v1/explore/form_data/${key}`, 'alpha')).status).toBe(403);
      expect((await api.del(`/api/v1/explore/form_data/${key}`, 'gamma')).status).toBe(200);
      expect((await api.get(`/api/v1/explore/form_data/${key}`, 'gamma')).status).toBe(404);
    });

    it('answers 400, 403 and 404', async () => {
      expect((await api.post('/api/v1/explore/form_data', { ...body(), form_data: '{bad' }, 'gamma')).status).toBe(400);
      expect((await api.post('/api/v1/explore/form_data', { ...body(), datasource_type: 'cube' }, 'gamma')).status).toBe(400);
      expect((await api.post('/api/v1/explore/form_data', { ...body(), datasource_id: 999999 }, 'gamma')).status).toBe(404);
      expect((await api.post('/api/v1/explore/form_data', { ...body(), chart_id: 999999 }, 'gamma')).status).toBe(404);
      const noData = await t.addUser(`nodata2_${dialect}`, []);
      expect((await api.post('/api/v1/explore/form_data', body(), noData.username)).status).toBe(403);
      expect((await api.get('/api/v1/explore/form_data/AAAAAAAAAAAAAAAAAAAAAA', 'gamma')).status).toBe(404);
    });
  });
});
