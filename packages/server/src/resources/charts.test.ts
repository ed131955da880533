import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';
import { client, q, seedDataset } from './test-support';

describe.each(METADATA_DIALECTS)('chart resource (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let datasetId: number;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    api = client(t);
    ({ datasetId } = await seedDataset(t));
  });
  afterAll(async () => t?.close());

  const newChart = (name: string, extra: Record<string, unknown> = {}, as = 'alpha') =>
    api.post('/api/v1/chart/', { slice_name: name, viz_type: 'table', datasource_id: datasetId, datasource_type: 'table', params: JSON.stringify({ metrics: ['count'] }), ...extra }, as);

  it('creates, reads, updates and deletes a chart', async () => {
    const created = await newChart('Sales by region', { description: 'desc' });
    expect(created.status).toBe(201);
    expect(created.body.result.slice_name).toBe('Sales by region');
    const id = created.body.id as number;

    const got = await api.get(`/api/v1/chart/${id}`, 'gamma');
    expect(got.status).toBe(200);
    expect(got.body.id).toBe(id);
    expect(got.body.result).toMatchObject({
      slice_name: 'Sales by region',
      viz_type: 'table',
      owners: [{ id: t.users.alpha.id, first_name: 'alpha', last_name: 'Test' }],
      dashboards: [],
      tags: [],
      form_data: { metrics: ['count'], slice_id: id, datasource: `${datasetId}__table`, viz_type: 'table' },
    });
    expect(got.body.result.changed_on_delta_humanized).toMatch(/now|seconds? ago/);

    const picked = await api.get(`/api/v1/chart/${id}?${q({ columns: ['dashboards.id', 'slice_name'] })}`);
    expect(picked.body.result).toEqual({ dashboards: [], slice_name: 'Sales by region' });

    const updated = await api.put(`/api/v1/chart/${id}`, { slice_name: 'Renamed', cache_timeout: '' }, 'alpha');
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ id, result: { slice_name: 'Renamed', cache_timeout: null } });
    expect((await api.get(`/api/v1/chart/${id}`)).body.result.slice_name).toBe('Renamed');

    expect((await api.del(`/api/v1/chart/${id}`, 'alpha')).body).toEqual({ message: 'OK' });
    const gone = await api.get(`/api/v1/chart/${id}`);
    expect(gone.status).toBe(404);
    // Says what is missing (Explore shows it), not a bare 'Not found' read as an engine error.
    expect(gone.body.message).toBe('Chart not found');
  });

  it('refuses bad chart input with 400/422 naming the problem, and changes nothing', async () => {
    const before = (await api.get('/api/v1/chart/')).body.count;
    const bad = await newChart('x', { params: '{not json' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Field 'params' is not valid JSON/);
    expect((await newChart('x', { bogus: 1 })).body.message).toMatch(/Unknown field 'bogus'/);
    expect((await newChart('x', { cache_timeout: 'soon' })).body.message).toBe("Field 'cache_timeout' must be an integer");
    const missing = await api.post('/api/v1/chart/', { slice_name: 'x' }, 'alpha');
    expect(missing.status).toBe(400);
    // The incumbent's per-field object, every missing field at once; the structured error keeps Lumen's sentence.
    expect(missing.body.message).toEqual({ datasource_id: ['Missing data for required field.'], datasource_type: ['Missing data for required field.'] });
    expect(missing.body.errors[0].message).toBe("Missing required field 'datasource_id', 'datasource_type'");
    const noSource = await newChart('x', { datasource_id: 99999 });
    expect(noSource.status).toBe(422);
    expect(noSource.body.message).toMatch(/Datasource does not exist/);
    expect((await newChart('x', { datasource_type: 'nope' })).status).toBe(422);
    expect((await newChart('x', { dashboards: [424242] })).body.message).toMatch(/Dashboards 424242 does not exist/);
    expect((await api.post('/api/v1/chart/', [1], 'alpha')).status).toBe(400);
    expect((await api.get('/api/v1/chart/')).body.count).toBe(before);
  });

  it('enforces read, write and ownership permissions', async () => {
    const id = (await newChart('Owned by alpha')).body.id as number;
    expect((await api.get('/api/v1/chart/', null)).status).toBe(401);
    expect((await newChart('gamma chart', {}, 'gamma')).status).toBe(403);
    expect((await newChart('gamma chart', {}, 'gamma')).body.message).toBe('Forbidden');
    const other = await t.addUser('alpha2', ['Alpha']);
    const denied = await api.put(`/api/v1/chart/${id}`, { slice_name: 'hijack' }, other.username);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('You do not have permission to edit this chart');
    expect((await api.del(`/api/v1/chart/${id}`, other.username)).body.message).toBe('You do not have permission to edit this chart');
    expect((await api.put(`/api/v1/chart/${id}`, { slice_name: 'by admin' }, 'admin')).status).toBe(200);
    expect((await api.put('/api/v1/chart/987654', { slice_name: 'x' }, 'admin')).status).toBe(404);
  });

  it('lists with filters, ordering, paging and select_columns', async () => {
    await newChart('List alpha one', { viz_type: 'pie' });
    await newChart('List alpha two', { viz_type: 'big_number' });
    await newChart('Other list', { viz_type: 'pie', description: 'needle here' }, 'admin');
    const res = await api.get(
      `/api/v1/chart/?${q({ filters: [{ col: 'slice_name', opr: 'ct', value: 'list' }], order_column: 'slice_name', order_direction: 'asc', page: 0, page_size: 2 })}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.result.map((r: any) => r.slice_name)).toEqual(['List alpha one', 'List alpha two']);
    expect(res.body.ids).toHaveLength(2);
    expect(res.body.list_title).toBe('List Slice');
    expect(res.body.order_columns).toContain('changed_on_delta_humanized');
    expect(res.body.label_columns.slice_name).toBe('Slice Name');

    const page2 = await api.get(`/api/v1/chart/?${q({ filters: [{ col: 'slice_name', opr: 'ct', value: 'list' }], order_column: 'slice_name', order_direction: 'asc', page: 1, page_size: 2 })}`);
    expect(page2.body.result.map((r: any) => r.slice_name)).toEqual(['Other list']);

    const sw = await api.get(`/api/v1/chart/?${q({ filters: [{ col: 'slice_name', opr: 'sw', value: 'list a' }, { col: 'viz_type', opr: 'eq', value: 'pie' }] })}`);
    expect(sw.body.result.map((r: any) => r.slice_name)).toEqual(['List alpha one']);

    const owners = await api.get(`/api/v1/chart/?${q({ filters: [{ col: 'owners', opr: 'rel_m_m', value: t.users.admin.id }, { col: 'slice_name', opr: 'ct', value: 'list' }] })}`);
    expect(owners.body.result.map((r: any) => r.slice_name)).toEqual(['Other list']);
    const createdBy = await api.get(`/api/v1/chart/?${q({ filters: [{ col: 'created_by', opr: 'rel_o_m', value: t.users.alpha.id }, { col: 'slice_name', opr: 'ew', value: 'two' }] })}`);
    expect(createdBy.body.count).toBe(1);

    const allText = await api.get(`/api/v1/chart/?${q({ filters: [{ col: 'slice_name', opr: 'chart_all_text', value: 'NEEDLE' }] })}`);
    expect(allText.body.result.map((r: any) => r.slice_name)).toEqual(['Other list']);

    const selected = await api.get(`/api/v1/chart/?${q({ select_columns: ['id', 'slice_name', 'owners.id'], filters: [{ col: 'slice_name', opr: 'eq', value: 'Other list' }] })}`);
    expect(selected.body.result).toEqual([{ id: expect.any(Number), slice_name: 'Other list', owners: [{ id: t.users.admin.id }] }]);
    expect(selected.body.list_columns).toEqual(['id', 'slice_name', 'owners.id']);

    const inList = await api.get(`/api/v1/chart/?${q({ filters: [{ col: 'viz_type', opr: 'in', value: ['pie', 'big_number'] }, { col: 'slice_name', opr: 'ct', value: 'list' }] })}`);
    expect(inList.body.count).toBe(3);

    const big = await api.get(`/api/v1/chart/?${q({ page_size: 200 })}`);
    expect(big.status).toBe(200);
  });

  it.each([
    [{ filters: [{ col: 'foo', opr: 'eq', value: 1 }] }, /Filter column 'foo' is not allowed; allowed: id, slice_name/],
    [{ filters: [{ col: 'slice_name', opr: 'zz', value: 1 }] }, /Filter operator 'zz' is not allowed for column 'slice_name'/],
    [{ filters: [{ col: 'id', opr: 'eq', value: 'abc' }] }, /Filter value for 'id' \(eq\) must be a number/],
    [{ order_column: 'nope' }, /Order column 'nope' is not allowed/],
    [{ order_direction: 'up' }, /'order_direction' must be 'asc' or 'desc'/],
    [{ select_columns: ['secret'] }, /Column 'secret' is not allowed/],
    [{ page_size: 201 }, /page_size 201 is too big; the maximum is 200/],
    [{ page: -1 }, /'page' must be an integer >= 0/],
    [{ wat: 1 }, /Unknown key 'wat' in 'q'/],
  ])('rejects a bad list query %j with 400', async (query, message) => {
    const res = await api.get(`/api/v1/chart/?${q(query)}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(res.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
  });

  it('rejects malformed rison with 400', async () => {
    const res = await api.get(`/api/v1/chart/?q=${encodeURIComponent('(page:0')}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Query parameter 'q' is not valid rison/);
  });

  it('bulk deletes with ?q=!(ids), refusing unknown ids and charts the user does not own', async () => {
    const a = (await newChart('bulk a')).body.id;
    const b = (await newChart('bulk b')).body.id;
    const c = (await newChart('bulk c', {}, 'admin')).body.id;
    expect((await api.del(`/api/v1/chart/?${q([a, 999999])}`, 'alpha')).status).toBe(404);
    expect((await api.del(`/api/v1/chart/?${q([a, c])}`, 'alpha')).status).toBe(403);
    expect((await api.get(`/api/v1/chart/${a}`)).status).toBe(200);
    expect((await api.del('/api/v1/chart/?q=(a:1)', 'alpha')).status).toBe(400);
    const ok = await api.del(`/api/v1/chart/?${q([a, b])}`, 'alpha');
    expect(ok.body).toEqual({ message: 'Deleted 2 charts' });
    expect((await api.del(`/api/v1/chart/?${q([c])}`, 'admin')).body).toEqual({ message: 'Deleted 1 chart' });
  });

  it('answers _info permissions from the user\'s pairs', async () => {
    const info = await api.get(`/api/v1/chart/_info?${q({ keys: ['permissions'] })}`, 'gamma');
    expect(info.body).toEqual({ permissions: ['can_read'] });
    const alpha = await api.get(`/api/v1/chart/_info?${q({ keys: ['permissions'] })}`, 'alpha');
    expect(alpha.body.permissions).toEqual(expect.arrayContaining(['can_read', 'can_write']));
    expect((await api.get(`/api/v1/chart/_info?${q({ keys: ['bogus'] })}`)).status).toBe(400);
    expect((await api.get('/api/v1/chart/_info', null)).status).toBe(401);
  });

  it('serves related owners and distinct viz types', async () => {
    await newChart('related one');
    const related = await api.get(`/api/v1/chart/related/owners?${q({ filter: 'alp', page: 0, page_size: 10 })}`);
    expect(related.status).toBe(200);
    expect(related.body.result).toContainEqual({ value: t.users.alpha.id, text: 'alpha Test', extra: { active: true, email: expect.any(String) } });
    expect(related.body.count).toBeGreaterThanOrEqual(1);
    const createdBy = await api.get('/api/v1/chart/related/created_by');
    expect(createdBy.body.result.map((r: any) => r.value)).toContain(t.users.alpha.id);
    expect(createdBy.body.result.map((r: any) => r.value)).not.toContain(t.users.gamma.id);
    expect((await api.get('/api/v1/chart/related/nope')).status).toBe(400);
    expect((await api.get(`/api/v1/chart/related/owners?${q({ page_size: 1000 })}`)).status).toBe(400);
    const distinct = await api.get(`/api/v1/chart/distinct/viz_type?${q({ filter: 'tab' })}`);
    expect(distinct.body).toEqual({ count: 1, result: [{ text: 'table', value: 'table' }] });
    expect((await api.get('/api/v1/chart/distinct/owners')).status).toBe(400);
  });

  it('keeps favourites and filters by them', async () => {
    const id = (await newChart('fav chart')).body.id;
    const other = (await newChart('not fav chart')).body.id;
    expect((await api.post(`/api/v1/chart/${id}/favorites/`, {}, 'gamma')).body).toEqual({ result: 'OK' });
    expect((await api.post(`/api/v1/chart/${id}/favorites/`, {}, 'gamma')).status).toBe(200);
    const status = await api.get(`/api/v1/chart/favorite_status/?${q([id, other])}`, 'gamma');
    expect(status.body).toEqual({ result: [{ id, value: true }, { id: other, value: false }] });
    const favs = await api.get(`/api/v1/chart/?${q({ filters: [{ col: 'id', opr: 'chart_is_favorite', value: true }] })}`, 'gamma');
    expect(favs.body.result.map((r: any) => r.id)).toEqual([id]);
    const notFavs = await api.get(`/api/v1/chart/?${q({ filters: [{ col: 'id', opr: 'chart_is_favorite', value: false }, { col: 'slice_name', opr: 'ct', value: 'fav chart' }] })}`, 'gamma');
    expect(notFavs.body.result.map((r: any) => r.id)).toEqual([other]);
    expect((await api.del(`/api/v1/chart/${id}/favorites/`, 'gamma')).body).toEqual({ result: 'OK' });
    expect((await api.get(`/api/v1/chart/favorite_status/?${q([id])}`, 'gamma')).body.result).toEqual([{ id, value: false }]);
    expect((await api.post('/api/v1/chart/999999/favorites/', {}, 'gamma')).status).toBe(404);
    expect((await api.get('/api/v1/chart/favorite_status/?q=(a:1)', 'gamma')).status).toBe(400);
  });

  it('filters certified charts', async () => {
    const id = (await newChart('certified chart', { certified_by: 'Data team', certification_details: 'ok' })).body.id;
    const res = await api.get(`/api/v1/chart/?${q({ filters: [{ col: 'id', opr: 'chart_is_certified', value: true }] })}`);
    expect(res.body.result.map((r: any) => r.id)).toEqual([id]);
    expect(res.body.result[0].certified_by).toBe('Data team');
  });
});
