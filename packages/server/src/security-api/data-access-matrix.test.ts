import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDashboard, seedSalesDataset } from '../embedding/test-seed';
import { client, q } from '../resources/test-support';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';

/**
 * Data access (database_access / schema_access / datasource_access) across every path that reads data or
 * names it: lists, GET-one, pickers, chart data (full, samples, CSV), dataset metadata, database browsing,
 * SQL Lab and exports. Callers: Admin, Alpha (all_datasource_access), a Gamma user with no grant, a custom
 * role holding datasource_access on the sales dataset only (plus Gamma's reads and sql_lab), and anonymous.
 */
type Who = 'admin' | 'alpha' | 'viewer' | 'salesOnly' | null;

describe.each(METADATA_DIALECTS)('data access on %s metadata', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let sales: { id: number; databaseId: number; chartId: number; dashboardId: number };
  let returns: { id: number; databaseId: number; chartId: number; dashboardId: number };
  let salesOnlyId: number;

  const seed = async (table: string) => {
    const id = await seedSalesDataset(t, table);
    const { database_id: databaseId } = await t.ctx.store.db.selectFrom('tables').select('database_id').where('id', '=', id).executeTakeFirstOrThrow();
    await t.ctx.store.db.updateTable('dbs').set({ expose_in_sqllab: 1 } as never).where('id', '=', databaseId).execute();
    const { dashboardId, chartIds } = await seedDashboard(t, { title: `${table} board`, datasetIds: [id] });
    return { id, databaseId, chartId: chartIds[0]!, dashboardId };
  };

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    api = client(t);
    sales = await seed('sales');
    returns = await seed('returns');
    await t.addUser('viewer', ['Gamma']);
    const pairs = (await api.get(`/api/v1/security/permissions-resources/?${q({ page_size: 100, filters: [{ col: 'permission.name', opr: 'eq', value: 'datasource_access' }] })}`)).body;
    const salesPair = pairs.result.find((pair: any) => pair.view_menu.name.endsWith(`(id:${sales.id})`));
    expect(salesPair, JSON.stringify(pairs).slice(0, 400)).toBeDefined();
    const role = await api.post('/api/v1/security/roles/', { name: 'sales_analyst' });
    expect(role.status).toBe(201);
    expect((await api.post(`/api/v1/security/roles/${role.body.id}/permissions/`, { permission_view_menu_ids: [salesPair.id] })).status).toBe(200);
    salesOnlyId = (await t.addUser('salesOnly', ['Gamma', 'sql_lab', 'sales_analyst'])).id;
  });
  afterAll(async () => t?.close());

  const as = (who: Who) => (who === null ? null : who);
  const ids = async (url: string, who: Who) => {
    const res = await api.get(url, as(who));
    expect(res.status, `${who} GET ${url}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
    return (res.body.ids as number[]).slice().sort((a, b) => a - b);
  };
  const chartData = (datasetId: number, who: Who, extra: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers: who ? t.headers(who) : {},
      payload: { datasource: { id: datasetId, type: 'table' }, queries: [{ columns: ['region'], metrics: ['count'] }], result_format: 'json', result_type: 'full', ...extra },
    });
  const expectNamedDenial = (res: { statusCode: number; body: string }, type: string, names: RegExp) => {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(403);
    const body = JSON.parse(res.body);
    const error = body.errors?.[0] ?? body;
    expect(error.error_type ?? body.error_type).toBe(type);
    expect(error.message).toMatch(names);
  };

  it('lists only the datasets, databases, charts and dashboards a caller may reach', async () => {
    const both = (key: 'id' | 'databaseId' | 'chartId' | 'dashboardId') => [sales[key], returns[key]].sort((a, b) => a - b);
    for (const who of ['admin', 'alpha'] as const) {
      expect(await ids('/api/v1/dataset/', who)).toEqual(both('id'));
      expect(await ids('/api/v1/database/', who)).toEqual(both('databaseId'));
      expect(await ids('/api/v1/chart/', who)).toEqual(both('chartId'));
      expect(await ids('/api/v1/dashboard/', who)).toEqual(both('dashboardId'));
    }
    expect(await ids('/api/v1/dataset/', 'salesOnly')).toEqual([sales.id]);
    expect(await ids('/api/v1/database/', 'salesOnly')).toEqual([sales.databaseId]);
    expect(await ids('/api/v1/chart/', 'salesOnly')).toEqual([sales.chartId]);
    expect(await ids('/api/v1/dashboard/', 'salesOnly')).toEqual([sales.dashboardId]);
    for (const url of ['/api/v1/dataset/', '/api/v1/database/', '/api/v1/chart/', '/api/v1/dashboard/']) {
      expect(await ids(url, 'viewer')).toEqual([]);
      expect((await api.get(url, null)).status).toBe(401);
    }
    // Pickers and distinct values read through the same rule.
    const related = await api.get('/api/v1/chart/related/datasource', 'salesOnly');
    if (related.status === 200) expect(related.body.result.map((r: any) => r.value)).not.toContain(returns.id);
    const distinct = await api.get('/api/v1/dataset/distinct/table_name', 'salesOnly');
    expect(distinct.status).toBe(200);
    expect(distinct.body.result.map((r: any) => r.value)).toEqual(['sales']);
  });

  it('refuses a hidden dataset, chart, database or dashboard by id with a 403 naming the missing grant', async () => {
    const dataset = await t.app.inject({ method: 'GET', url: `/api/v1/dataset/${returns.id}`, headers: t.headers('salesOnly') });
    expectNamedDenial(dataset, 'DATASOURCE_SECURITY_ACCESS_ERROR', new RegExp(`returns.*datasource_access on \\[[^\\]]+\\]\\.\\[returns\\]\\(id:${returns.id}\\)`));
    const chart = await t.app.inject({ method: 'GET', url: `/api/v1/chart/${returns.chartId}`, headers: t.headers('salesOnly') });
    expectNamedDenial(chart, 'DATASOURCE_SECURITY_ACCESS_ERROR', /dataset returns of the chart returns board chart/);
    const database = await t.app.inject({ method: 'GET', url: `/api/v1/database/${returns.databaseId}`, headers: t.headers('salesOnly') });
    expectNamedDenial(database, 'DATABASE_SECURITY_ACCESS_ERROR', new RegExp(`database_access on .*\\(id:${returns.databaseId}\\)`));
    const dashboard = await t.app.inject({ method: 'GET', url: `/api/v1/dashboard/${returns.dashboardId}`, headers: t.headers('salesOnly') });
    expectNamedDenial(dashboard, 'DASHBOARD_SECURITY_ACCESS_ERROR', /access to this dashboard/);
    expect((await api.get(`/api/v1/dataset/${sales.id}`, 'salesOnly')).status).toBe(200);
    expect((await api.get(`/api/v1/dataset/${returns.id}/related_objects`, 'salesOnly')).status).toBe(403);
    const meta = await t.app.inject({ method: 'GET', url: `/superset/fetch_datasource_metadata?datasourceKey=${returns.id}__table`, headers: t.headers('salesOnly') });
    expectNamedDenial(meta, 'DATASOURCE_SECURITY_ACCESS_ERROR', /returns/);
    // A dashboard lists only the datasets the caller may query.
    const datasets = await api.get(`/api/v1/dashboard/${sales.dashboardId}/datasets`, 'salesOnly');
    expect(datasets.body.result.map((d: any) => d.id)).toEqual([sales.id]);
  });

  it('answers chart data, samples and CSV only on granted datasets', async () => {
    for (const who of ['admin', 'alpha', 'salesOnly'] as const) expect((await chartData(sales.id, who)).statusCode).toBe(200);
    expect((await chartData(returns.id, 'alpha')).statusCode).toBe(200);
    for (const extra of [{}, { result_type: 'samples' }, { result_format: 'csv' }, { result_type: 'drill_detail' }]) {
      expectNamedDenial(await chartData(returns.id, 'salesOnly', extra), 'DATASOURCE_SECURITY_ACCESS_ERROR', /You need access to the dataset returns/);
      expectNamedDenial(await chartData(sales.id, 'viewer', extra), 'DATASOURCE_SECURITY_ACCESS_ERROR', /You need access to the dataset sales/);
    }
    expect((await chartData(sales.id, null)).statusCode).toBe(401);
    const saved = await t.app.inject({ method: 'GET', url: `/api/v1/chart/${returns.chartId}/data/`, headers: t.headers('salesOnly') });
    expect(saved.statusCode).toBe(403);
  });

  it('browses only granted tables and runs SQL only with a database grant', async () => {
    const tables = await api.get(`/api/v1/database/${sales.databaseId}/tables/?${q({ schema_name: 'main' })}`, 'salesOnly');
    expect(tables.status).toBe(200);
    expect(tables.body.result.map((r: any) => r.value)).toEqual(['sales']);
    expect((await api.get(`/api/v1/database/${returns.databaseId}/tables/?${q({ schema_name: 'main' })}`, 'salesOnly')).status).toBe(404);
    expect((await api.get(`/api/v1/database/${sales.databaseId}/table_metadata/?name=sales&schema=main`, 'salesOnly')).status).toBe(200);
    const sql = (databaseId: number, who: Who) => api.post('/api/v1/sqllab/execute/', { database_id: databaseId, sql: 'SELECT COUNT(*) AS n FROM sales', runAsync: false }, as(who));
    const denied = await sql(sales.databaseId, 'salesOnly');
    expect(denied.status).toBe(403);
    expect(denied.body.errors?.[0]?.error_type ?? denied.body.error_type).toBe('DATABASE_SECURITY_ACCESS_ERROR');
    expect(JSON.stringify(denied.body)).toMatch(new RegExp(`database_access on \\[[^\\]]+\\]\\.\\(id:${sales.databaseId}\\)`));
    expect((await sql(returns.databaseId, 'salesOnly')).status).toBe(404);
    expect((await sql(sales.databaseId, 'alpha')).status).toBe(200);
  });

  it('recent activity names no chart the caller may no longer query', async () => {
    const dttm = new Date().toISOString();
    for (const sliceId of [sales.chartId, returns.chartId]) {
      await t.ctx.store.db.insertInto('logs').values({ action: 'explore', user_id: salesOnlyId, slice_id: sliceId, dashboard_id: null, json: '{}', dttm, duration_ms: null, referrer: null } as never).execute();
    }
    const recent = await api.get(`/api/v1/log/recent_activity/?${q({ actions: ['explore'], distinct: true, page: 0, page_size: 10 })}`, 'salesOnly');
    expect(recent.status, JSON.stringify(recent.body)).toBe(200);
    expect(recent.body.result.map((item: any) => item.item_title)).toEqual(['sales board chart']);
  });

  it('exports nothing outside the caller’s data', async () => {
    const exportAs = (who: Who | string, url: string) => t.app.inject({ method: 'GET', url, headers: t.headers(who as string) });
    const both = exportAs('alpha', `/api/v1/dashboard/export/?${q([sales.dashboardId, returns.dashboardId])}`);
    expect((await both).statusCode).toBe(200);
    // salesOnly holds no can_export: refused before any data is read.
    expect((await exportAs('salesOnly', `/api/v1/dataset/export/?${q([sales.id])}`)).statusCode).toBe(403);
    // An exporter granted only the sales dataset: a bundle carries its database's connection, so it is refused
    // naming the database; the returns dashboard is not even visible.
    const pairs = (await api.get(`/api/v1/security/permissions-resources/?${q({ page_size: 100 })}`)).body.result as any[];
    const pick = (permission: string, view: string) => pairs.find((p) => p.permission.name === permission && p.view_menu.name === view)?.id;
    const salesPair = pairs.find((p) => p.permission.name === 'datasource_access' && p.view_menu.name.endsWith(`(id:${sales.id})`)).id;
    const role = await api.post('/api/v1/security/roles/', { name: 'sales_exporter' });
    const granted = [pick('can_export', 'Dashboard'), pick('can_read', 'Dashboard'), pick('can_export', 'Dataset'), pick('can_read', 'Dataset'), salesPair];
    expect(granted.every((id) => typeof id === 'number')).toBe(true);
    await api.post(`/api/v1/security/roles/${role.body.id}/permissions/`, { permission_view_menu_ids: granted });
    await t.addUser('exporter', ['sales_exporter']);
    const ownDashboard = await exportAs('exporter', `/api/v1/dashboard/export/?${q([sales.dashboardId])}`);
    expectNamedDenial(ownDashboard, 'DATABASE_SECURITY_ACCESS_ERROR', /database_access on/);
    expect((await exportAs('exporter', `/api/v1/dataset/export/?${q([returns.id])}`)).statusCode).toBe(404);
    expect((await exportAs('exporter', `/api/v1/dashboard/export/?${q([returns.dashboardId])}`)).statusCode).toBe(404);
  });

  it('a grant given through the API takes effect, and withdrawing it hides the data again', async () => {
    const roles = (await api.get(`/api/v1/security/roles/?${q({ filters: [{ col: 'name', opr: 'eq', value: 'sales_analyst' }] })}`)).body.result;
    const roleId = roles[0].id;
    const pairs = (await api.get(`/api/v1/security/permissions-resources/?${q({ page_size: 100, filters: [{ col: 'permission.name', opr: 'eq', value: 'database_access' }] })}`)).body.result;
    const returnsDb = pairs.find((pair: any) => pair.view_menu.name.endsWith(`(id:${returns.databaseId})`));
    const current = (await api.get(`/api/v1/security/roles/${roleId}/permissions/`)).body.result.map((p: any) => p.id);
    expect((await api.post(`/api/v1/security/roles/${roleId}/permissions/`, { permission_view_menu_ids: [...current, returnsDb.id] })).status).toBe(200);
    expect((await chartData(returns.id, 'salesOnly')).statusCode).toBe(200);
    expect(await ids('/api/v1/dataset/', 'salesOnly')).toEqual([sales.id, returns.id].sort((a, b) => a - b));
    const sqlRes = await api.post('/api/v1/sqllab/execute/', { database_id: returns.databaseId, sql: 'SELECT COUNT(*) AS n FROM returns', runAsync: false }, 'salesOnly');
    expect(sqlRes.status, JSON.stringify(sqlRes.body).slice(0, 300)).toBe(200);
    expect((await api.post(`/api/v1/security/roles/${roleId}/permissions/`, { permission_view_menu_ids: current })).status).toBe(200);
    expect((await chartData(returns.id, 'salesOnly')).statusCode).toBe(403);
  });
  it('a dashboard lists only the charts the caller may query, and an editor places only such charts', async () => {
    const mixed = await seedDashboard(t, { title: 'mixed board', datasetIds: [sales.id, returns.id] });
    const chartsOf = async (who: Who) => {
      const res = await api.get(`/api/v1/dashboard/${mixed.dashboardId}/charts`, as(who));
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      return res.body.result.map((c: any) => c.id);
    };
    expect(await chartsOf('salesOnly')).toEqual([mixed.chartIds[0]]);
    expect(await chartsOf('alpha')).toEqual(mixed.chartIds);

    // A dashboard writer granted only the sales dataset.
    const pairs = (await api.get(`/api/v1/security/permissions-resources/?${q({ page_size: 100, filters: [{ col: 'permission.name', opr: 'eq', value: 'can_write' }] })}`)).body.result as any[];
    const writeDashboard = pairs.find((p) => p.view_menu.name === 'Dashboard')?.id;
    expect(typeof writeDashboard).toBe('number');
    const role = await api.post('/api/v1/security/roles/', { name: 'dashboard_writer' });
    expect((await api.post(`/api/v1/security/roles/${role.body.id}/permissions/`, { permission_view_menu_ids: [writeDashboard] })).status).toBe(200);
    await t.addUser('salesWriter', ['Gamma', 'sales_analyst', 'dashboard_writer']);
    const position = (...chartIds: number[]) =>
      JSON.stringify({
        DASHBOARD_VERSION_KEY: 'v2',
        ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
        GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'] },
        'ROW-1': { id: 'ROW-1', type: 'ROW', children: chartIds.map((id) => `CHART-${id}`), parents: ['ROOT_ID', 'GRID_ID'] },
        ...Object.fromEntries(chartIds.map((id) => [`CHART-${id}`, { id: `CHART-${id}`, type: 'CHART', children: [], meta: { chartId: id, width: 4, height: 50 } }])),
      });
    const refused = await api.post('/api/v1/dashboard/', { dashboard_title: 'with returns', position_json: position(sales.chartId, returns.chartId) }, 'salesWriter');
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.message).toMatch(new RegExp(`chart ${returns.chartId}\\b.*may not query`));
    expect(await t.ctx.store.db.selectFrom('dashboards').select('id').where('dashboard_title', '=', 'with returns').execute()).toEqual([]);
    const own = await api.post('/api/v1/dashboard/', { dashboard_title: 'sales only', position_json: position(sales.chartId) }, 'salesWriter');
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const edit = await api.put(`/api/v1/dashboard/${own.body.id}`, { position_json: position(sales.chartId, returns.chartId) }, 'salesWriter');
    expect(edit.status).toBe(403);
    expect(edit.body.message).toMatch(new RegExp(`chart ${returns.chartId}\\b`));
    // all_datasource_access places any chart.
    expect((await api.post('/api/v1/dashboard/', { dashboard_title: 'alpha both', position_json: position(sales.chartId, returns.chartId) }, 'alpha')).status).toBe(201);
  });

  it('related/database pickers list only databases the caller may reach', async () => {
    for (const url of ['/api/v1/dataset/related/database', '/api/v1/saved_query/related/database']) {
      const salesOnly = await api.get(url, 'salesOnly');
      expect(salesOnly.status, `${url}: ${JSON.stringify(salesOnly.body).slice(0, 200)}`).toBe(200);
      expect(salesOnly.body.result.map((r: any) => r.value)).toEqual([sales.databaseId]);
      const alpha = (await api.get(url, 'alpha')).body.result.map((r: any) => r.value);
      expect(alpha).toEqual(expect.arrayContaining([sales.databaseId, returns.databaseId]));
    }
  });

  it('the SQL Lab bootstrap lists only databases held whole', async () => {
    const bootstrap = async (who: Who) => {
      const res = await api.get('/api/v1/sqllab/', as(who));
      expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(200);
      return res.body.result;
    };
    const salesOnly = await bootstrap('salesOnly');
    expect(Object.keys(salesOnly.databases)).toEqual([]);
    expect(salesOnly.common.conf.DEFAULT_DB_ID).toBeNull();
    const alpha = await bootstrap('alpha');
    expect(Object.keys(alpha.databases).map(Number)).toEqual(expect.arrayContaining([sales.databaseId, returns.databaseId]));
  });
  it('a refused chart not on a dataset names no dataset that shares its datasource id', async () => {
    const now = new Date().toISOString();
    const chart = await t.ctx.store.db
      .insertInto('slices')
      .values({ uuid: `q-${Math.random()}`, slice_name: 'query chart', viz_type: 'table', datasource_id: sales.id, datasource_type: 'query', params: '{}', is_managed_externally: 0, created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/chart/${chart.id}`, headers: t.headers('salesOnly') });
    expectNamedDenial(res, 'DATASOURCE_SECURITY_ACCESS_ERROR', /^You do not have access to the data of the chart query chart$/);
  });
});
