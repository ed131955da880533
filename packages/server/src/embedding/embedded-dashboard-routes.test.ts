import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';
import { normalizeOrigin } from './allowed-domains';
import { seedDashboard } from './test-seed';

describe.each(METADATA_DIALECTS)('embedded dashboard registration on %s metadata', (dialect) => {
  let t: TestApp;
  let owned: number;
  let foreign: number;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: string | null, payload?: object) =>
    t.app.inject({ method, url, headers: user ? t.headers(user) : {}, payload });

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    ({ dashboardId: owned } = await seedDashboard(t, { title: 'Owned by alpha', datasetIds: [], ownerId: t.users.alpha.id, slug: 'alpha-board' }));
    ({ dashboardId: foreign } = await seedDashboard(t, { title: 'Owned by admin', datasetIds: [], ownerId: t.users.admin.id }));
  });
  afterAll(() => t.close());

  it('creates, reads, updates and deletes the configuration', async () => {
    const url = `/api/v1/dashboard/${foreign}/embedded`;
    expect((await call('GET', url, 'admin')).statusCode).toBe(404);
    const created = await call('POST', url, 'admin', { allowed_domains: ['https://Host.example/', 'http://localhost:3000'] });
    expect(created.statusCode, created.body).toBe(200);
    const result = created.json().result;
    expect(result).toMatchObject({
      allowed_domains: ['https://host.example', 'http://localhost:3000'],
      dashboard_id: String(foreign),
      changed_by: { id: t.users.admin.id, username: 'admin' },
    });
    expect(result.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call('GET', url, 'admin')).json().result).toEqual(result);
    const updated = await call('PUT', url, 'admin', { allowed_domains: ['https://other.example'] });
    expect(updated.json().result).toMatchObject({ uuid: result.uuid, allowed_domains: ['https://other.example'] });

    // The guest page reads it without credentials, and learns nothing else.
    const pub = await call('GET', `/api/v1/embedded_dashboard/${result.uuid}`, null);
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual({ result: { uuid: result.uuid, dashboard_id: String(foreign), allowed_domains: ['https://other.example'] } });

    expect((await call('DELETE', url, 'admin')).json()).toEqual({ message: 'OK' });
    expect((await call('GET', url, 'admin')).statusCode).toBe(404);
    const gone = await call('GET', `/api/v1/embedded_dashboard/${result.uuid}`, null);
    expect(gone.statusCode).toBe(404);
    // Readable cross-origin, the 404 too: a host's SDK tells an unknown uuid from a refused origin with it.
    expect(pub.headers['access-control-allow-origin']).toBe('*');
    expect(gone.headers['access-control-allow-origin']).toBe('*');
    expect((await call('GET', '/api/v1/embedded_dashboard/not-a-uuid', null)).statusCode).toBe(404);
  });

  it('lets only editors of the dashboard register it', async () => {
    const payload = { allowed_domains: [] };
    expect((await call('POST', `/api/v1/dashboard/${owned}/embedded`, 'gamma', payload)).statusCode).toBe(403);
    expect((await call('POST', `/api/v1/dashboard/${foreign}/embedded`, 'alpha', payload)).statusCode).toBe(403);
    expect((await call('POST', `/api/v1/dashboard/${owned}/embedded`, null, payload)).statusCode).toBe(401);
    const bySlug = await call('POST', '/api/v1/dashboard/alpha-board/embedded', 'alpha', payload);
    expect(bySlug.statusCode, bySlug.body).toBe(200);
    expect(bySlug.json().result.dashboard_id).toBe(String(owned));
    expect((await call('GET', `/api/v1/dashboard/${owned}/embedded`, 'gamma')).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/dashboard/${owned}/embedded`, 'gamma')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/dashboard/${owned}/embedded`, 'alpha')).statusCode).toBe(200);
    expect((await call('POST', '/api/v1/dashboard/999999/embedded', 'admin', payload)).statusCode).toBe(404);
  });

  it('refuses anything but plain origins', async () => {
    for (const bad of ['*', 'https://*.example.com', 'https://a.example/path', 'ftp://a.example', 'a.example', 'https://u:p@a.example', 'https://a.example?x=1', 42]) {
      const res = await call('POST', `/api/v1/dashboard/${foreign}/embedded`, 'admin', { allowed_domains: [bad] });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toContain('allowed_domains');
    }
    expect((await call('POST', `/api/v1/dashboard/${foreign}/embedded`, 'admin', { allowed_domains: 'https://a.example' })).statusCode).toBe(400);
    expect((await call('POST', `/api/v1/dashboard/${foreign}/embedded`, 'admin', { allowed_domains: [], other: 1 })).statusCode).toBe(400);
    expect(normalizeOrigin('https://a.example:443')).toBe('https://a.example');
    expect(normalizeOrigin('http://localhost:8080/')).toBe('http://localhost:8080');
  });

  it('answers 404 when the EmbeddedSuperset flag is off', async () => {
    const off = await createTestApp({ dialect: 'sqlite', config: { featureFlags: { EmbeddedSuperset: false } } });
    try {
      const { dashboardId } = await seedDashboard(off, { title: 'x', datasetIds: [] });
      const res = await off.app.inject({ method: 'POST', url: `/api/v1/dashboard/${dashboardId}/embedded`, headers: off.headers('admin'), payload: { allowed_domains: [] } });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
