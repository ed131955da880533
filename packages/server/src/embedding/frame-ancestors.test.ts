import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAllConnections } from '../engines';
import { contentSecurityPolicy } from '../http/content-security-policy';
import { createTestApp, type TestApp } from '../testing/harness';
import { seedDashboard, seedSalesDataset } from './test-seed';

const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe('Content-Security-Policy of app pages and frame-ancestors of guest pages', () => {
  let t: TestApp;
  let appDir: string;
  const previousAppDir = process.env.LUMEN_APP_DIR;
  let restricted: string;
  let open: string;
  let restrictedChart: number;
  let openChart: number;

  const embed = async (dashboardId: number, allowed: string[]) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/dashboard/${dashboardId}/embedded`, headers: t.headers('admin'), payload: { allowed_domains: allowed } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.uuid as string;
  };
  const page = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    appDir = mkdtempSync(join(tmpdir(), 'lumen-csp-app-'));
    mkdirSync(join(appDir, 'static'));
    writeFileSync(join(appDir, 'index.html'), '<!doctype html><div id="root"></div>');
    process.env.LUMEN_APP_DIR = appDir;
    t = await createTestApp();
    const salesId = await seedSalesDataset(t, 'sales');
    const a = await seedDashboard(t, { title: 'Restricted', datasetIds: [salesId] });
    const b = await seedDashboard(t, { title: 'Open', datasetIds: [salesId] });
    restrictedChart = a.chartIds[0]!;
    openChart = b.chartIds[0]!;
    restricted = await embed(a.dashboardId, ['https://app.example.com', 'http://localhost:3000']);
    open = await embed(b.dashboardId, []);
  });
  afterAll(async () => {
    if (previousAppDir === undefined) delete process.env.LUMEN_APP_DIR;
    else process.env.LUMEN_APP_DIR = previousAppDir;
    await closeAllConnections();
    await t.close();
    rmSync(appDir, { recursive: true, force: true });
  });

  it('sends a strict policy with the app pages', async () => {
    for (const url of ['/', '/login/', '/superset/dashboard/1/', '/sqllab/', '/explore/?slice_id=1']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      const csp = res.headers['content-security-policy'];
      expect(directive(csp, 'script-src'), url).toBe("script-src 'self'");
      expect(directive(csp, 'object-src')).toBe("object-src 'none'");
      expect(directive(csp, 'base-uri')).toBe("base-uri 'self'");
      expect(directive(csp, 'frame-ancestors'), url).toBe("frame-ancestors 'self'");
      expect(String(csp)).not.toMatch(/unsafe-eval/);
    }
    // API answers are not pages: no policy needed there.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: t.headers('admin') })).headers['content-security-policy']).toBeUndefined();
  });

  it("lets only an embedded dashboard's allowed domains frame its guest page", async () => {
    const res = await page(`/embedded/${restricted}`);
    expect(res.statusCode).toBe(200);
    expect(directive(res.headers['content-security-policy'], 'frame-ancestors')).toBe("frame-ancestors 'self' https://app.example.com http://localhost:3000");
    expect(directive(res.headers['content-security-policy'], 'script-src')).toBe("script-src 'self'");
    const query = await page(`/embedded/${restricted}?uiConfig=3`);
    expect(directive(query.headers['content-security-policy'], 'frame-ancestors')).toBe("frame-ancestors 'self' https://app.example.com http://localhost:3000");
  });

  it('lets any site frame a dashboard embedded with an empty list, and no site an unknown uuid', async () => {
    expect(directive((await page(`/embedded/${open}`)).headers['content-security-policy'], 'frame-ancestors')).toBe('frame-ancestors *');
    const unknown = await page('/embedded/00000000-0000-4000-8000-000000000000');
    expect(directive(unknown.headers['content-security-policy'], 'frame-ancestors')).toBe("frame-ancestors 'self'");
  });

  it('frames a chart page by the embedded dashboards it is on, or the one named by ?dashboard=', async () => {
    const ancestors = async (url: string) => directive((await page(url)).headers['content-security-policy'], 'frame-ancestors');
    expect(await ancestors(`/embedded/chart/${restrictedChart}`)).toBe("frame-ancestors 'self' https://app.example.com http://localhost:3000");
    expect(await ancestors(`/embedded/chart/${openChart}`)).toBe('frame-ancestors *');
    expect(await ancestors(`/embedded/chart/${openChart}?dashboard=${restricted}`)).toBe("frame-ancestors 'self' https://app.example.com http://localhost:3000");
    // A chart on no embedded dashboard cannot be read by a guest: only Lumen may frame it.
    expect(await ancestors('/embedded/chart/999999')).toBe("frame-ancestors 'self'");
  });

  it('follows registration changes at once', async () => {
    const dashboardId = (await t.app.inject({ method: 'GET', url: `/api/v1/embedded_dashboard/${restricted}` })).json().result.dashboard_id;
    await t.app.inject({ method: 'PUT', url: `/api/v1/dashboard/${dashboardId}/embedded`, headers: t.headers('admin'), payload: { allowed_domains: ['https://other.example.org'] } });
    expect(directive((await page(`/embedded/${restricted}`)).headers['content-security-policy'], 'frame-ancestors')).toBe("frame-ancestors 'self' https://other.example.org");
  });

  it('builds the policy text', () => {
    expect(contentSecurityPolicy([])).toMatch(/frame-ancestors 'none'$/);
    expect(contentSecurityPolicy()).toMatch(/^default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline';/);
  });
});
