import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, q, seedDataset } from '../resources/test-support';
import { createTestApp, type TestApp } from '../testing/harness';

/**
 * The calls the reports list page (/report/list/) and its execution log (/report/{id}/log/) make: the list
 * with the target's name and the recipients' addresses picked by select_columns, the chart and dashboard
 * pickers, and the log of one report, which only its owners and admins may read.
 */
describe('reports list page API', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let chartId: number;
  let dashboardId: number;

  beforeAll(async () => {
    t = await createTestApp({ config: { reports: { tickSeconds: 30, renderUrl: null, publicUrl: null, chromiumPath: '/usr/bin/chromium', webhookTimeoutSeconds: 5, schedulerEnabled: false } } });
    api = client(t);
    const { datasetId } = await seedDataset(t);
    chartId = (await api.post('/api/v1/chart/', { slice_name: 'Listed chart', viz_type: 'table', datasource_id: datasetId, datasource_type: 'table' }, 'alpha')).body.id;
    dashboardId = (await api.post('/api/v1/dashboard/', { dashboard_title: 'Listed dashboard' }, 'alpha')).body.id;
  });
  afterAll(async () => t?.close());

  const report = async (user: string, extra: Record<string, unknown>) => {
    const created = await api.post(
      '/api/v1/report/',
      { type: 'Report', name: `R ${randomBytes(4).toString('hex')}`, crontab: '0 9 * * 1', timezone: 'UTC', report_format: 'PNG', recipients: [{ type: 'Email', recipient_config_json: { target: `${user}@example.org` } }], ...extra },
      user,
    );
    expect(created.status).toBe(201);
    return created.body.id as number;
  };

  const addLog = (reportId: number, day: string, state: string, error: string | null = null) =>
    t.ctx.store.db
      .insertInto('report_execution_log')
      .values({ uuid: randomBytes(8).toString('hex'), report_schedule_id: reportId, scheduled_dttm: `${day}T09:00:00.000Z`, start_dttm: `${day}T09:00:01.000Z`, end_dttm: `${day}T09:00:04.500Z`, value: null, value_row_json: null, state, error_message: error })
      .execute();

  it('names the chart or dashboard and lists recipient addresses when select_columns asks for them', async () => {
    const onChart = await report('alpha', { chart: chartId, creation_method: 'charts' });
    const onDashboard = await report('alpha', { dashboard: dashboardId, creation_method: 'dashboards' });
    const select_columns = ['id', 'name', 'chart.id', 'chart.slice_name', 'dashboard.id', 'dashboard.dashboard_title', 'recipient_targets', 'created_by.first_name'];
    const listed = await api.get(`/api/v1/report/?${q({ select_columns, filters: [{ col: 'id', opr: 'in', value: [onChart, onDashboard] }], order_column: 'id', order_direction: 'asc' })}`, 'alpha');
    expect(listed.status).toBe(200);
    expect(listed.body.result).toEqual([
      { id: onChart, name: expect.any(String), chart: { id: chartId, slice_name: 'Listed chart' }, dashboard: null, recipient_targets: ['alpha@example.org'], created_by: { first_name: expect.any(String) } },
      { id: onDashboard, name: expect.any(String), chart: null, dashboard: { id: dashboardId, dashboard_title: 'Listed dashboard' }, recipient_targets: ['alpha@example.org'], created_by: { first_name: expect.any(String) } },
    ]);
    // The default list keeps the incumbent's shape: ids only, no addresses.
    const plain = await api.get(`/api/v1/report/?${q({ filters: [{ col: 'id', opr: 'eq', value: onChart }] })}`, 'alpha');
    expect(plain.body.result[0]).not.toHaveProperty('recipient_targets');
    expect(plain.body.result[0]).not.toHaveProperty('chart');
    expect(plain.body.result[0].chart_id).toBe(chartId);
  });

  it('offers charts and dashboards to the filter pickers and filters by them', async () => {
    const charts = await api.get(`/api/v1/report/related/chart?${q({ filter: 'Listed' })}`, 'alpha');
    expect(charts.status).toBe(200);
    expect(charts.body.result).toContainEqual(expect.objectContaining({ value: chartId, text: 'Listed chart' }));
    const dashboards = await api.get(`/api/v1/report/related/dashboard?${q({ filter: 'Listed' })}`, 'alpha');
    expect(dashboards.body.result).toContainEqual(expect.objectContaining({ value: dashboardId, text: 'Listed dashboard' }));
    const byChart = await api.get(`/api/v1/report/?${q({ filters: [{ col: 'chart', opr: 'rel_o_m', value: chartId }] })}`, 'alpha');
    expect(byChart.body.count).toBeGreaterThan(0);
    expect(byChart.body.result.every((r: { chart_id: number }) => r.chart_id === chartId)).toBe(true);
  });

  it('lists one report’s runs, newest first, paged, for its owner and admins only', async () => {
    const id = await report('alpha', { dashboard: dashboardId, creation_method: 'dashboards' });
    await addLog(id, '2025-01-06', 'Success');
    await addLog(id, '2025-01-13', 'Error', 'Failed taking a screenshot');
    await addLog(id, '2025-01-20', 'Success');

    const log = await api.get(`/api/v1/report/${id}/log/`, 'alpha');
    expect(log.status).toBe(200);
    expect(log.body.count).toBe(3);
    expect(log.body.result.map((r: { start_dttm: string }) => r.start_dttm.slice(0, 10))).toEqual(['2025-01-20', '2025-01-13', '2025-01-06']);
    expect(log.body.result[1]).toMatchObject({ state: 'Error', error_message: 'Failed taking a screenshot', end_dttm: expect.stringContaining('2025-01-13') });

    const page = await api.get(`/api/v1/report/${id}/log/?${q({ page: 1, page_size: 2 })}`, 'alpha');
    expect(page.body.count).toBe(3);
    expect(page.body.result).toHaveLength(1);
    expect((await api.get(`/api/v1/report/${id}/log/?${q({ order_column: 'value' })}`, 'alpha')).status).toBe(400);

    expect((await api.get(`/api/v1/report/${id}/log/`, 'admin')).body.count).toBe(3);
    const stranger = await t.addUser('alpha_stranger', ['Alpha']);
    expect((await api.get(`/api/v1/report/${id}/log/`, stranger.username)).status).toBe(404);
    expect((await api.get(`/api/v1/report/${id}/log/`, 'gamma')).status).toBe(403);
  });
});
