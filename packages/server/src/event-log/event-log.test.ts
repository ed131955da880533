import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDashboard, seedSalesDataset } from '../embedding/test-seed';
import { mintGuestToken } from '../embedding/guest-tokens';
import { closeAllConnections } from '../engines';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';

describe.each(METADATA_DIALECTS)('event log on %s metadata', (dialect) => {
  let t: TestApp;
  let dashboardId: number;
  let chartId: number;
  const count = async () => Number((await t.ctx.store.db.selectFrom('logs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const datasetId = await seedSalesDataset(t);
    const seeded = await seedDashboard(t, { title: 'Sales board', datasetIds: [datasetId], slug: 'sales' });
    dashboardId = seeded.dashboardId;
    chartId = seeded.chartIds[0]!;
  });
  afterAll(async () => {
    await t.close();
    await closeAllConnections();
  });

  it('stores a batch of 1024 events in rows and refuses 1025 or oversized events', async () => {
    const before = await count();
    const events = Array.from({ length: 1024 }, (_, i) => ({ event_name: 'load_chart', slice_id: chartId, duration: i, ts: Date.now() }));
    const ok = await t.app.inject({ method: 'POST', url: `/superset/log/?explode=events&dashboard_id=${dashboardId}`, headers: { ...t.headers('alpha'), referer: 'http://x/dash' }, payload: { events: JSON.stringify(events) } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({});
    expect((await count()) - before).toBe(1024);
    const row = await t.ctx.store.db.selectFrom('logs').selectAll().where('action', '=', 'load_chart').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: t.users.alpha.id, dashboard_id: dashboardId, slice_id: chartId, duration_ms: 1023, referrer: 'http://x/dash' });

    const tooMany = await t.app.inject({ method: 'POST', url: '/superset/log/?explode=events', headers: t.headers('alpha'), payload: { events: [...events, { event_name: 'x' }] } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/At most 1024 events/);
    const big = await t.app.inject({ method: 'POST', url: '/api/v1/log/', headers: t.headers('alpha'), payload: { events: [{ event_name: 'x', blob: 'y'.repeat(11_000) }] } });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toMatch(/events\[0\] is larger than 10 KB/);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/log/', headers: t.headers('alpha'), payload: { events: '[1]' } })).statusCode).toBe(400);
    // The REST resource answers 201 (created) as the incumbent's does; /superset/log/ answers 200 as above.
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/log/', headers: t.headers('admin'), payload: { events: [{ event_name: 'rest_api_event' }] } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({});
    expect((await t.app.inject({ method: 'POST', url: '/superset/log/', payload: { events: '[]' } })).statusCode).toBe(401);
  });

  it('accepts form and multipart beacons, including a guest token field', async () => {
    const token = await mintGuestToken(t.config, { user: { username: 'viewer', first_name: 'V', last_name: '' }, resources: [{ type: 'dashboard', id: String(dashboardId) }], rls_rules: [] }, 'localhost:80');
    const form = await t.app.inject({
      method: 'POST',
      url: `/superset/log/?explode=events&dashboard_id=${dashboardId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:80' },
      payload: new URLSearchParams({ events: JSON.stringify([{ event_name: 'mount_dashboard' }]), guest_token: token }).toString(),
    });
    expect(form.statusCode).toBe(200);
    const boundary = 'XyZ';
    const multipart = [`--${boundary}`, 'Content-Disposition: form-data; name="events"', '', JSON.stringify([{ event_name: 'spa_navigation' }]), `--${boundary}`, 'Content-Disposition: form-data; name="guest_token"', '', token, `--${boundary}--`, ''].join('\r\n');
    const beacon = await t.app.inject({ method: 'POST', url: '/superset/log/?explode=events', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, host: 'localhost:80' }, payload: multipart });
    expect(beacon.statusCode).toBe(200);
    const rows = await t.ctx.store.db.selectFrom('logs').selectAll().where('action', 'in', ['mount_dashboard', 'spa_navigation']).execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.user_id).toBeNull();
      expect(JSON.parse(row.json!).guest_username).toBe('viewer');
    }
  });

  it('lists the log for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/log/', headers: t.headers('alpha') })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: "/api/v1/log/?q=(filters:!((col:action,opr:eq,value:mount_dashboard)),page:0,page_size:10)", headers: t.headers('admin') });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(1);
    expect(res.json().result[0]).toMatchObject({ action: 'mount_dashboard', dashboard_id: dashboardId, user_id: null });
    const byUser = await t.app.inject({ method: 'GET', url: `/api/v1/log/?q=(filters:!((col:user,opr:eq,value:${t.users.alpha.id})),page_size:5)`, headers: t.headers('admin') });
    expect(byUser.json().count).toBe(1024);
    expect(byUser.json().result).toHaveLength(5);
    expect(byUser.json().result[0].user).toEqual({ username: 'alpha' });
  });

  it('answers recent activity from dashboard views and explored charts, distinct by item', async () => {
    for (let i = 0; i < 2; i++) expect((await t.app.inject({ method: 'GET', url: `/api/v1/dashboard/${dashboardId}`, headers: t.headers('gamma') })).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/api/v1/dashboard/sales', headers: t.headers('admin') });
    const chart = await t.app.inject({ method: 'POST', url: `/api/v1/chart/data?form_data=${encodeURIComponent(JSON.stringify({ slice_id: chartId }))}`, headers: t.headers('gamma') });
    expect(chart.statusCode).toBe(200);
    // Server-side events are written in batches, once a second.
    await new Promise((r) => setTimeout(r, 1300));
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/log/recent_activity/?q=(page:0,page_size:5,distinct:!t)', headers: t.headers('gamma') });
    expect(res.statusCode).toBe(200);
    const items = res.json().result;
    expect(items).toHaveLength(2);
    expect(items.map((i: { item_type: string }) => i.item_type).sort()).toEqual(['dashboard', 'slice']);
    const dash = items.find((i: { item_type: string }) => i.item_type === 'dashboard');
    expect(dash).toMatchObject({ action: 'dashboard', item_url: '/superset/dashboard/sales/', item_title: 'Sales board', time: expect.any(Number), time_delta_humanized: expect.any(String) });
    const slice = items.find((i: { item_type: string }) => i.item_type === 'slice');
    expect(slice).toMatchObject({ action: 'explore', item_url: `/explore/?slice_id=${chartId}`, item_title: 'Sales board chart' });
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/log/recent_activity/?q=(distinct:!f,actions:!(dashboard))', headers: t.headers('gamma') });
    expect(all.json().result).toHaveLength(2);
    const admin = await t.app.inject({ method: 'GET', url: '/api/v1/log/recent_activity/', headers: t.headers('admin') });
    expect(admin.json().result.map((i: { item_url: string }) => i.item_url)).toEqual(['/superset/dashboard/sales/']);
  });
});
