import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_HTML_ROUTES, APP_NOT_BUILT_MESSAGE, registerAppRoutes, resolveAppDir } from './app-routes';

const HTML = '<!doctype html><div id="root"></div>';

async function serverFor(appDir: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  app.get('/health', async () => 'OK');
  // The login page sets its CSRF cookie (security/login-csrf.ts).
  await app.register(cookie);
  await app.register(registerAppRoutes, { appDir });
  await app.ready();
  return app;
}

describe('registerAppRoutes with a built app', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lumen-app-'));
    mkdirSync(join(dir, 'static'));
    writeFileSync(join(dir, 'index.html'), HTML);
    writeFileSync(join(dir, 'static', 'main-AbC123.js'), 'console.log(1)');
    app = await serverFor(dir);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers every app route with index.html, never cached', async () => {
    for (const url of ['/', '/login/', '/login', '/chart/list/', '/sqllab/', '/sqllab/1', '/superset/dashboard/5/', '/explore/?slice_id=1', '/embedded/abc-123', '/tablemodelview/list/', '/databaseview/list/', '/dashboard/list/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      // The login page also carries the incumbent's hidden csrf_token field (security/login-csrf.test.ts).
      if (url.startsWith('/login')) expect(res.body).toMatch(/^<!doctype html><div id="root"><\/div><input id="csrf_token" name="csrf_token" type="hidden" value="[\w-]{43}">$/);
      else expect(res.body).toBe(HTML);
    }
    expect(APP_HTML_ROUTES).toContain('/embedded/*');
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/static/main-AbC123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('leaves API, health and unknown paths alone', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/nope/' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/static/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/nope' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/health' })).body).toBe('OK');
  });

  it("answers a browser's unknown address with the app (its 'Page not found') and a 404, never raw JSON", async () => {
    const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    for (const url of ['/nope', '/nope/deeper/page/', '/chart/lists/?q=1']) {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body).toBe(HTML);
    }
    // The API and the assets keep their JSON 404 even when asked for HTML.
    for (const url of ['/api/v1/nope/', '/static/missing.js']) {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/text\/html/);
    }
  });
});

describe('registerAppRoutes without a built app', () => {
  it('answers 503 with how to build it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lumen-app-missing-'));
    const app = await serverFor(join(dir, 'dist'));
    for (const url of ['/', '/login/', '/static/main-AbC123.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.body).toBe(APP_NOT_BUILT_MESSAGE);
    }
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('resolveAppDir', () => {
  it('prefers LUMEN_APP_DIR, else finds packages/app/dist above the given file', () => {
    expect(resolveAppDir({ LUMEN_APP_DIR: '/srv/app' })).toBe('/srv/app');
    const found = resolveAppDir({}, join(process.cwd(), 'packages', 'server', 'dist', 'cli.js'));
    expect(found).toBe(join(process.cwd(), 'packages', 'app', 'dist'));
  });
});
