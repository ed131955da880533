import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing';

/** Providers that cannot be reached: a closed port on this machine. */
const CLOSED = '127.0.0.1:1';

describe('single sign-on when the provider cannot be reached', () => {
  let t: TestApp;
  beforeAll(async () => {
    const account = { label: 'X', autoRegister: true, linkExistingUsers: false, defaultRole: 'Gamma', roleMapping: {} };
    t = await createTestApp({
      config: {
        auth: {
          oidc: { ...account, issuer: `http://${CLOSED}`, clientId: 'lumen', clientSecret: 's', scopes: ['openid'], roleClaim: 'groups', usernameClaim: 'preferred_username', redirectUri: null },
          ldap: {
            ...account,
            url: `ldap://${CLOSED}`,
            bindDn: 'cn=admin,dc=example,dc=org',
            bindPassword: 'secret',
            searchBase: 'dc=example,dc=org',
            searchFilter: '(uid={username})',
            usernameAttribute: 'uid',
            groupAttribute: 'memberOf',
            groupSearchBase: null,
            groupSearchFilter: '(member={dn})',
            groupNameAttribute: 'cn',
            startTls: false,
            timeoutMs: 2000,
          },
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends the OpenID sign-in back to the login page saying the provider is unavailable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login/oidc/?next=/dashboard/list/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login/?sso_error=unavailable&next=%2Fdashboard%2Flist%2F');
  });

  it('answers an LDAP login with the usual words, without counting it against the user', async () => {
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/login/ldap/', headers: { accept: 'application/json' }, payload: { username: 'alice', password: 'pw' } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid login. Please try again.' });
    }
  });
});
