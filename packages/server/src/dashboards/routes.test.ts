import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, seedDataset } from '../resources/test-support';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';

describe.each(METADATA_DIALECTS)('dashboard actions (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let datasetId: number;
  let chartA: number;
  let chartB: number;
  let dashId: number;

  const position = (a: number, b: number) =>
    JSON.stringify({
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-1'] },
      'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-1', 'TAB-2'] },
      'TAB-1': { id: 'TAB-1', type: 'TAB', children: ['ROW-1'], meta: { text: 'One' } },
      'TAB-2': { id: 'TAB-2', type: 'TAB', children: ['ROW-2'], meta: { text: 'Two' } },
      'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-a'] },
      'ROW-2': { id: 'ROW-2', type: 'ROW', children: ['CHART-b'] },
      'CHART-a': { id: 'CHART-a', type: 'CHART', children: [], meta: { chartId: a, width: 6, height: 50 } },
      'CHART-b': { id: 'CHART-b', type: 'CHART', children: [], meta: { chartId: b, width: 6, height: 50 } },
    });
  const filter = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    type: 'NATIVE_FILTER',
    name: id,
    filterType: 'filter_select',
    targets: [{ datasetId, column: { name: 'a' } }],
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    api = client(t);
    ({ datasetId } = await seedDataset(t));
    const chart = (name: string) => api.post('/api/v1/chart/', { slice_name: name, viz_type: 'table', datasource_id: datasetId, datasource_type: 'table' }, 'alpha');
    chartA = (await chart('A')).body.id;
    chartB = (await chart('B')).body.id;
    const metadata = {
      color_scheme: 'supersetColors',
      native_filter_configuration: [filter('NATIVE_FILTER-1', { scope: { rootPath: ['ROOT_ID'], excluded: [chartB] }, chartsInScope: [chartA] })],
      chart_configuration: { [chartA]: { id: chartA, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [chartA] }, chartsInScope: [chartB] } } },
      global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [] }, chartsInScope: [chartA, chartB] },
      expanded_slices: { [chartA]: true },
      timed_refresh_immune_slices: [chartB],
    };
    const created = await api.post('/api/v1/dashboard/', { dashboard_title: 'Original', position_json: position(chartA, chartB), json_metadata: JSON.stringify(metadata), published: true }, 'alpha');
    dashId = created.body.id;
  });
  afterAll(async () => t?.close());

  const show = async (id: number) => (await api.get(`/api/v1/dashboard/${id}`)).body.result as Record<string, any>;

  describe('copy', () => {
    it('copies with duplicated charts and remaps every chart reference', async () => {
      const original = await show(dashId);
      const res = await api.post(`/api/v1/dashboard/${dashId}/copy/`, { dashboard_title: 'Copy', css: '.x{}', duplicate_slices: true, json_metadata: original.json_metadata }, 'alpha');
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ id: expect.any(Number), last_modified_time: expect.any(Number) });
      const copy = await show(res.body.result.id);
      expect(copy).toMatchObject({ dashboard_title: 'Copy', css: '.x{}', published: false, slug: null, owners: [{ id: t.users.alpha.id }] });
      const charts = (await api.get(`/api/v1/dashboard/${copy.id}/charts`)).body.result as any[];
      const newIds = charts.map((c) => c.id).sort();
      expect(newIds).toHaveLength(2);
      expect(newIds).not.toContain(chartA);
      const [newA, newB] = [charts.find((c) => c.slice_name === 'A').id, charts.find((c) => c.slice_name === 'B').id];
      const pos = JSON.parse(copy.position_json);
      expect(pos['CHART-a'].meta.chartId).toBe(newA);
      expect(pos['CHART-b'].meta.chartId).toBe(newB);
      const md = JSON.parse(copy.json_metadata);
      expect(md.native_filter_configuration[0]).toMatchObject({ scope: { excluded: [newB] }, chartsInScope: [newA] });
      expect(md.chart_configuration).toEqual({ [newA]: { id: newA, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [newA] }, chartsInScope: [newB] } } });
      expect(md.global_chart_configuration.chartsInScope).toEqual([newA, newB]);
      expect(md.expanded_slices).toEqual({ [newA]: true });
      expect(md.timed_refresh_immune_slices).toEqual([newB]);
      const clone = (await api.get(`/api/v1/chart/${newA}`)).body.result;
      expect(clone.owners.map((o: any) => o.id)).toEqual([t.users.alpha.id]);
    });

    it('copies without duplicating charts, taking the layout from json_metadata.positions', async () => {
      const layout = JSON.parse(position(chartB, chartA));
      const res = await api.post(`/api/v1/dashboard/${dashId}/copy`, { dashboard_title: '', json_metadata: JSON.stringify({ positions: layout, color_scheme: 'x' }) }, 'admin');
      expect(res.status).toBe(200);
      const copy = await show(res.body.result.id);
      expect(copy.dashboard_title).toBe('[ untitled dashboard ]');
      expect(JSON.parse(copy.position_json)['CHART-a'].meta.chartId).toBe(chartB);
      expect(JSON.parse(copy.json_metadata)).toEqual({ color_scheme: 'x' });
      expect(((await api.get(`/api/v1/dashboard/${copy.id}/charts`)).body.result as any[]).map((c) => c.id).sort()).toEqual([chartA, chartB].sort());
    });

    it('answers 400, 403 and 404', async () => {
      expect((await api.post(`/api/v1/dashboard/${dashId}/copy/`, { dashboard_title: 'x' }, 'alpha')).status).toBe(400);
      expect((await api.post(`/api/v1/dashboard/${dashId}/copy/`, { json_metadata: '[1]' }, 'alpha')).status).toBe(400);
      expect((await api.post(`/api/v1/dashboard/${dashId}/copy/`, { json_metadata: '{}', bogus: 1 }, 'alpha')).status).toBe(400);
      expect((await api.post(`/api/v1/dashboard/${dashId}/copy/`, { json_metadata: '{}' }, 'gamma')).status).toBe(403);
      expect((await api.post('/api/v1/dashboard/987654/copy/', { json_metadata: '{}' }, 'alpha')).status).toBe(404);
    });
  });

  describe('colors', () => {
    it('merges colours without touching changed_on when mark_updated=false', async () => {
      const before = await show(dashId);
      const res = await api.put(`/api/v1/dashboard/${dashId}/colors?mark_updated=false`, { color_scheme: 'bnbColors', label_colors: { Boys: '#ff0000', Girls: 'rgb(0, 0, 255)' }, shared_label_colors: ['Boys'] }, 'alpha');
      expect(res.status).toBe(200);
      const after = await show(dashId);
      expect(after.changed_on).toBe(before.changed_on);
      const md = JSON.parse(after.json_metadata);
      expect(md).toMatchObject({ color_scheme: 'bnbColors', label_colors: { Boys: '#ff0000' }, shared_label_colors: ['Boys'] });
      expect(md.native_filter_configuration).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 5));
      await api.put(`/api/v1/dashboard/${dashId}/colors`, { color_namespace: 'ns' }, 'alpha');
      expect((await show(dashId)).changed_on).not.toBe(before.changed_on);
    });

    it('refuses invalid colours (400), non-owners (403) and unknown dashboards (404)', async () => {
      const bad = await api.put(`/api/v1/dashboard/${dashId}/colors?mark_updated=false`, { label_colors: { Boys: 'blue' } }, 'alpha');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Invalid color');
      expect((await api.put(`/api/v1/dashboard/${dashId}/colors`, { color_scheme: 'x' }, 'gamma')).body.message).toBe('You do not have permission to edit this dashboard');
      expect((await api.put('/api/v1/dashboard/987654/colors', { color_scheme: 'x' }, 'alpha')).status).toBe(404);
    });
  });

  describe('native filters', () => {
    it('applies deleted/modified/reordered and recomputes scopes', async () => {
      const res = await api.put(
        `/api/v1/dashboard/${dashId}/filters`,
        {
          modified: [filter('NATIVE_FILTER-2', { scope: { rootPath: ['TAB-2'], excluded: [] } }), filter('NATIVE_FILTER-3', { cascadeParentIds: ['NATIVE_FILTER-2'] })],
          reordered: ['NATIVE_FILTER-3', 'NATIVE_FILTER-2', 'NATIVE_FILTER-1'],
        },
        'alpha',
      );
      expect(res.status).toBe(200);
      expect(res.body.result.map((f: any) => f.id)).toEqual(['NATIVE_FILTER-3', 'NATIVE_FILTER-2', 'NATIVE_FILTER-1']);
      expect(res.body.result[1]).toMatchObject({ chartsInScope: [chartB], tabsInScope: ['TAB-2'] });
      const del = await api.put(`/api/v1/dashboard/${dashId}/filters`, { deleted: ['NATIVE_FILTER-1'] }, 'alpha');
      expect(del.body.result.map((f: any) => f.id)).toEqual(['NATIVE_FILTER-3', 'NATIVE_FILTER-2']);
      expect(JSON.parse((await show(dashId)).json_metadata).native_filter_configuration).toEqual(del.body.result);
    });

    it('refuses a cascade cycle naming it, bad shapes and missing datasets', async () => {
      const cycle = await api.put(`/api/v1/dashboard/${dashId}/filters`, { modified: [filter('NATIVE_FILTER-2', { cascadeParentIds: ['NATIVE_FILTER-3'] })] }, 'alpha');
      expect(cycle.status).toBe(400);
      expect(cycle.body.message).toBe('Cyclic filter dependency: NATIVE_FILTER-3 -> NATIVE_FILTER-2 -> NATIVE_FILTER-3');
      const badType = await api.put(`/api/v1/dashboard/${dashId}/filters`, { modified: [filter('F-x', { filterType: 'filter_nope' })] }, 'alpha');
      expect(badType.status).toBe(400);
      expect(badType.body.message).toMatch(/filterType must be one of filter_select/);
      const missing = await api.put(`/api/v1/dashboard/${dashId}/filters`, { modified: [filter('F-y', { targets: [{ datasetId: 999999, column: { name: 'a' } }] })] }, 'alpha');
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('Filter F-y: dataset 999999 does not exist');
      expect((await api.put(`/api/v1/dashboard/${dashId}/filters`, { removed: [] }, 'alpha')).status).toBe(400);
    });

    it('requires edit rights (403) and an existing dashboard (404)', async () => {
      expect((await api.put(`/api/v1/dashboard/${dashId}/filters`, { deleted: [] }, 'gamma')).status).toBe(403);
      const other = await t.addUser(`alpha_f_${dialect}`, ['Alpha']);
      expect((await api.put(`/api/v1/dashboard/${dashId}/filters`, { deleted: [] }, other.username)).body.message).toBe('You do not have permission to edit this dashboard');
      expect((await api.put('/api/v1/dashboard/987654/filters', { deleted: [] }, 'alpha')).status).toBe(404);
    });
  });

  describe('filter state', () => {
    it('creates, reads, updates and deletes an entry owned by its creator', async () => {
      const created = await api.post(`/api/v1/dashboard/${dashId}/filter_state`, { value: '{"NATIVE_FILTER-2":{"id":"NATIVE_FILTER-2"}}' }, 'gamma');
      expect(created.status).toBe(201);
      const key = created.body.key as string;
      expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect((await api.get(`/api/v1/dashboard/${dashId}/filter_state/${key}`, 'alpha')).body).toEqual({ value: '{"NATIVE_FILTER-2":{"id":"NATIVE_FILTER-2"}}' });
      expect((await api.put(`/api/v1/dashboard/${dashId}/filter_state/${key}`, { value: '{}' }, 'alpha')).status).toBe(403);
      expect((await api.put(`/api/v1/dashboard/${dashId}/filter_state/${key}`, { value: '{}' }, 'gamma')).body).toEqual({ key });
      expect((await api.get(`/api/v1/dashboard/${dashId}/filter_state/${key}`, 'gamma')).body.value).toBe('{}');
      expect((await api.del(`/api/v1/dashboard/${dashId}/filter_state/${key}`, 'alpha')).status).toBe(403);
      expect((await api.del(`/api/v1/dashboard/${dashId}/filter_state/${key}`, 'gamma')).body).toEqual({ message: 'Deleted successfully' });
      expect((await api.get(`/api/v1/dashboard/${dashId}/filter_state/${key}`, 'gamma')).status).toBe(404);
    });

    it('answers 400 on bad values, 403 on hidden dashboards, 404 on other dashboards and unknown keys', async () => {
      expect((await api.post(`/api/v1/dashboard/${dashId}/filter_state`, { value: '{oops' }, 'gamma')).status).toBe(400);
      expect((await api.post(`/api/v1/dashboard/${dashId}/filter_state`, {}, 'gamma')).status).toBe(400);
      const draft = (await api.post('/api/v1/dashboard/', { dashboard_title: 'Draft' }, 'alpha')).body.id;
      expect((await api.post(`/api/v1/dashboard/${draft}/filter_state`, { value: '{}' }, 'gamma')).status).toBe(403);
      const key = (await api.post(`/api/v1/dashboard/${draft}/filter_state`, { value: '{}' }, 'alpha')).body.key;
      expect((await api.get(`/api/v1/dashboard/${dashId}/filter_state/${key}`, 'alpha')).status).toBe(404);
      expect((await api.get(`/api/v1/dashboard/${dashId}/filter_state/AAAAAAAAAAAAAAAAAAAAAA`, 'alpha')).status).toBe(404);
    });
  });

  describe('save rules', () => {
    it('drops certification details without a certifier and stores a blank slug as null', async () => {
      const id = (await api.post('/api/v1/dashboard/', { dashboard_title: ' ', slug: '', certification_details: 'Reviewed' }, 'alpha')).body.id;
      expect(await show(id)).toMatchObject({ dashboard_title: '[ untitled dashboard ]', slug: null, certification_details: null });
      await api.put(`/api/v1/dashboard/${id}`, { certified_by: 'Data team', certification_details: 'Reviewed' }, 'alpha');
      expect(await show(id)).toMatchObject({ certified_by: 'Data team', certification_details: 'Reviewed' });
      await api.put(`/api/v1/dashboard/${id}`, { certified_by: '' }, 'alpha');
      expect(await show(id)).toMatchObject({ certified_by: null, certification_details: null });
    });
  });
});
