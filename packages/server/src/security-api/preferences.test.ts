import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../security/sessions';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';
import { sessionCall, signIn } from './test-support';

const STRONG = 'amber-lantern-57';

describe.each(METADATA_DIALECTS)('the signed-in user’s preferences on %s metadata', (dialect) => {
  let t: TestApp;
  let gammaRole: number;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    gammaRole = (await t.ctx.store.db.selectFrom('ab_role').select('id').where('name', '=', 'Gamma').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t?.close());

  /** A Gamma user created through the users API; returns its id. */
  async function person(username: string): Promise<number> {
    const body = { username, first_name: 'Grace', last_name: 'Hopper', email: `${username}@example.com`, password: STRONG, roles: [gammaRole] };
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/security/users/', headers: t.headers('admin'), payload: body });
    expect(created.statusCode).toBe(201);
    return created.json().id;
  }
  const preferencesOf = async (session: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/me/preferences/', cookies: { [SESSION_COOKIE]: session } })).json().result;

  it('starts with no theme choice and keeps the one made in one session for the next sign-in', async () => {
    await person('traveller');
    const first = (await signIn(t, 'traveller', STRONG)).session!;
    expect(await preferencesOf(first)).toEqual({ theme_mode: null, locale: null });

    const saved = await sessionCall(t, first, 'PUT', '/api/v1/me/preferences/', { theme_mode: 'dark' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result).toEqual({ theme_mode: 'dark', locale: null });

    // Another browser: a new session of the same user sees the choice.
    const second = (await signIn(t, 'traveller', STRONG)).session!;
    expect(await preferencesOf(second)).toEqual({ theme_mode: 'dark', locale: null });
    await sessionCall(t, second, 'PUT', '/api/v1/me/preferences/', { theme_mode: 'system' });
    expect(await preferencesOf(first)).toEqual({ theme_mode: 'system', locale: null });
  });

  it('keeps each user’s choice to themselves', async () => {
    await person('one');
    await person('other');
    const one = (await signIn(t, 'one', STRONG)).session!;
    const other = (await signIn(t, 'other', STRONG)).session!;
    await sessionCall(t, one, 'PUT', '/api/v1/me/preferences/', { theme_mode: 'dark' });
    expect(await preferencesOf(other)).toEqual({ theme_mode: null, locale: null });
  });

  it('refuses unknown modes and fields, writes without the CSRF token and anonymous callers; null forgets the choice', async () => {
    await person('picky');
    const session = (await signIn(t, 'picky', STRONG)).session!;
    const refusals: [object, RegExp][] = [
      [{ theme_mode: 'purple' }, /'theme_mode' must be one of default, dark, system/],
      [{ theme_mode: 3 }, /'theme_mode' must be a string/],
      [{ welcome: 'x' }, /Unknown field 'welcome'/],
    ];
    for (const [payload, message] of refusals) {
      const res = await sessionCall(t, session, 'PUT', '/api/v1/me/preferences/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const withoutCsrf = await t.app.inject({ method: 'PUT', url: '/api/v1/me/preferences/', cookies: { [SESSION_COOKIE]: session }, payload: { theme_mode: 'dark' } });
    expect(withoutCsrf.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/preferences/' })).statusCode).toBe(401);

    await sessionCall(t, session, 'PUT', '/api/v1/me/preferences/', { theme_mode: 'default' });
    expect(await preferencesOf(session)).toEqual({ theme_mode: 'default', locale: null });
    await sessionCall(t, session, 'PUT', '/api/v1/me/preferences/', { theme_mode: null });
    expect(await preferencesOf(session)).toEqual({ theme_mode: null, locale: null });
  });

  it('keeps a language among spec 1 §9’s 14 beside the theme; null forgets it and leaves the theme', async () => {
    await person('polyglot');
    const session = (await signIn(t, 'polyglot', STRONG)).session!;
    await sessionCall(t, session, 'PUT', '/api/v1/me/preferences/', { theme_mode: 'dark' });
    const saved = await sessionCall(t, session, 'PUT', '/api/v1/me/preferences/', { locale: 'pt_BR' });
    expect(saved.json().result).toEqual({ theme_mode: 'dark', locale: 'pt_BR' });
    expect(await preferencesOf((await signIn(t, 'polyglot', STRONG)).session!)).toEqual({ theme_mode: 'dark', locale: 'pt_BR' });

    const refusals: [object, RegExp][] = [
      [{ locale: 'pt-BR' }, /'locale' must be one of en, fr, es, it, zh, ja, de, pt, pt_BR, ru, ko, sk, sl, nl/],
      [{ locale: 'sv' }, /'locale' must be one of/],
      [{ locale: ['fr'] }, /'locale' must be a string/],
    ];
    for (const [payload, message] of refusals) {
      const res = await sessionCall(t, session, 'PUT', '/api/v1/me/preferences/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    await sessionCall(t, session, 'PUT', '/api/v1/me/preferences/', { locale: null });
    expect(await preferencesOf(session)).toEqual({ theme_mode: 'dark', locale: null });
  });

  it('answers /api/v1/me/ with the effective locale: the user’s choice, else Accept-Language, else English', async () => {
    await person('reader');
    const session = (await signIn(t, 'reader', STRONG)).session!;
    const localeOf = async (headers: Record<string, string> = {}) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers, cookies: { [SESSION_COOKIE]: session } })).json().result.locale;
    expect(await localeOf()).toBe('en');
    expect(await localeOf({ 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' })).toBe('pt_BR');
    expect(await localeOf({ 'accept-language': 'zh-CN,zh;q=0.9' })).toBe('zh');
    expect(await localeOf({ 'accept-language': 'sv-SE,sv;q=0.9' })).toBe('en');
    await sessionCall(t, session, 'PUT', '/api/v1/me/preferences/', { locale: 'ja' });
    expect(await localeOf({ 'accept-language': 'fr' })).toBe('ja');
  });

  it('goes away with the user', async () => {
    const id = await person('leaver');
    const session = (await signIn(t, 'leaver', STRONG)).session!;
    await sessionCall(t, session, 'PUT', '/api/v1/me/preferences/', { theme_mode: 'dark' });
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/security/users/${id}`, headers: t.headers('admin') });
    expect(removed.statusCode).toBe(200);
    const left = await t.ctx.store.db.selectFrom('user_attribute').select('user_id').where('user_id', '=', id).execute();
    expect(left).toEqual([]);
  });
});

describe('the configured default locale', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { defaultLocale: 'de' } });
  });
  afterAll(async () => t?.close());

  it('comes before Accept-Language for a user who chose nothing, and after their own choice', async () => {
    const session = (await signIn(t, 'gamma', t.users.gamma.password)).session!;
    const localeOf = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: { 'accept-language': 'fr-FR' }, cookies: { [SESSION_COOKIE]: session } })).json().result.locale;
    expect(await localeOf()).toBe('de');
    await sessionCall(t, session, 'PUT', '/api/v1/me/preferences/', { locale: 'ko' });
    expect(await localeOf()).toBe('ko');
  });
});
