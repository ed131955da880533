import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDashboard, seedSalesDataset } from '../embedding/test-seed';
import { closeAllConnections } from '../engines';
import { insertLogRows } from '../event-log/log-events';
import { nowIso } from '../metadata/connect';
import { createTestApp, type TestApp } from '../testing/harness';

/** An unpublished dashboard of someone else is not even named to a user who cannot open it. */
describe('unpublished dashboard titles', () => {
  let t: TestApp;
  let datasetId: number;
  let draftId: number;
  let publicId: number;
  let chartId: number;
  const SECRET = 'Q3 layoffs plan';

  const get = async (url: string, user: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: t.headers(user) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.body;
  };
  /** Every endpoint that names dashboards, as seen by `user`. */
  const everything = async (user: string) =>
    [
      await get(`/api/v1/chart/${chartId}`, user),
      await get('/api/v1/chart/?q=(page_size:100)', user),
      await get('/api/v1/dashboard/?q=(page_size:100)', user),
      await get('/api/v1/chart/related/dashboards', user),
      await get(`/api/v1/chart/related/dashboards?q=(include_ids:!(${draftId}))`, user),
      await get('/api/v1/chart/related/dashboards?q=(filter:layoffs)', user),
      await get('/api/v1/dashboard/distinct/dashboard_title', user),
      await get(`/api/v1/dataset/${datasetId}/related_objects`, user),
      await get('/api/v1/log/recent_activity/?q=(distinct:!f)', user),
    ].join('\n');

  beforeAll(async () => {
    t = await createTestApp();
    datasetId = await seedSalesDataset(t);
    const draft = await seedDashboard(t, { title: SECRET, datasetIds: [datasetId], ownerId: t.users.admin.id });
    draftId = draft.dashboardId;
    chartId = draft.chartIds[0]!;
    publicId = (await seedDashboard(t, { title: 'Public sales', datasetIds: [] })).dashboardId;
    await t.ctx.store.db.insertInto('dashboard_slices').values({ dashboard_id: publicId, slice_id: chartId }).execute();
    await t.ctx.store.db.updateTable('dashboards').set({ published: 0, created_by_fk: t.users.admin.id }).where('id', '=', draftId).execute();
    // The seeded chart is named after its dashboard; a chart's own name is not the dashboard's secret.
    await t.ctx.store.db.updateTable('slices').set({ slice_name: 'Sales chart' }).where('id', '=', chartId).execute();
    // alpha once viewed the dashboard (before it was unpublished, say).
    await insertLogRows(t.ctx, [{ action: 'dashboard', user_id: t.users.alpha.id, dashboard_id: draftId, slice_id: null, json: '{}', dttm: nowIso(), duration_ms: null, referrer: null }]);
  });
  afterAll(async () => {
    await closeAllConnections();
    await t.close();
  });

  it('is hidden from a user who cannot open the dashboard', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/dashboard/${draftId}`, headers: t.headers('alpha') })).statusCode).toBe(403);
    const seen = await everything('alpha');
    expect(seen).toContain('Public sales');
    expect(seen).not.toContain(SECRET);
    const chart = JSON.parse(await get(`/api/v1/chart/${chartId}`, 'alpha'));
    expect(chart.result.dashboards.map((d: { id: number }) => d.id)).toEqual([publicId]);
  });

  it("is not named in a report an admin shared with a user who cannot open the dashboard", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/report/',
      headers: t.headers('admin'),
      payload: {
        type: 'Report',
        name: 'Draft report',
        crontab: '0 9 * * 1',
        timezone: 'UTC',
        creation_method: 'dashboards',
        dashboard: draftId,
        report_format: 'PNG',
        recipients: [{ type: 'Email', recipient_config_json: { target: 'a@example.org' } }],
        owners: [t.users.admin.id, t.users.alpha.id],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const asAlpha = await get(`/api/v1/report/?q=(select_columns:!(id,name,dashboard))`, 'alpha');
    expect(asAlpha).toContain('Draft report');
    expect(asAlpha).not.toContain(SECRET);
    expect(await get(`/api/v1/report/${id}`, 'alpha')).not.toContain(SECRET);
    expect(await get(`/api/v1/report/${id}`, 'admin')).toContain(SECRET);
  });

  it('is shown to its owner and to admins', async () => {
    expect(await everything('admin')).toContain(SECRET);
    const chart = JSON.parse(await get(`/api/v1/chart/${chartId}`, 'admin'));
    expect(chart.result.dashboards.map((d: { id: number }) => d.id).sort()).toEqual([draftId, publicId].sort());
  });

  it('is shown once the dashboard is published', async () => {
    await t.ctx.store.db.updateTable('dashboards').set({ published: 1 }).where('id', '=', draftId).execute();
    try {
      expect(await everything('alpha')).toContain(SECRET);
    } finally {
      await t.ctx.store.db.updateTable('dashboards').set({ published: 0 }).where('id', '=', draftId).execute();
    }
  });
});
