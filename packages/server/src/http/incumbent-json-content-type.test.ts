import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportVia, multipart } from '../import-export/test-support';
import { client } from '../resources/test-support';
import { createTestApp, type TestApp } from '../testing/harness';

/** The SIP-40 error shape the incumbent's clients accept before they look inside an error. */
const isIncumbentErrorPayload = (body: Record<string, unknown>) =>
  Array.isArray(body.errors) &&
  body.errors.every((e: Record<string, unknown>) => Object.keys(e).every((k) => ['message', 'error_type', 'level', 'extra'].includes(k)));

describe('error answers as the incumbent\'s clients read them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('sends every error as exactly application/json', async () => {
    const cases = [
      { method: 'GET', url: '/api/v1/chart/424242', headers: t.headers('admin'), status: 404 },
      { method: 'GET', url: '/api/v1/chart/?q=(page:', headers: t.headers('admin'), status: 400 },
      { method: 'GET', url: '/api/v1/chart/', headers: {}, status: 401 },
      { method: 'POST', url: '/api/v1/security/login', headers: { 'content-type': 'application/json' }, payload: { username: 'admin', password: 'wrong' }, status: 401 },
      { method: 'GET', url: '/api/v1/no-such-endpoint/', headers: t.headers('admin'), status: 404 },
    ] as const;
    for (const { status, ...request } of cases) {
      const res = await t.app.inject(request);
      expect(res.statusCode, request.url).toBe(status);
      expect(res.headers['content-type'], request.url).toBe('application/json');
      expect(res.json().message, request.url).toEqual(expect.any(String));
    }
  });

  it('sends successful JSON answers as exactly application/json too, whoever set the header', async () => {
    const api = client(t);
    const dashboard = await api.post('/api/v1/dashboard/', { dashboard_title: 'Typed' }, 'admin');
    const cases = [
      { method: 'GET', url: '/api/v1/chart/', status: 200 },
      { method: 'GET', url: `/api/v1/dashboard/${dashboard.body.id}`, status: 200 },
      { method: 'POST', url: '/api/v1/sqllab/format_sql/', payload: { sql: 'select 1' }, status: 200 },
    ] as const;
    for (const { status, ...request } of cases) {
      const res = await t.app.inject({ ...request, headers: t.headers('admin') });
      expect(res.statusCode, request.url).toBe(status);
      expect(res.headers['content-type'], request.url).toBe('application/json');
    }
  });

  it('answers an import conflict so the client finds the files that need overwrite', async () => {
    const api = client(t);
    const created = await api.post('/api/v1/dashboard/', { dashboard_title: 'Sales' }, 'admin');
    const bundle = await exportVia(t, 'dashboard', [created.body.id as number]);
    const upload = multipart({ file: bundle.zip });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/dashboard/import/', payload: upload.payload, headers: { ...t.headers('admin'), ...upload.headers } });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toBe('application/json');
    const body = res.json();
    expect(isIncumbentErrorPayload(body)).toBe(true);
    // What the incumbent's sync command does to print its "Pass --overwrite" hint.
    const needOverwrite = body.errors.flatMap((e: { extra?: Record<string, unknown> }) =>
      Object.entries(e.extra ?? {}).filter(([, value]) => typeof value === 'string' && value.includes('overwrite=true')).map(([path]) => path),
    );
    expect(needOverwrite).toEqual([expect.stringMatching(/^dashboards\/Sales_\d+\.yaml$/)]);
  });
});

