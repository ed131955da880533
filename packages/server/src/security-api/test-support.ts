import { expect } from 'vitest';
import { SESSION_COOKIE } from '../security/sessions';
import type { TestApp } from '../testing/harness';

/** Helpers shared by the security API tests (not part of the server's runtime). */
export type Caller = 'admin' | 'alpha' | 'gamma' | null;

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
}

/** Status each caller gets for each call: admin, alpha, gamma and anonymous. */
export async function expectMatrix(t: TestApp, calls: Call[], expected: Record<'admin' | 'alpha' | 'gamma' | 'anonymous', number | ((status: number) => boolean)>): Promise<void> {
  for (const call of calls) {
    for (const [who, want] of Object.entries(expected)) {
      const headers = who === 'anonymous' ? {} : t.headers(who);
      const res = await t.app.inject({ method: call.method, url: call.url, headers, ...(call.payload ? { payload: call.payload } : {}) });
      const ok = typeof want === 'number' ? res.statusCode === want : want(res.statusCode);
      expect(ok, `${who} ${call.method} ${call.url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`).toBe(true);
      if (res.statusCode === 403) expect(res.json().message, `${who} ${call.method} ${call.url}`).toMatch(/You do not have the permission can_(read|write) on /);
    }
  }
}

/** Signs in through the login form (JSON variant) and returns the raw session cookie value. */
export async function signIn(t: TestApp, username: string, password: string): Promise<{ status: number; session: string | null }> {
  const res = await t.app.inject({ method: 'POST', url: '/login/', headers: { accept: 'application/json' }, payload: { username, password } });
  return { status: res.statusCode, session: res.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? null };
}

/** GET /api/v1/me/ with a session cookie; the status says whether the session still works. */
export async function meWithSession(t: TestApp, session: string): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: '/api/v1/me/', cookies: { [SESSION_COOKIE]: session } })).statusCode;
}

/** A cookie-session write: the CSRF token of the session is required for unsafe methods. */
export async function sessionCall(t: TestApp, session: string, method: 'PUT' | 'POST', url: string, payload: object) {
  const csrf = await t.app.inject({ method: 'GET', url: '/api/v1/security/csrf_token/', cookies: { [SESSION_COOKIE]: session } });
  return t.app.inject({ method, url, payload, cookies: { [SESSION_COOKIE]: session }, headers: { 'x-csrftoken': csrf.json().result } });
}
