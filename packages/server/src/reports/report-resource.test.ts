import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, q, seedDataset } from '../resources/test-support';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';

describe.each(METADATA_DIALECTS)('report resource (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let chartId: number;
  let dashboardId: number;

  beforeAll(async () => {
    t = await createTestApp({ dialect, config: { reports: { ...defaults(), schedulerEnabled: false } } });
    api = client(t);
    const { datasetId } = await seedDataset(t);
    const chart = await api.post('/api/v1/chart/', { slice_name: 'Report chart', viz_type: 'table', datasource_id: datasetId, datasource_type: 'table' }, 'alpha');
    chartId = chart.body.id;
    const dashboard = await api.post('/api/v1/dashboard/', { dashboard_title: 'Report dashboard' }, 'alpha');
    dashboardId = dashboard.body.id;
  });
  afterAll(async () => t?.close());

  const email = (target = 'alpha@example.org') => [{ type: 'Email', recipient_config_json: { target } }];
  const body = (extra: Record<string, unknown> = {}) => ({
    type: 'Report',
    name: `Weekly ${Math.random().toString(36).slice(2, 8)}`,
    crontab: '0 9 * * 1',
    timezone: 'Europe/Paris',
    creation_method: 'dashboards',
    dashboard: dashboardId,
    report_format: 'PNG',
    recipients: email(),
    ...extra,
  });

  it('creates, reads, lists, updates, toggles and deletes a report', async () => {
    const created = await api.post('/api/v1/report/', body({ name: 'Monday dashboard' }), 'alpha');
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(created.body.result.name).toBe('Monday dashboard');

    const got = await api.get(`/api/v1/report/${id}`, 'alpha');
    expect(got.status).toBe(200);
    expect(got.body.result).toMatchObject({
      name: 'Monday dashboard',
      type: 'Report',
      active: true,
      crontab: '0 9 * * 1',
      timezone: 'Europe/Paris',
      report_format: 'PNG',
      creation_method: 'dashboards',
      dashboard: { id: dashboardId, dashboard_title: 'Report dashboard' },
      chart: null,
      last_state: 'Not triggered',
      working_timeout: 3600,
      grace_period: 14400,
      log_retention: 90,
    });
    expect(JSON.parse(got.body.result.recipients[0].recipient_config_json)).toEqual({ target: 'alpha@example.org' });
    expect(got.body.result.owners.map((o: { id: number }) => o.id)).toEqual([t.users.alpha.id]);

    // The UI's list call (spec 3 §7): dashboard_id, creation_method and created_by.
    const filters = [
      { col: 'dashboard_id', opr: 'eq', value: dashboardId },
      { col: 'creation_method', opr: 'eq', value: 'dashboards' },
      { col: 'created_by', opr: 'rel_o_m', value: t.users.alpha.id },
    ];
    const listed = await api.get(`/api/v1/report/?${q({ filters })}`, 'alpha');
    expect(listed.status).toBe(200);
    expect(listed.body.count).toBe(1);
    expect(listed.body.result[0]).toMatchObject({ id, name: 'Monday dashboard', dashboard_id: dashboardId, crontab_humanized: 'At 09:00 AM, only on Monday' });

    const edited = await api.put(`/api/v1/report/${id}`, { name: 'Monday dashboard v2', crontab: '30 8 * * 1-5', recipients: email('a@x.org, b@y.org') }, 'alpha');
    expect(edited.status).toBe(200);
    const toggled = await api.put(`/api/v1/report/${id}`, { active: false }, 'alpha');
    expect(toggled.status).toBe(200);
    const after = (await api.get(`/api/v1/report/${id}`, 'alpha')).body.result;
    expect(after).toMatchObject({ name: 'Monday dashboard v2', crontab: '30 8 * * 1-5', active: false });
    expect(JSON.parse(after.recipients[0].recipient_config_json).target).toBe('a@x.org, b@y.org');

    const log = await api.get(`/api/v1/report/${id}/log/`, 'alpha');
    expect(log.body).toEqual({ count: 0, ids: [], result: [] });

    expect((await api.del(`/api/v1/report/${id}`, 'alpha')).status).toBe(200);
    expect((await api.get(`/api/v1/report/${id}`, 'alpha')).status).toBe(404);
  });

  it('shows a user only the reports they created; admins see all', async () => {
    const mine = await api.post('/api/v1/report/', body(), 'alpha');
    const other = await t.addUser(`alpha2_${dialect}`, ['Alpha']);
    const theirs = await api.post('/api/v1/report/', body(), other.username);
    expect(theirs.status).toBe(201);
    const alphaIds = (await api.get('/api/v1/report/', 'alpha')).body.result.map((r: { id: number }) => r.id);
    expect(alphaIds).toContain(mine.body.id);
    expect(alphaIds).not.toContain(theirs.body.id);
    expect((await api.get(`/api/v1/report/${theirs.body.id}`, 'alpha')).status).toBe(404);
    expect((await api.put(`/api/v1/report/${theirs.body.id}`, { active: false }, 'alpha')).status).toBe(404);
    const adminIds = (await api.get('/api/v1/report/?q=(page_size:100)', 'admin')).body.result.map((r: { id: number }) => r.id);
    expect(adminIds).toEqual(expect.arrayContaining([mine.body.id, theirs.body.id]));
    // Gamma has no ReportSchedule permission.
    expect((await api.get('/api/v1/report/', 'gamma')).status).toBe(403);
  });

  it('validates crontab, timezone, recipients, format and target', async () => {
    const bad = async (extra: Record<string, unknown>) => api.post('/api/v1/report/', body(extra), 'alpha');
    expect((await bad({ crontab: '61 * * * *' })).body.message).toMatch(/crontab/);
    expect((await bad({ crontab: '* * * * * *' })).status).toBe(400);
    expect((await bad({ timezone: 'Mars/Olympus' })).body.message).toMatch(/time zone/);
    expect((await bad({ recipients: email('not-an-address') })).body.message).toMatch(/invalid e-mail/);
    expect((await bad({ recipients: [{ type: 'Webhook', recipient_config_json: { target: 'ftp://x.org/' } }] })).body.message).toMatch(/http\(s\) URL/);
    expect((await bad({ recipients: [{ type: 'Pigeon', recipient_config_json: { target: 'x' } }] })).status).toBe(400);
    expect((await bad({ report_format: 'XLSX' })).status).toBe(400);
    const csvDashboard = await bad({ report_format: 'CSV' });
    expect(csvDashboard.status).toBe(422);
    const both = await bad({ chart: chartId });
    expect(both.status).toBe(422);
    expect(both.body.message).toBe('Choose a chart or dashboard not both');
    expect((await bad({ dashboard: null })).status).toBe(422);
    expect((await bad({ dashboard: 999999 })).status).toBe(422);
    expect((await bad({ unknown_field: 1 })).status).toBe(400);
    const missing = await api.post('/api/v1/report/', { type: 'Report', name: 'x' }, 'alpha');
    expect(missing.status).toBe(400);

    const chartCsv = await bad({ dashboard: null, chart: chartId, creation_method: 'charts', report_format: 'CSV' });
    expect(chartCsv.status).toBe(201);
    const webhook = await bad({ recipients: [{ type: 'Webhook', recipient_config_json: { target: 'https://hooks.example.org/x' } }] });
    expect(webhook.status).toBe(201);
    // An edit is checked against the stored row: a chart-less dashboard report cannot become CSV.
    expect((await api.put(`/api/v1/report/${webhook.body.id}`, { report_format: 'TEXT' }, 'alpha')).status).toBe(422);
  });

  it('refuses a duplicate name for the same type with 422', async () => {
    const first = await api.post('/api/v1/report/', body({ name: 'Unique name' }), 'alpha');
    expect(first.status).toBe(201);
    const again = await api.post('/api/v1/report/', body({ name: 'Unique name' }), 'alpha');
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Name must be unique');
    const other = await api.post('/api/v1/report/', body({ name: 'Other name' }), 'alpha');
    expect((await api.put(`/api/v1/report/${other.body.id}`, { name: 'Unique name' }, 'alpha')).status).toBe(422);
  });
});

function defaults() {
  return { tickSeconds: 30, renderUrl: null, publicUrl: null, chromiumPath: '/usr/bin/chromium', webhookTimeoutSeconds: 5 };
}
