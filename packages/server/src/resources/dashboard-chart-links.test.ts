import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';
import { client, seedDataset } from './test-support';

/** Adding a chart to a dashboard changes the dashboard: it needs the right to edit that dashboard. */
describe.each(METADATA_DIALECTS)('chart <-> dashboard links on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let datasetId: number;
  let adminDashboard: number;
  let alphaDashboard: number;

  const newChart = (as: string, extra: Record<string, unknown> = {}) =>
    api.post('/api/v1/chart/', { slice_name: `c-${Math.random().toString(36).slice(2, 7)}`, viz_type: 'table', datasource_id: datasetId, datasource_type: 'table', ...extra }, as);
  const linkedDashboards = async (chartId: number) =>
    (await t.ctx.store.db.selectFrom('dashboard_slices').select('dashboard_id').where('slice_id', '=', chartId).execute()).map((r) => r.dashboard_id).sort();

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    api = client(t);
    ({ datasetId } = await seedDataset(t));
    adminDashboard = (await api.post('/api/v1/dashboard/', { dashboard_title: 'Board of the admin' })).body.id;
    alphaDashboard = (await api.post('/api/v1/dashboard/', { dashboard_title: 'Board of alpha' }, 'alpha')).body.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses to create a chart on a dashboard the user does not own, naming the dashboard', async () => {
    const res = await newChart('alpha', { dashboards: [alphaDashboard, adminDashboard] });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      `Changing one or more of these dashboards is forbidden: you may not edit dashboard ${adminDashboard}, so this chart cannot be added to or removed from it`,
    );
    // Nothing was written: the transaction rolled back the chart too.
    const charts = await t.ctx.store.db.selectFrom('slices').select('id').where('created_by_fk', '=', t.users.alpha.id).execute();
    for (const chart of charts) expect(await linkedDashboards(chart.id)).not.toContain(adminDashboard);
  });

  it('lets owners add their charts to their own dashboards, and admins to any', async () => {
    const mine = await newChart('alpha', { dashboards: [alphaDashboard] });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    expect(await linkedDashboards(mine.body.id)).toEqual([alphaDashboard]);
    const byAdmin = await newChart('admin', { dashboards: [alphaDashboard, adminDashboard] });
    expect(byAdmin.status).toBe(201);
  });

  it('refuses an update that attaches the chart to, or detaches it from, a dashboard the user cannot edit', async () => {
    const chart = (await newChart('alpha', { dashboards: [alphaDashboard] })).body.id as number;
    const attach = await api.put(`/api/v1/chart/${chart}`, { dashboards: [alphaDashboard, adminDashboard] }, 'alpha');
    expect(attach.status).toBe(403);
    expect(attach.body.message).toMatch(new RegExp(`may not edit dashboard ${adminDashboard},`));
    expect(await linkedDashboards(chart)).toEqual([alphaDashboard]);

    // The admin puts alpha's chart on the admin's dashboard; alpha may still edit the chart and keep that
    // link, but may not remove it from the admin's dashboard.
    expect((await api.put(`/api/v1/chart/${chart}`, { dashboards: [alphaDashboard, adminDashboard] })).status).toBe(200);
    const keep = await api.put(`/api/v1/chart/${chart}`, { slice_name: 'renamed', dashboards: [adminDashboard, alphaDashboard] }, 'alpha');
    expect(keep.status, JSON.stringify(keep.body)).toBe(200);
    const detach = await api.put(`/api/v1/chart/${chart}`, { dashboards: [alphaDashboard] }, 'alpha');
    expect(detach.status).toBe(403);
    expect(await linkedDashboards(chart)).toEqual([alphaDashboard, adminDashboard].sort());
  });

  it('refuses a dashboard layout that places charts the editor cannot read', async () => {
    const chart = (await newChart('admin')).body.id as number;
    const position = JSON.stringify({ 'CHART-a': { type: 'CHART', id: 'CHART-a', children: [], meta: { chartId: chart } } });
    // A dashboard writer without can_read on Chart (a custom role).
    const { db } = t.ctx.store;
    const role = await db.insertInto('ab_role').values({ name: 'BoardWriter' }).returning('id').executeTakeFirstOrThrow();
    for (const permission of ['can_read', 'can_write']) {
      const pv = await db.selectFrom('ab_permission_view').select('id').where('permission', '=', permission).where('view_menu', '=', 'Dashboard').executeTakeFirstOrThrow();
      await db.insertInto('ab_permission_view_role').values({ permission_view_id: pv.id, role_id: role.id }).execute();
    }
    await t.addUser('board_writer', ['BoardWriter']);
    const board = await api.post('/api/v1/dashboard/', { dashboard_title: 'Writer board' }, 'board_writer');
    expect(board.status, JSON.stringify(board.body)).toBe(201);
    const placed = await api.put(`/api/v1/dashboard/${board.body.id}`, { position_json: position }, 'board_writer');
    expect(placed.status).toBe(403);
    expect(placed.body.message).toBe(`position_json places chart ${chart}, which you cannot read`);
    const links = await db.selectFrom('dashboard_slices').select('slice_id').where('dashboard_id', '=', board.body.id).execute();
    expect(links).toEqual([]);
    // Alpha can read the chart and places it on their own dashboard.
    expect((await api.put(`/api/v1/dashboard/${alphaDashboard}`, { position_json: position }, 'alpha')).status).toBe(200);
  });
});
