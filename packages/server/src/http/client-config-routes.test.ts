/**
 * LUMEN_MAP_STYLE_URL (issue 20): validated at config load, delivered to signed-in users and guests by
 * GET /api/v1/client_config/ (never anonymous, never from a request), and its origin allowed in the app
 * pages' connect-src so MapLibre may fetch the style.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, mapStyleUrlFrom } from '../config';
import { closeAllConnections } from '../engines';
import { seedDashboard, seedSalesDataset } from '../embedding/test-seed';
import { createTestApp, mintTestGuestToken, type TestApp } from '../testing';
import { contentSecurityPolicy } from './content-security-policy';

const STYLE = 'https://tiles.example.com/styles/basic/style.json';

describe('LUMEN_MAP_STYLE_URL', () => {
  it('is unset by default: the offline base map', () => {
    expect(loadConfig({}).mapStyleUrl).toBeNull();
    expect(loadConfig({ LUMEN_MAP_STYLE_URL: '  ' }).mapStyleUrl).toBeNull();
  });

  it('takes an http or https URL from the environment or the config file', () => {
    expect(loadConfig({ LUMEN_MAP_STYLE_URL: STYLE }).mapStyleUrl).toBe(STYLE);
    expect(mapStyleUrlFrom('http://127.0.0.1:8080/style.json')).toBe('http://127.0.0.1:8080/style.json');
    const dir = mkdtempSync(join(tmpdir(), 'lumen-map-style-'));
    try {
      writeFileSync(join(dir, 'lumen.json'), JSON.stringify({ mapStyleUrl: STYLE }));
      expect(loadConfig({ LUMEN_CONFIG: join(dir, 'lumen.json') }).mapStyleUrl).toBe(STYLE);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses anything else with an error naming the setting', () => {
    for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', 'data:application/json,{}', 'ftp://tiles.example.com/style.json', 'tiles.example.com/style.json', '/style.json']) {
      expect(() => loadConfig({ LUMEN_MAP_STYLE_URL: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ LUMEN_MAP_STYLE_URL: bad }), bad).toThrow(/^LUMEN_MAP_STYLE_URL must be an/);
    }
    expect(() => mapStyleUrlFrom('https://user:secret@tiles.example.com/style.json')).toThrow(/LUMEN_MAP_STYLE_URL must not carry a user name or password/);
  });

  it("adds the style's origin to connect-src only", () => {
    const connect = (csp: string) => csp.split('; ').find((d) => d.startsWith('connect-src '));
    expect(connect(contentSecurityPolicy())).toBe("connect-src 'self'");
    expect(connect(contentSecurityPolicy(undefined, STYLE))).toBe("connect-src 'self' https://tiles.example.com");
    expect(contentSecurityPolicy(undefined, STYLE).replace(' https://tiles.example.com', '')).toBe(contentSecurityPolicy());
  });
});

describe('GET /api/v1/client_config/', () => {
  let configured: TestApp;
  let plain: TestApp;
  let guestToken: string;
  let appDir: string;
  const previousAppDir = process.env.LUMEN_APP_DIR;

  beforeAll(async () => {
    appDir = mkdtempSync(join(tmpdir(), 'lumen-map-style-app-'));
    mkdirSync(join(appDir, 'static'));
    writeFileSync(join(appDir, 'index.html'), '<!doctype html><div id="root"></div>');
    process.env.LUMEN_APP_DIR = appDir;
    [configured, plain] = await Promise.all([createTestApp({ config: { mapStyleUrl: STYLE } }), createTestApp()]);
    const salesId = await seedSalesDataset(configured, 'sales');
    const dash = await seedDashboard(configured, { title: 'Maps', datasetIds: [salesId] });
    guestToken = await mintTestGuestToken(configured, { resources: [{ type: 'dashboard', id: dash.dashboardId }] });
  });
  afterAll(async () => {
    if (previousAppDir === undefined) delete process.env.LUMEN_APP_DIR;
    else process.env.LUMEN_APP_DIR = previousAppDir;
    await closeAllConnections();
    await Promise.all([configured?.close(), plain?.close()]);
    rmSync(appDir, { recursive: true, force: true });
  });

  it('answers the configured style to a signed-in user and to a guest, and null when none is configured', async () => {
    const user = await configured.app.inject({ method: 'GET', url: '/api/v1/client_config/', headers: configured.headers('admin') });
    expect(user.statusCode, user.body).toBe(200);
    expect(user.json()).toEqual({ result: { map_style_url: STYLE } });
    const guest = await configured.app.inject({ method: 'GET', url: '/api/v1/client_config/', headers: { 'x-guesttoken': guestToken } });
    expect(guest.statusCode, guest.body).toBe(200);
    expect(guest.json()).toEqual({ result: { map_style_url: STYLE } });
    const none = await plain.app.inject({ method: 'GET', url: '/api/v1/client_config/', headers: plain.headers('admin') });
    expect(none.json()).toEqual({ result: { map_style_url: null } });
  });

  it('is not for anonymous callers, and no query parameter changes it', async () => {
    expect((await configured.app.inject({ method: 'GET', url: '/api/v1/client_config/' })).statusCode).toBe(401);
    const asked = await configured.app.inject({ method: 'GET', url: '/api/v1/client_config/?map_style_url=https://evil.example/style.json', headers: { 'x-guesttoken': guestToken } });
    expect(asked.json()).toEqual({ result: { map_style_url: STYLE } });
  });

  it("sends the app pages a connect-src with the style's origin", async () => {
    const page = await configured.app.inject({ method: 'GET', url: '/explore/' });
    expect(String(page.headers['content-security-policy'])).toContain("connect-src 'self' https://tiles.example.com;");
  });
});
