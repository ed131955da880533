import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections } from '../engines';
import { seedDashboard, seedSalesDataset } from '../embedding/test-seed';
import { nowIso } from '../metadata/connect';
import { chartReportText } from '../reports/chart-export';
import { loadUser } from '../security/load-user';
import { createTestApp, mintTestGuestToken, type TestApp } from '../testing';

/**
 * GET /api/v1/chart/{id}/data of a deck_multi chart answers one result per sub-chart (its saved query with
 * the multi chart's filters, under the caller's access and RLS), a missing or refused sub-chart named
 * without failing the others; a guest reaches only the sub-charts of a multi chart on its dashboard. SQLite
 * metadata, DuckDB data (sales-like tables of 120 rows: region North for i % 3 = 0, qty = (i * 7) % 11).
 */
describe('deck_multi chart data on the server', () => {
  let t: TestApp;
  let pointsId: number;
  let hiddenId: number;
  let pointsChart: number;
  let hiddenChart: number;
  let tableChart: number;
  let multiId: number;
  let strayMultiId: number;
  let token: string;
  const multiFilter = { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'region', operator: '==', comparator: 'North' };

  const addChart = async (datasetId: number, vizType: string, name: string, params: object, queries: object[] = [{ columns: ['region'], metrics: ['count'], row_limit: 100 }]) => {
    const now = nowIso();
    const row = await t.ctx.store.db
      .insertInto('slices')
      .values({ uuid: `s-${Math.random()}`, slice_name: name, viz_type: vizType, datasource_id: datasetId, datasource_type: 'table', params: JSON.stringify(params), query_context: JSON.stringify({ datasource: { id: datasetId, type: 'table' }, queries }), is_managed_externally: 0, created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id as number;
  };
  const get = (id: number, headers: Record<string, string>, query = '') => t.app.inject({ method: 'GET', url: `/api/v1/chart/${id}/data/${query}`, headers });

  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite' });
    const salesId = await seedSalesDataset(t, 'sales');
    pointsId = await seedSalesDataset(t, 'points');
    hiddenId = await seedSalesDataset(t, 'hidden');
    const dash = await seedDashboard(t, { title: 'Maps', datasetIds: [salesId] });
    pointsChart = await addChart(pointsId, 'deck_scatter', 'Points', { row_limit: 100, adhoc_filters: [] });
    hiddenChart = await addChart(hiddenId, 'deck_arc', 'Hidden routes', { row_limit: 100, adhoc_filters: [] });
    tableChart = await addChart(pointsId, 'table', 'A table', {});
    multiId = dash.chartIds[0]!;
    await t.ctx.store.db
      .updateTable('slices')
      .set({ viz_type: 'deck_multi', slice_name: 'Layers', params: JSON.stringify({ deck_slices: [pointsChart, 999999, hiddenChart, tableChart], adhoc_filters: [multiFilter] }), query_context: JSON.stringify({ datasource: { id: salesId, type: 'table' }, queries: [] }) })
      .where('id', '=', multiId)
      .execute();
    strayMultiId = await addChart(salesId, 'deck_multi', 'Not on the dashboard', { deck_slices: [pointsChart] }, []);
    // salesOnly-like reader: the sales and points datasets, not hidden.
    const admin = t.headers('admin');
    const pairs = (await t.app.inject({ method: 'GET', url: `/api/v1/security/permissions-resources/?q=${encodeURIComponent("(page_size:100,filters:!((col:permission.name,opr:eq,value:datasource_access)))")}`, headers: admin })).json().result as { id: number; view_menu: { name: string } }[];
    const grant = (id: number) => pairs.find((p) => p.view_menu.name.endsWith(`(id:${id})`))!.id;
    const role = await t.app.inject({ method: 'POST', url: '/api/v1/security/roles/', headers: admin, payload: { name: 'maps_reader' } });
    expect(role.statusCode, role.body).toBe(201);
    const granted = await t.app.inject({ method: 'POST', url: `/api/v1/security/roles/${role.json().id}/permissions/`, headers: admin, payload: { permission_view_menu_ids: [grant(salesId), grant(pointsId)] } });
    expect(granted.statusCode, granted.body).toBe(200);
    await t.addUser('mapsReader', ['Gamma', 'maps_reader']);
    token = await mintTestGuestToken(t, { username: 'guest', resources: [{ type: 'dashboard', id: dash.dashboardId }], rls: [{ dataset: pointsId, clause: 'qty > 3' }] });
  });
  afterAll(async () => {
    await closeAllConnections();
    await t.close();
  });

  it("answers each sub-chart's rows with the multi chart's filter, and names the ones it skips", async () => {
    const res = await get(multiId, t.headers('admin'));
    expect(res.statusCode, res.body).toBe(200);
    const [points, missing, hidden, table] = res.json().result;
    expect(points.deck_layer).toMatchObject({ sliceId: pointsChart, sliceName: 'Points', vizType: 'deck_scatter' });
    // Only North: the multi chart's filter on region.
    expect(points.deck_layer.queriesData[0].data).toEqual([{ region: 'North', count: 40 }]);
    expect(points.rowcount).toBe(1);
    expect(missing.deck_layer_error).toBe('Chart 999999 skipped: no such chart');
    expect(hidden.deck_layer.queriesData[0].data).toEqual([{ region: 'North', count: 40 }]);
    expect(table.deck_layer_error).toMatch(/^A table \(\d+\) skipped: a table chart is not a deck.gl layer$/);
  });

  it('refuses a sub-chart whose dataset the caller cannot read, by name, and still answers the others', async () => {
    const res = await get(multiId, t.headers('mapsReader'));
    expect(res.statusCode, res.body).toBe(200);
    const [points, , hidden] = res.json().result;
    expect(points.deck_layer.queriesData[0].data).toEqual([{ region: 'North', count: 40 }]);
    expect(hidden.deck_layer).toBeUndefined();
    expect(hidden.deck_layer_error).toMatch(/^Hidden routes \(\d+\) skipped: you do not have access to this chart/);
  });

  it("applies the guest token's RLS per sub-chart dataset, and only for a multi chart on the guest's dashboard", async () => {
    const res = await get(multiId, { 'x-guesttoken': token });
    expect(res.statusCode, res.body).toBe(200);
    const [points, , hidden] = res.json().result;
    // North (40 rows) with qty > 3 (the token's RLS on points).
    expect(points.deck_layer.queriesData[0].data).toEqual([{ region: 'North', count: 27 }]);
    // RLS names the points dataset only: the hidden one answers all its North rows.
    expect(hidden.deck_layer.queriesData[0].data).toEqual([{ region: 'North', count: 40 }]);
    const stray = await get(strayMultiId, { 'x-guesttoken': token });
    expect(stray.statusCode, stray.body).toBe(403);
  });

  it("makes CSV and TEXT reports of every sub-chart's rows, as the report's user, labelled by sub-chart", async () => {
    const reader = (await loadUser(t.ctx, t.users.admin.id))!;
    const csv = await chartReportText(t.ctx, reader, multiId, 'CSV');
    expect(csv).toContain(`# Points (${pointsChart})\r\nregion,count\r\nNorth,40\r\n`);
    expect(csv).toContain(`# Hidden routes (${hiddenChart})\r\nregion,count\r\nNorth,40\r\n`);
    const limited = (await loadUser(t.ctx, (await t.ctx.store.db.selectFrom('ab_user').select('id').where('username', '=', 'mapsReader').executeTakeFirstOrThrow()).id))!;
    const text = await chartReportText(t.ctx, limited, multiId, 'TEXT');
    expect(text).toContain(`Points (${pointsChart})\nregion | count\n`);
    expect(text).toMatch(/Hidden routes \(\d+\) skipped: you do not have access to this chart/);
    expect(text).toContain('Chart 999999 skipped: no such chart');
  });

  it("downloads every sub-chart's rows as CSV blocks labelled by sub-chart", async () => {
    const res = await get(multiId, t.headers('admin'), '?format=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.body).toContain(`# Points (${pointsChart})\r\nregion,count\r\nNorth,40\r\n`);
    expect(res.body).toContain('# Chart 999999 skipped: no such chart');
    expect(res.body).toContain(`# Hidden routes (${hiddenChart})\r\nregion,count\r\nNorth,40\r\n`);
  });
});
