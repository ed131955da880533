import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../security/sessions';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';
import { NO_LOCAL_PASSWORD, WRONG_CURRENT_PASSWORD } from './own-password';
import { meWithSession, sessionCall, signIn } from './test-support';

const STRONG = 'violet-harbour-42';

describe.each(METADATA_DIALECTS)('the signed-in user’s profile on %s metadata', (dialect) => {
  let t: TestApp;
  let gammaRole: number;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    gammaRole = (await t.ctx.store.db.selectFrom('ab_role').select('id').where('name', '=', 'Gamma').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t?.close());

  /** A Gamma user created through the users API, signed in with a cookie session. */
  async function person(username: string): Promise<{ id: number; session: string }> {
    const body = { username, first_name: 'Ada', last_name: 'Lovelace', email: `${username}@example.com`, password: STRONG, roles: [gammaRole] };
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/security/users/', headers: t.headers('admin'), payload: body });
    expect(created.statusCode).toBe(201);
    return { id: created.json().id, session: (await signIn(t, username, STRONG)).session! };
  }
  const profileOf = async (session: string) => (await t.app.inject({ method: 'GET', url: '/api/v1/me/profile/', cookies: { [SESSION_COOKIE]: session } })).json().result;

  it('shows the account with its roles and logins, and never the password hash', async () => {
    const { session } = await person('reader');
    const profile = await profileOf(session);
    expect(profile).toMatchObject({ username: 'reader', first_name: 'Ada', last_name: 'Lovelace', email: 'reader@example.com', roles: ['Gamma'], login_count: 1, has_password: true });
    expect(profile.last_login).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(JSON.stringify(profile)).not.toMatch(/scrypt|password_hash/);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/profile/' })).statusCode).toBe(401);
  });

  it('edits the names and e-mail with the CSRF token, refusing other fields, a blank name and a taken e-mail', async () => {
    const { session } = await person('editor');
    const withoutCsrf = await t.app.inject({ method: 'PUT', url: '/api/v1/me/', cookies: { [SESSION_COOKIE]: session }, payload: { first_name: 'X' } });
    expect(withoutCsrf.statusCode).toBe(400);
    expect(withoutCsrf.json().message).toMatch(/CSRF token is missing/);

    const saved = await sessionCall(t, session, 'PUT', '/api/v1/me/', { first_name: ' Augusta ', last_name: 'King', email: 'augusta@example.com' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result).toMatchObject({ first_name: 'Augusta', last_name: 'King', email: 'augusta@example.com' });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me/', cookies: { [SESSION_COOKIE]: session } });
    expect(me.json().result).toMatchObject({ first_name: 'Augusta', email: 'augusta@example.com' });

    // The harness's admin e-mail, in other case: e-mails are unique regardless of case.
    const adminEmail = (await t.ctx.store.db.selectFrom('ab_user').select('email').where('id', '=', t.users.admin.id).executeTakeFirstOrThrow()).email as string;
    const refusals: [object, number, RegExp][] = [
      [{ username: 'admin' }, 400, /Unknown field 'username'/],
      [{ roles: [1] }, 400, /Unknown field 'roles'/],
      [{ first_name: '  ' }, 400, /'first_name' must not be empty/],
      [{ email: 'not-an-address' }, 400, /'email' must be an e-mail address/],
      [{ email: adminEmail.toUpperCase() }, 422, /already exists/],
    ];
    for (const [payload, status, message] of refusals) {
      const res = await sessionCall(t, session, 'PUT', '/api/v1/me/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
  });

  it('changes the password with the current one, ending the other sessions and tokens but not this session', async () => {
    const { session } = await person('changer');
    const other = (await signIn(t, 'changer', STRONG)).session!;
    const tokens = (await t.app.inject({ method: 'POST', url: '/api/v1/security/login', payload: { username: 'changer', password: STRONG, provider: 'db' } })).json();

    const weak = await sessionCall(t, session, 'PUT', '/api/v1/me/password/', { current_password: STRONG, new_password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password is too weak: it must be at least 10 characters long');
    const ownName = await sessionCall(t, session, 'PUT', '/api/v1/me/password/', { current_password: STRONG, new_password: 'changer-harbour-9' });
    expect(ownName.json().message).toBe('Password is too weak: it must not contain the username');
    expect(await meWithSession(t, other)).toBe(200);

    const changed = await sessionCall(t, session, 'PUT', '/api/v1/me/password/', { current_password: STRONG, new_password: 'another-harbour-77' });
    expect(changed.statusCode).toBe(200);
    expect(await meWithSession(t, session)).toBe(200);
    expect(await meWithSession(t, other)).toBe(401);
    const stale = await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(stale.statusCode).toBe(401);
    expect((await signIn(t, 'changer', STRONG)).status).toBe(401);
    expect((await signIn(t, 'changer', 'another-harbour-77')).status).toBe(200);
  });

  it('refuses a wrong current password with a named 400 that counts toward the login throttle', async () => {
    const { session } = await person('guesser');
    const attempt = (current: string) => sessionCall(t, session, 'PUT', '/api/v1/me/password/', { current_password: current, new_password: 'another-harbour-77' });
    const wrong = await attempt('not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(WRONG_CURRENT_PASSWORD);
    // Nine more guesses reach the limit of ten: the login form and the right password are refused too.
    for (let i = 0; i < 9; i += 1) expect((await attempt(`guess-${i}`)).statusCode).toBe(400);
    expect((await attempt(STRONG)).statusCode).toBe(429);
    expect((await signIn(t, 'guesser', STRONG)).status).toBe(429);
  });

  it('says an account without a local password (single sign-on) has none, and cannot set one here', async () => {
    const { id, session } = await person('federated');
    await t.ctx.store.db.updateTable('ab_user').set({ password_hash: null }).where('id', '=', id).execute();
    expect((await profileOf(session)).has_password).toBe(false);
    const res = await sessionCall(t, session, 'PUT', '/api/v1/me/password/', { current_password: 'anything-at-all', new_password: 'another-harbour-77' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NO_LOCAL_PASSWORD);
  });
});
