import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections } from '../engines';
import { seedDashboard, seedSalesDataset } from '../embedding/test-seed';
import { client } from '../resources/test-support';
import { createTestApp, mintTestGuestToken, type TestApp } from '../testing';

/** The rows seedSalesDataset writes (id, region, qty), to compute what each filter and rule leaves. */
const SALES = Array.from({ length: 120 }, (_, id) => ({ id, region: ['North', 'South', 'East'][id % 3]!, qty: (id * 7) % 11 }));
type Row = (typeof SALES)[number];

/**
 * POST /datasource/samples, drill to detail's pages: rows and total_count under the payload's filters, the
 * dataset's RLS and a guest token's rules; page and per_page checked.
 */
describe('POST /datasource/samples (drill to detail)', () => {
  let t: TestApp;
  let salesId: number;
  let otherId: number;
  let chartId: number;
  let guestToken: string;

  const samples = (headers: Record<string, string>, params: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/datasource/samples?datasource_type=table&${params}`, headers, payload });

  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite' });
    salesId = await seedSalesDataset(t, 'sales');
    otherId = await seedSalesDataset(t, 'returns');
    const dash = await seedDashboard(t, { title: 'Drill', datasetIds: [salesId] });
    chartId = dash.chartIds[0]!;
    guestToken = await mintTestGuestToken(t, { resources: [{ type: 'dashboard', id: dash.dashboardId }], rls: [{ dataset: salesId, clause: "region = 'North'" }] });
  });
  afterAll(async () => {
    await closeAllConnections();
    await t.close();
  });

  it('answers one page of the filtered rows with the total count of all of them, pages disjoint', async () => {
    const filter = { filters: [{ col: 'qty', op: '<', val: 5 }] };
    const expected = SALES.filter((r) => r.qty < 5);
    const first = await samples(t.headers('alpha'), `datasource_id=${salesId}&per_page=20&page=1`, filter);
    expect(first.statusCode, first.body.slice(0, 300)).toBe(200);
    const one = first.json().result;
    expect(one).toMatchObject({ page: 1, per_page: 20, total_count: expected.length, colnames: ['id', 'region', 'qty'] });
    expect(one.coltypes).toHaveLength(3);
    expect(one.data).toHaveLength(20);
    const two = (await samples(t.headers('alpha'), `datasource_id=${salesId}&per_page=20&page=2`, filter)).json().result;
    expect(two.total_count).toBe(expected.length);
    const ids = [...one.data, ...two.data].map((r: Row) => r.id);
    expect(new Set(ids).size).toBe(40);
    // Rows come in one fixed order (every column ascending), so page 2 continues page 1.
    expect(ids).toEqual(expected.map((r) => r.id).slice(0, 40));
    const past = (await samples(t.headers('alpha'), `datasource_id=${salesId}&per_page=20&page=99`, filter)).json().result;
    expect(past).toMatchObject({ data: [], total_count: expected.length, page: 99 });
  });

  it('answers 400 naming the bad page, per_page or datasource_id', async () => {
    for (const [params, message] of [
      [`datasource_id=${salesId}&per_page=0`, 'per_page must be an integer between 1 and 10000'],
      [`datasource_id=${salesId}&per_page=10001`, 'per_page must be an integer between 1 and 10000'],
      [`datasource_id=${salesId}&per_page=abc`, 'per_page must be an integer between 1 and 10000'],
      [`datasource_id=${salesId}&page=0`, 'page must be an integer between 1 and 900719925474'],
      [`datasource_id=${salesId}&page=1.5`, 'page must be an integer between 1 and 900719925474'],
      // A page whose offset would not fit the engines' 64-bit integers.
      [`datasource_id=${salesId}&page=900719925475`, 'page must be an integer between 1 and 900719925474'],
      ['datasource_id=x', 'datasource_id must be a positive integer'],
    ]) {
      const res = await samples(t.headers('alpha'), params!);
      expect(res.statusCode, params).toBe(400);
      expect(res.json().message, params).toBe(message);
    }
  });

  it('never shows rows an RLS rule hides, and counts only the visible ones', async () => {
    const api = client(t);
    const roles = await t.ctx.store.db.selectFrom('ab_role').select(['id', 'name']).execute();
    const gamma = roles.find((r) => r.name === 'Gamma')!.id;
    const created = await api.post('/api/v1/rowlevelsecurity/', { name: 'south only', filter_type: 'Regular', tables: [salesId], roles: [gamma], clause: "region = 'South'" });
    expect(created.status).toBe(201);
    const visible = SALES.filter((r) => r.region === 'South' && r.qty >= 3);
    const res = await samples(t.headers('gamma'), `datasource_id=${salesId}&per_page=5&page=1`, { filters: [{ col: 'qty', op: '>=', val: 3 }] });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().result.total_count).toBe(visible.length);
    expect(res.json().result.data.map((r: Row) => r.id)).toEqual(visible.slice(0, 5).map((r) => r.id));
    // Every page together is exactly the visible rows.
    const all = await samples(t.headers('gamma'), `datasource_id=${salesId}&per_page=1000`, { filters: [{ col: 'qty', op: '>=', val: 3 }] });
    expect(all.json().result.data.map((r: Row) => r.id)).toEqual(visible.map((r) => r.id));
    expect((await samples(t.headers('alpha'), `datasource_id=${salesId}&per_page=5`)).json().result.total_count).toBe(SALES.length);
  });

  it("lets a guest drill into its dashboards' datasets only, under the token's RLS", async () => {
    const guest = { 'x-guesttoken': guestToken };
    const res = await samples(guest, `datasource_id=${salesId}&slice_id=${chartId}&per_page=10&page=2`, { filters: [{ col: 'qty', op: 'IN', val: [1, 2, 3] }] });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const visible = SALES.filter((r) => r.region === 'North' && [1, 2, 3].includes(r.qty));
    expect(res.json().result.total_count).toBe(visible.length);
    expect(res.json().result.data.map((r: Row) => r.id)).toEqual(visible.slice(10, 20).map((r) => r.id));
    const elsewhere = await samples(guest, `datasource_id=${otherId}&per_page=10`);
    expect(elsewhere.statusCode).toBe(403);
    // A guest sends no SQL of its own, even to drill.
    const sql = await samples(guest, `datasource_id=${salesId}&slice_id=${chartId}`, { extras: { where: '1 = 1' } });
    expect(sql.statusCode).toBe(403);
  });

  it('chart data with result_type drill_detail carries the same total_count', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers: t.headers('alpha'),
      payload: { datasource: { id: salesId, type: 'table' }, queries: [{ filters: [{ col: 'region', op: '==', val: 'East' }], row_limit: 7, row_offset: 7 }], result_type: 'drill_detail' },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const east = SALES.filter((r) => r.region === 'East');
    expect(res.json().result[0]).toMatchObject({ total_count: east.length, rowcount: 7 });
    expect(res.json().result[0].data.map((r: Row) => r.id)).toEqual(east.slice(7, 14).map((r) => r.id));
  });

  it("downloads every filtered row as CSV through chart data (the drill dialog's Download), RLS applied", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers: { 'x-guesttoken': guestToken },
      payload: { datasource: { id: salesId, type: 'table' }, form_data: { slice_id: chartId }, queries: [{ filters: [{ col: 'qty', op: '<', val: 4 }], row_limit: 10000 }], result_type: 'drill_detail', result_format: 'csv' },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,region,qty');
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(SALES.filter((r) => r.region === 'North' && r.qty < 4).map((r) => r.id));
  });
});
