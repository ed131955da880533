import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';
import { client, q, seedDataset } from './test-support';

describe.each(METADATA_DIALECTS)('dashboard resource (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let chartId: number;
  let datasetId: number;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    api = client(t);
    ({ datasetId } = await seedDataset(t));
    chartId = (await api.post('/api/v1/chart/', { slice_name: 'On dash', viz_type: 'table', datasource_id: datasetId, datasource_type: 'table' }, 'alpha')).body.id;
  });
  afterAll(async () => t?.close());

  const position = (ids: number[]) =>
    JSON.stringify(Object.fromEntries(ids.map((id) => [`CHART-${id}`, { id: `CHART-${id}`, type: 'CHART', children: [], meta: { chartId: id, width: 4, height: 50 } }])));

  it('creates with a default title, reads by id and slug, syncs charts from position_json', async () => {
    const created = await api.post('/api/v1/dashboard/', { slug: 'sales', position_json: position([chartId, 99999]), json_metadata: '{"color_scheme":"x"}' }, 'alpha');
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const bySlug = await api.get('/api/v1/dashboard/sales', 'alpha');
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.result).toMatchObject({ id, dashboard_title: '[ untitled dashboard ]', slug: 'sales', published: false, charts: ['On dash'], url: '/superset/dashboard/sales/' });
    const charts = await api.get(`/api/v1/dashboard/${id}/charts`, 'alpha');
    expect(charts.body.result).toHaveLength(1);
    expect(charts.body.result[0]).toMatchObject({ id: chartId, slice_name: 'On dash', form_data: { datasource: `${datasetId}__table`, viz_type: 'table' } });
    const datasets = await api.get(`/api/v1/dashboard/sales/datasets`, 'alpha');
    expect(datasets.body.result.map((d: any) => d.id)).toEqual([datasetId]);
    expect(datasets.body.result[0]).toMatchObject({ uid: `${datasetId}__table`, type: 'table', columns: [], metrics: [] });
    const chart = await api.get(`/api/v1/chart/${chartId}?${q({ columns: ['dashboards.id'] })}`);
    expect(chart.body.result.dashboards).toEqual([{ id }]);

    const put = await api.put(`/api/v1/dashboard/${id}`, { position_json: position([]), dashboard_title: 'Sales', published: true }, 'alpha');
    expect(put.status).toBe(200);
    expect(put.body.result).toMatchObject({ dashboard_title: 'Sales', published: true });
    expect(typeof put.body.last_modified_time).toBe('number');
    expect((await api.get(`/api/v1/dashboard/${id}/charts`)).body.result).toEqual([]);
    expect((await api.get('/api/v1/dashboard/nope-slug')).status).toBe(404);
    expect((await api.get('/api/v1/dashboard/424242/charts')).status).toBe(404);
  });

  it('validates JSON fields and slug uniqueness without writing anything', async () => {
    const bad = await api.post('/api/v1/dashboard/', { dashboard_title: 'x', json_metadata: '[1,2]' }, 'alpha');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Field 'json_metadata' must be a JSON object");
    expect((await api.post('/api/v1/dashboard/', { position_json: '{oops' }, 'alpha')).body.message).toMatch(/Field 'position_json' is not valid JSON/);
    await api.post('/api/v1/dashboard/', { dashboard_title: 'One', slug: 'unique-slug' }, 'alpha');
    const dup = await api.post('/api/v1/dashboard/', { dashboard_title: 'Two', slug: 'unique-slug' }, 'alpha');
    expect(dup.status).toBe(422);
    expect(dup.body.message).toBe("A dashboard with the slug 'unique-slug' already exists");
    const titles = await api.get(`/api/v1/dashboard/?${q({ filters: [{ col: 'dashboard_title', opr: 'eq', value: 'Two' }] })}`);
    expect(titles.body.count).toBe(0);
    expect((await api.post('/api/v1/dashboard/', { roles: [9999] }, 'alpha')).status).toBe(422);
  });

  it('shows gamma only published or owned dashboards, and refuses edits by non-owners', async () => {
    const draft = (await api.post('/api/v1/dashboard/', { dashboard_title: 'Draft D' }, 'alpha')).body.id;
    const pub = (await api.post('/api/v1/dashboard/', { dashboard_title: 'Published D', published: true }, 'alpha')).body.id;
    const list = await api.get(`/api/v1/dashboard/?${q({ filters: [{ col: 'dashboard_title', opr: 'ct', value: ' D' }] })}`, 'gamma');
    expect(list.body.result.map((r: any) => r.id)).toEqual([pub]);
    const forbidden = await api.get(`/api/v1/dashboard/${draft}`, 'gamma');
    expect(forbidden.status).toBe(403);
    expect((await api.get(`/api/v1/dashboard/${pub}`, 'gamma')).status).toBe(200);
    expect((await api.put(`/api/v1/dashboard/${pub}`, { dashboard_title: 'x' }, 'gamma')).body.message).toBe('You do not have permission to edit this dashboard');
    const other = await t.addUser('alpha_d', ['Alpha']);
    expect((await api.put(`/api/v1/dashboard/${pub}`, { dashboard_title: 'x' }, other.username)).body.message).toBe('You do not have permission to edit this dashboard');
    expect((await api.get(`/api/v1/dashboard/${draft}`, 'admin')).status).toBe(200);
    const published = await api.get(`/api/v1/dashboard/?${q({ filters: [{ col: 'published', opr: 'eq', value: true }, { col: 'dashboard_title', opr: 'ct', value: ' D' }] })}`);
    expect(published.body.result.map((r: any) => r.id)).toEqual([pub]);
    expect((await api.get(`/api/v1/dashboard/?${q({ filters: [{ col: 'published', opr: 'eq', value: 'maybe' }] })}`)).status).toBe(400);
    const titleOrSlug = await api.get(`/api/v1/dashboard/?${q({ filters: [{ col: 'dashboard_title', opr: 'title_or_slug', value: 'draft' }] })}`);
    expect(titleOrSlug.body.result.map((r: any) => r.id)).toEqual([draft]);
  });

  it('keeps dashboard favourites and deletes in bulk', async () => {
    const a = (await api.post('/api/v1/dashboard/', { dashboard_title: 'Fav A', published: true }, 'alpha')).body.id;
    const b = (await api.post('/api/v1/dashboard/', { dashboard_title: 'Fav B', published: true }, 'alpha')).body.id;
    await api.post(`/api/v1/dashboard/${a}/favorites/`, {}, 'alpha');
    const favs = await api.get(`/api/v1/dashboard/?${q({ filters: [{ col: 'id', opr: 'dashboard_is_favorite', value: true }] })}`, 'alpha');
    expect(favs.body.result.map((r: any) => r.id)).toEqual([a]);
    expect((await api.get(`/api/v1/dashboard/favorite_status/?${q([a, b])}`, 'alpha')).body.result).toEqual([{ id: a, value: true }, { id: b, value: false }]);
    expect((await api.del(`/api/v1/dashboard/?${q([a, b])}`, 'alpha')).body).toEqual({ message: 'Deleted 2 dashboards' });
    expect((await api.get(`/api/v1/dashboard/favorite_status/?${q([a])}`, 'alpha')).body.result).toEqual([{ id: a, value: false }]);
  });

  it('serves related roles and owners', async () => {
    const roles = await api.get(`/api/v1/dashboard/related/roles?${q({ filter: 'gam' })}`);
    expect(roles.body.result.map((r: any) => r.text)).toEqual(['Gamma']);
    expect((await api.get('/api/v1/dashboard/related/owners', 'gamma')).status).toBe(200);
  });
});
