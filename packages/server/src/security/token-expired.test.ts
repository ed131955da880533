import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';
import { signingKey } from './access-tokens';

/** A token as issueToken makes it, but whose lifetime ended a minute ago. */
const expiredToken = (key: Uint8Array, userId: number, type: 'access' | 'refresh') => {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ type, fresh: type === 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(now - 960)
    .setExpirationTime(now - 60)
    .setIssuer('lumen')
    .sign(key);
};

describe('an expired token answers as flask-jwt-extended does', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers 401 {msg: "Token has expired"} (and Lumen\'s message) for an expired access token', async () => {
    const token = await expiredToken(signingKey(t.config), t.users.admin.id, 'access');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/chart/', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json()).toMatchObject({ msg: 'Token has expired', message: 'Token has expired', errors: [{ message: 'Token has expired' }] });
  });

  it('answers the same for an expired refresh token on /api/v1/security/refresh', async () => {
    const token = await expiredToken(signingKey(t.config), t.users.admin.id, 'refresh');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/security/refresh', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('Token has expired');
  });

  it('never calls a forged token expired: another key\'s expired token is just invalid', async () => {
    const forged = await expiredToken(new TextEncoder().encode('not the server key at all, 32+ bytes'), t.users.admin.id, 'access');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/chart/', headers: { authorization: `Bearer ${forged}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBeUndefined();
    expect(res.json().message).toBe('Token is invalid or expired');
  });

  it('still serves a live token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/chart/', headers: t.headers('admin') });
    expect(res.statusCode).toBe(200);
  });
});
