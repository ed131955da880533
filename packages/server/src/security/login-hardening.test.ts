import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';
import { safeNextPath } from './safe-next';

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  payload: new URLSearchParams(fields).toString(),
});

describe('safeNextPath', () => {
  it('keeps paths on this site', () => {
    expect(safeNextPath('/chart/list/?page=2#top')).toBe('/chart/list/?page=2#top');
    expect(safeNextPath('/')).toBe('/');
    expect(safeNextPath('/superset/dashboard/1/')).toBe('/superset/dashboard/1/');
    // Encoded slashes stay inside the path: the browser does not decode them into an authority.
    expect(safeNextPath('/%2F%2Fevil.com')).toBe('/%2F%2Fevil.com');
  });

  it('refuses everything that could leave the site', () => {
    const corpus = [
      '//evil.com',
      '/\\evil.com',
      '\\\\evil.com',
      '/\t/evil.com',
      '/\n/evil.com',
      '/\r\n/evil.com',
      ' //evil.com',
      '/ /evil.com',
      '/\u0000/evil.com',
      '/\u00a0/evil.com',
      '/\u3000/evil.com',
      '/\ufeff/evil.com',
      '/\t\\evil.com',
      'https:evil.com',
      'https://evil.com',
      'http:/evil.com',
      '//evil.com/%2e%2e',
      'javascript:alert(1)',
      'evil.com',
      '',
      '///evil.com',
    ];
    for (const next of corpus) expect(safeNextPath(next), JSON.stringify(next)).toBe('/');
    for (const value of [null, undefined, 42, ['/x'], { a: 1 }]) expect(safeNextPath(value)).toBe('/');
  });

  it('strips control characters from what it keeps', () => {
    expect(safeNextPath('/chart/\tlist/')).toBe('/chart/list/');
  });
});

describe('login form hardening', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('redirects only to same-site paths after login', async () => {
    const user = await t.addUser('nexter', ['Gamma']);
    for (const next of ['/\t/evil.com', '//evil.com', '/\\evil.com', 'https:evil.com', '/%09/evil.com'.replace('%09', '\t')]) {
      const res = await t.app.inject({ method: 'POST', url: '/login/', ...form({ username: user.username, password: user.password, next }) });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location, JSON.stringify(next)).toBe('/');
    }
    const ok = await t.app.inject({ method: 'POST', url: '/login/', ...form({ username: user.username, password: user.password, next: '/chart/list/' }) });
    expect(ok.headers.location).toBe('/chart/list/');
  });

  it('refuses login posts with Origin: null (login CSRF from a sandboxed frame)', async () => {
    const user = await t.addUser('nullorigin', ['Gamma']);
    const res = await t.app.inject({ method: 'POST', url: '/login/', ...form({ username: user.username, password: user.password }, { origin: 'null' }) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Origin: null/);
    expect(res.headers['set-cookie']).toBeUndefined();
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/security/login', headers: { origin: 'null' }, payload: { username: user.username, password: user.password } });
    expect(json.statusCode).toBe(403);
  });

  it('takes about as long for an unknown user as for a wrong password', async () => {
    const user = await t.addUser('timed', ['Gamma']);
    const time = async (username: string) => {
      const start = process.hrtime.bigint();
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/security/login', remoteAddress: `198.51.100.${Math.floor(Math.random() * 200) + 1}`, payload: { username, password: 'wrong-password' } });
      expect(res.statusCode).toBe(401);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    await time('warm-up-unknown');
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time(user.username));
      unknown.push(await time(`nobody-${i}`));
    }
    // Without the dummy check an unknown user answers in ~1 ms against ~50 ms for a scrypt check.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });
});
