import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestOidcProvider, type TestOidcProvider } from '../../packages/server/src/testing/oidc-provider';
import { LDAP_PEOPLE, slapdAvailable, startTestDirectory, type TestDirectory } from '../../packages/server/src/testing/slapd';
import { launchChromium } from './support/chromium';
import { freePort } from './support/free-port';
import { startLumenServer, type LumenServer } from './support/lumen-server';

const CLIENT_SECRET = 'e2e-client-secret';
let server: LumenServer;
let browser: Browser;
let idp: TestOidcProvider;
let directory: TestDirectory;

beforeAll(async () => {
  // In CI a missing slapd throws here (the test fails) rather than skipping.
  if (!slapdAvailable()) throw new Error('slapd is not installed: apt-get install -y slapd ldap-utils');
  directory = await startTestDirectory(
    [{ uid: 'erin', password: 'erin-directory-pw', givenName: 'Erin', sn: 'Directory', mail: 'erin@example.org' }],
    [
      { cn: 'analysts', members: ['erin'] },
      { cn: 'sql-people', members: ['erin'] },
    ],
  );
  // The provider's port is chosen first: Lumen is configured with the issuer, and the provider with Lumen's callback.
  const idpPort = await freePort();
  [server, browser] = await Promise.all([
    startLumenServer({
      env: {
        LUMEN_LOAD_EXAMPLES: 'false',
        LUMEN_OIDC_ISSUER: `http://127.0.0.1:${idpPort}`,
        LUMEN_OIDC_CLIENT_ID: 'lumen',
        LUMEN_OIDC_CLIENT_SECRET: CLIENT_SECRET,
        LUMEN_OIDC_SCOPES: 'openid profile email groups',
        LUMEN_OIDC_ROLE_MAPPING: JSON.stringify({ 'bi-analysts': ['Alpha'] }),
        LUMEN_OIDC_LABEL: 'Test IdP',
        LUMEN_LDAP_URL: directory.url,
        LUMEN_LDAP_BIND_DN: directory.bindDn,
        LUMEN_LDAP_BIND_PASSWORD: directory.bindPassword,
        LUMEN_LDAP_SEARCH_BASE: LDAP_PEOPLE,
        LUMEN_LDAP_ROLE_MAPPING: JSON.stringify({ analysts: ['Alpha'], 'sql-people': ['sql_lab'] }),
        LUMEN_LDAP_LABEL: 'Company directory',
      },
    }),
    launchChromium(),
  ]);
  idp = await startTestOidcProvider({ port: idpPort, clientSecret: CLIENT_SECRET, redirectUris: [`${server.url}/oauth-authorized/oidc/`] });
  idp.accounts.set('frank', { password: 'frank-idp-pw', givenName: 'Frank', familyName: 'Federated', email: 'frank@example.org', groups: ['bi-analysts'] });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await idp?.stop();
  await directory?.stop();
});

/** The signed-in user's roles, asked from the page so its session cookie is used. */
const rolesIn = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/api/v1/me/roles/', { headers: { accept: 'application/json' } });
    const body = (await response.json()) as { result: { username: string; roles: Record<string, unknown> } };
    return { username: body.result.username, roles: Object.keys(body.result.roles).sort() };
  });

describe('single sign-on in Chromium', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('signs in through the OpenID provider’s login form and lands on the home page with the mapped role', async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/login/`);
    await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
    await page.waitForURL((url) => url.port === new URL(idp.issuer).port);
    await page.getByLabel('Login').fill('frank');
    await page.getByLabel('Password').fill('frank-idp-pw');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.origin === server.url && url.pathname === '/superset/welcome/');
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    expect(await rolesIn(page)).toEqual({ username: 'frank', roles: ['Alpha', 'Gamma'] });
    await page.close();
  });

  it('shows why when the user cancels at the provider', async () => {
    const fresh = await browser.newContext();
    try {
      const page = await fresh.newPage();
      await page.goto(`${server.url}/login/`);
      await page.getByRole('link', { name: 'Sign in with Test IdP' }).click();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL((url) => url.origin === server.url && url.pathname === '/login/');
      expect(await page.getByRole('alert').textContent()).toBe('Sign-in was cancelled at the identity provider.');
    } finally {
      await fresh.close();
    }
  });

  it('signs in through the directory (LDAP) and lands on the home page with the mapped roles; a wrong password reads as any failed login', async () => {
    const fresh = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await fresh.newPage();
      await page.goto(`${server.url}/login/`);
      await page.getByRole('radio', { name: 'Company directory' }).check();
      await page.getByLabel('Username').fill('erin');
      await page.getByLabel('Password').fill('not-erins-password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/login/' && url.searchParams.get('error') === '1');
      expect(await page.getByRole('alert').textContent()).toBe('Invalid login. Please try again.');
      expect(await page.getByRole('radio', { name: 'Company directory' }).isChecked()).toBe(true);

      await page.getByLabel('Username').fill('erin');
      await page.getByLabel('Password').fill('erin-directory-pw');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/superset/welcome/');
      await page.getByRole('heading', { name: 'Home' }).waitFor();
      expect(await rolesIn(page)).toEqual({ username: 'erin', roles: ['Alpha', 'Gamma', 'sql_lab'] });
    } finally {
      await fresh.close();
    }
  });
});
