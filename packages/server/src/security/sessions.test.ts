import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashedSessionIdsMigration } from '../metadata/migrations/0002-hashed-session-ids';
import { openRenderSession } from '../reports/report-session';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';
import { hashSessionId, SESSION_COOKIE } from './sessions';

/** Server-side sessions store only the SHA-256 of the cookie's id: a copy of the store opens no session. */
describe.each(METADATA_DIALECTS)('hashed session ids on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/login/', headers: { accept: 'application/json' }, payload: { username: 'alpha', password: t.users.alpha.password } });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.value).toBeTruthy();
    return cookie!.value;
  };
  const me = (sessionId: string) => t.app.inject({ method: 'GET', url: '/api/v1/me/', cookies: { [SESSION_COOKIE]: sessionId } });
  const rows = () => t.ctx.store.db.selectFrom('user_session').select(['id', 'user_id']).execute();

  it('stores the hash of the cookie id, finds the session by hashing the cookie, and ends it on logout', async () => {
    const raw = await login();
    const stored = await rows();
    expect(stored.map((r) => r.id)).toContain(hashSessionId(raw));
    expect(stored.map((r) => r.id)).not.toContain(raw);
    expect(hashSessionId(raw)).toMatch(/^[0-9a-f]{64}$/);
    expect((await me(raw)).statusCode).toBe(200);
    // The stored value is not a usable cookie.
    expect((await me(hashSessionId(raw))).statusCode).toBe(401);
    await t.app.inject({ method: 'GET', url: '/logout/', cookies: { [SESSION_COOKIE]: raw } });
    expect((await rows()).map((r) => r.id)).not.toContain(hashSessionId(raw));
    expect((await me(raw)).statusCode).toBe(401);
  });

  it('hashes the report renderer’s sessions too, and deletes them when the render ends', async () => {
    const session = await openRenderSession(t.ctx, t.users.gamma.id, 60);
    expect((await rows()).map((r) => r.id)).toContain(hashSessionId(session.cookie.value));
    expect((await me(session.cookie.value)).json().result.username).toBe('gamma');
    await session.end();
    expect((await rows()).map((r) => r.id)).not.toContain(hashSessionId(session.cookie.value));
  });

  it('the migration drops sessions stored with raw ids: everyone signs in once more', async () => {
    const raw = await login();
    expect((await me(raw)).statusCode).toBe(200);
    await hashedSessionIdsMigration.up(t.ctx.store.db);
    expect(await rows()).toEqual([]);
    expect((await me(raw)).statusCode).toBe(401);
  });
});
