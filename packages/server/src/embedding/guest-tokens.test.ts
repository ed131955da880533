import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections } from '../engines';
import { issueToken } from '../security/access-tokens';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';
import { guestTokenKey, mintGuestToken } from './guest-tokens';
import { seedDashboard, seedSalesDataset } from './test-seed';

describe.each(METADATA_DIALECTS)('guest tokens on %s metadata', (dialect) => {
  let t: TestApp;
  let salesId: number;
  let otherId: number;
  let filterOnlyId: number;
  let dashA: { dashboardId: number; chartIds: number[] };
  let dashB: { dashboardId: number; chartIds: number[] };

  const mint = (body: unknown, user = 'admin') =>
    t.app.inject({ method: 'POST', url: '/api/v1/security/guest_token/', headers: t.headers(user), payload: body as object });
  const tokenFor = async (body: Record<string, unknown>) => {
    const res = await mint({ user: { username: 'viewer', first_name: 'V', last_name: 'Iewer' }, rls: [], ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  };
  const asGuest = (token: string) => ({ 'x-guesttoken': token });
  /** A guest asks for the saved query of the dataset's chart, or (filter dataset) a native filter's values. */
  const count = async (token: string, datasetId = salesId) => {
    const sliceId = datasetId === salesId ? dashA.chartIds[0] : datasetId === otherId ? dashB.chartIds[0] : null;
    const query = sliceId ? { columns: [], metrics: ['count'] } : { columns: ['region'], metrics: [{ expressionType: 'SIMPLE', aggregate: 'COUNT', column: null, label: 'count' }] };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers: asGuest(token),
      payload: { datasource: { id: datasetId, type: 'table' }, form_data: sliceId ? { slice_id: sliceId } : {}, queries: [query] },
    });
    return { status: res.statusCode, count: res.statusCode === 200 ? (res.json().result[0].data[0].count as number) : null };
  };

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    salesId = await seedSalesDataset(t, 'sales');
    otherId = await seedSalesDataset(t, 'other');
    filterOnlyId = await seedSalesDataset(t, 'filter_values');
    dashA = await seedDashboard(t, {
      title: 'A',
      datasetIds: [salesId],
      jsonMetadata: { native_filter_configuration: [{ id: 'NATIVE_FILTER-1', targets: [{ datasetId: filterOnlyId, column: { name: 'region' } }] }] },
    });
    dashB = await seedDashboard(t, { title: 'B', datasetIds: [otherId] });
  });
  afterAll(async () => {
    await closeAllConnections();
    await t.close();
  });

  it('mints a token only for accounts with can_grant_guest_token', async () => {
    const body = { user: { username: 'viewer' }, resources: [{ type: 'dashboard', id: dashA.dashboardId }], rls: [] };
    expect((await mint(body, 'gamma')).statusCode).toBe(403);
    expect((await mint(body, 'alpha')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/security/guest_token/', payload: body })).statusCode).toBe(401);
    const res = await mint({ ...body, rls: [{ dataset: salesId, clause: "region = 'North'" }] });
    expect(res.statusCode).toBe(200);
    const claims = decodeJwt(res.json().token);
    expect(claims).toMatchObject({
      user: { username: 'viewer', first_name: '', last_name: '' },
      resources: [{ type: 'dashboard', id: String(dashA.dashboardId) }],
      rls_rules: [{ dataset: salesId, clause: "region = 'North'" }],
      type: 'guest',
      aud: 'localhost:80',
    });
    expect(claims.exp! - claims.iat!).toBe(300);
  });

  it('accepts rls.dataset as a string of digits, as the incumbent\'s clients send it, and stores the number', async () => {
    const body = { user: { username: 'viewer' }, resources: [{ type: 'dashboard', id: dashA.dashboardId }], rls: [{ dataset: String(salesId), clause: "region = 'North'" }] };
    const res = await mint(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(decodeJwt(res.json().token).rls_rules).toEqual([{ dataset: salesId, clause: "region = 'North'" }]);
    for (const dataset of ['012', '1e3', ' 5', '-3', '0x0c', '5.0', '', '99999999999999999999']) {
      const refused = await mint({ ...body, rls: [{ dataset, clause: 'qty > 1' }] });
      expect(refused.statusCode, dataset).toBe(400);
      expect(refused.json().message, dataset).toContain('rls[0].dataset: must be a dataset id');
    }
    const missing = await mint({ ...body, rls: [{ dataset: '999999', clause: 'qty > 1' }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('dataset 999999 does not exist');
  });

  it('validates the body strictly, naming the field', async () => {
    const dash = [{ type: 'dashboard', id: dashA.dashboardId }];
    const cases: [unknown, number, string][] = [
      [{ rls: [] }, 400, 'resources'],
      [{ resources: dash }, 400, 'rls'],
      [{ resources: [], rls: [] }, 400, 'resources'],
      [{ resources: [{ type: 'chart', id: 1 }], rls: [] }, 400, 'resources[0].type'],
      [{ resources: [{ type: 'dashboard', id: 'my-slug' }], rls: [] }, 400, 'resources[0].id'],
      [{ resources: [{ type: 'dashboard', id: 999999 }], rls: [] }, 404, 'resources[0].id'],
      [{ resources: [{ type: 'dashboard', id: '0b9f3c0e-1111-4a2b-9c3d-123456789abc' }], rls: [] }, 404, 'resources[0].id'],
      [{ resources: dash, rls: [{ clause: "1=1; DROP TABLE ab_user" }] }, 400, 'rls[0].clause'],
      [{ resources: dash, rls: [{ clause: 'id IN (SELECT id FROM ab_user)' }] }, 400, 'rls[0].clause'],
      [{ resources: dash, rls: [{ clause: "x = 1 -- " }] }, 400, 'rls[0].clause'],
      [{ resources: dash, rls: [{ dataset: 999999, clause: 'qty > 1' }] }, 400, 'rls[0].dataset'],
      [{ resources: dash, rls: [{ dataset: 'x', clause: 'qty > 1' }] }, 400, 'rls[0].dataset'],
      [{ resources: dash, rls: [], extra: 1 }, 400, 'extra'],
      [{ resources: dash, rls: [], user: { username: 5 } }, 400, 'user.username'],
    ];
    for (const [body, status, field] of cases) {
      const res = await mint(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message, JSON.stringify(body)).toContain(field);
    }
  });

  it('lets a guest read its dashboard, charts, datasets and chart data', async () => {
    const token = await tokenFor({ resources: [{ type: 'dashboard', id: String(dashA.dashboardId) }] });
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: asGuest(token) });
    expect((await get(`/api/v1/dashboard/${dashA.dashboardId}`)).statusCode).toBe(200);
    const charts = await get(`/api/v1/dashboard/${dashA.dashboardId}/charts`);
    expect(charts.json().result.map((c: { id: number }) => c.id)).toEqual(dashA.chartIds);
    expect((await get(`/api/v1/dashboard/${dashA.dashboardId}/datasets`)).json().result).toHaveLength(1);
    expect(await count(token)).toEqual({ status: 200, count: 120 });
    const saved = await get(`/api/v1/chart/${dashA.chartIds[0]}/data/`);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result[0].data).toEqual([{ count: 120 }]);
    // A chart on the dashboard is readable (an inline <bi-chart> loads it), without its owners or other dashboards.
    const chart = await get(`/api/v1/chart/${dashA.chartIds[0]}`);
    expect(chart.statusCode, chart.body).toBe(200);
    expect(chart.json().result).toMatchObject({ id: dashA.chartIds[0], viz_type: 'big_number_total', datasource_id: salesId });
    expect(chart.json().result).not.toHaveProperty('owners');
    expect(chart.json().result).not.toHaveProperty('dashboards');
    // A native filter of the dashboard targets this dataset: its values are readable.
    expect((await count(token, filterOnlyId)).status).toBe(200);
    const me = await get('/api/v1/me/roles/');
    expect(me.json().result).toMatchObject({ username: 'viewer', roles: {} });
  });

  it('refuses another dashboard, its charts and datasets, and every non-guest API', async () => {
    const token = await tokenFor({ resources: [{ type: 'dashboard', id: dashA.dashboardId }] });
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: asGuest(token), payload });
    expect((await call('GET', `/api/v1/dashboard/${dashB.dashboardId}`)).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/dashboard/${dashB.dashboardId}/charts`)).statusCode).toBe(403);
    expect((await call('GET', `/api/v1/dashboard/${dashB.dashboardId}/datasets`)).statusCode).toBe(403);
    expect((await count(token, otherId)).status).toBe(403);
    expect((await call('GET', `/api/v1/chart/${dashB.chartIds[0]}/data/`)).statusCode).toBe(403);
    for (const url of ['/api/v1/chart/', '/api/v1/dashboard/', '/api/v1/dataset/', '/api/v1/database/', `/api/v1/chart/${dashB.chartIds[0]}`, `/api/v1/dataset/${salesId}`, `/api/v1/dashboard/${dashA.dashboardId}/embedded`]) {
      expect((await call('GET', url)).statusCode, url).toBe(403);
    }
    expect((await call('PUT', `/api/v1/dashboard/${dashA.dashboardId}`, { dashboard_title: 'x' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/dashboard/${dashA.dashboardId}`)).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/security/guest_token/', { resources: [{ type: 'dashboard', id: dashB.dashboardId }], rls: [] })).statusCode).toBe(403);
  });

  it('accepts a token naming the dashboard by its embedded uuid', async () => {
    const reg = await t.app.inject({ method: 'POST', url: `/api/v1/dashboard/${dashA.dashboardId}/embedded`, headers: t.headers('admin'), payload: { allowed_domains: [] } });
    const uuid = reg.json().result.uuid as string;
    const token = await tokenFor({ resources: [{ type: 'dashboard', id: uuid }] });
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/dashboard/${dashA.dashboardId}`, headers: asGuest(token) })).statusCode).toBe(200);
    expect((await count(token)).count).toBe(120);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/dashboard/${dashB.dashboardId}`, headers: asGuest(token) })).statusCode).toBe(403);
  });

  it('applies the RLS rules of the token to the numbers', async () => {
    const resources = [{ type: 'dashboard', id: dashA.dashboardId }];
    expect((await count(await tokenFor({ resources }))).count).toBe(120);
    expect((await count(await tokenFor({ resources, rls: [{ dataset: salesId, clause: "region = 'North'" }] }))).count).toBe(40);
    expect((await count(await tokenFor({ resources, rls: [{ clause: 'qty < 3' }] }))).count).toBeLessThan(120);
    expect((await count(await tokenFor({ resources, rls: [{ dataset: filterOnlyId, clause: '1 = 0' }] }))).count).toBe(120);
    const both = await count(await tokenFor({ resources, rls: [{ dataset: salesId, clause: "region = 'North'" }, { clause: 'qty = 0' }] }));
    expect(both.count).toBeLessThan(40);
  });

  it('answers 401 for expired, forged, wrong-audience and wrong-type tokens', async () => {
    const claims = { user: { username: 'v', first_name: '', last_name: '' }, resources: [{ type: 'dashboard' as const, id: String(dashA.dashboardId) }], rls_rules: [] };
    const now = Math.floor(Date.now() / 1000);
    const valid = await mintGuestToken(t.config, claims, 'localhost:80');
    const expired = await mintGuestToken(t.config, claims, 'localhost:80', now - 400);
    const withinSkew = await mintGuestToken(t.config, claims, 'localhost:80', now - 310);
    const wrongAud = await mintGuestToken(t.config, claims, 'evil.example');
    const forged = await mintGuestToken({ ...t.config, secretKey: 'not-the-secret' }, claims, 'localhost:80');
    const sign = (payload: Record<string, unknown>) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('5m').setAudience('localhost:80').sign(guestTokenKey(t.config));
    const wrongType = await sign({ ...claims, type: 'access' });
    const badShape = await sign({ ...claims, resources: 'all', type: 'guest' });
    const sessionToken = await issueToken(t.config, t.users.admin.id, 'access');
    const status = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/dashboard/${dashA.dashboardId}`, headers: asGuest(token) })).statusCode;
    expect(await status(valid)).toBe(200);
    expect(await status(withinSkew)).toBe(200);
    for (const token of [expired, wrongAud, forged, wrongType, badShape, sessionToken, 'not.a.jwt']) expect(await status(token)).toBe(401);
    // A guest token is not a Bearer access token either.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/chart/', headers: { authorization: `Bearer ${valid}` } })).statusCode).toBe(401);
  });

  it('names why a token is refused: expired, forged, audience mismatch with both audiences, malformed', async () => {
    const claims = { user: { username: 'v', first_name: '', last_name: '' }, resources: [{ type: 'dashboard' as const, id: String(dashA.dashboardId) }], rls_rules: [] };
    const now = Math.floor(Date.now() / 1000);
    const refusal = async (token: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/dashboard/${dashA.dashboardId}`, headers: asGuest(token) });
      return { status: res.statusCode, message: res.json().message as string, extra: res.json().errors[0].extra as Record<string, string> };
    };
    const expired = await refusal(await mintGuestToken(t.config, claims, 'localhost:80', now - 400));
    expect(expired).toMatchObject({ status: 401, extra: { guest_token_error: 'TOKEN_EXPIRED' } });
    const forged = await refusal(await mintGuestToken({ ...t.config, secretKey: 'not-the-secret' }, claims, 'localhost:80'));
    expect(forged).toMatchObject({ status: 401, extra: { guest_token_error: 'TOKEN_INVALID' } });
    const wrongAud = await refusal(await mintGuestToken(t.config, claims, 'evil.example'));
    expect(wrongAud).toMatchObject({ status: 401, extra: { guest_token_error: 'AUDIENCE_MISMATCH', token_audience: 'evil.example', expected_audience: 'localhost:80' } });
    expect(wrongAud.message).toContain('"evil.example"');
    expect(wrongAud.message).toContain('"localhost:80"');
    expect((await refusal('not.a.jwt')).extra.guest_token_error).toBe('TOKEN_INVALID');
  });

  it('says when the token names an embedded uuid that does not exist (403, UNKNOWN_RESOURCE)', async () => {
    const missing = '00000000-0000-4000-8000-00000000abcd';
    const claims = { user: { username: 'v', first_name: '', last_name: '' }, resources: [{ type: 'dashboard' as const, id: missing }], rls_rules: [] };
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/dashboard/${dashA.dashboardId}`, headers: asGuest(await mintGuestToken(t.config, claims, 'localhost:80')) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain(missing);
    expect(res.json().errors[0].extra).toEqual({ guest_token_error: 'UNKNOWN_RESOURCE', unknown_resources: [missing] });
  });

  it('accepts the token as form field guest_token on download posts', async () => {
    const token = await tokenFor({ resources: [{ type: 'dashboard', id: dashA.dashboardId }], rls: [{ dataset: salesId, clause: "region = 'East'" }] });
    const formData = JSON.stringify({ datasource: { id: salesId, type: 'table' }, form_data: { slice_id: dashA.chartIds[0] }, queries: [{ columns: [], metrics: ['count'] }], result_format: 'csv' });
    const post = (fields: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
    const ok = await post({ form_data: formData, guest_token: token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.body).toBe('count\r\n40\r\n');
    expect((await post({ form_data: formData, guest_token: 'forged' })).statusCode).toBe(401);
    expect((await post({ form_data: formData })).statusCode).toBe(401);
    const other = JSON.stringify({ datasource: { id: otherId, type: 'table' }, form_data: { slice_id: dashB.chartIds[0] }, queries: [{ columns: [], metrics: ['count'] }], result_format: 'csv' });
    expect((await post({ form_data: other, guest_token: token })).statusCode).toBe(403);
  });
});
