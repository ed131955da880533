import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';

const NAV_LINKS = ['Home', 'Charts', 'Dashboards', 'SQL', 'Datasets', 'Databases', 'Reports', 'Tags'];

let server: LumenServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Submits the login form and waits for the server's redirect to land where `arrived` says. */
async function signIn(page: Page, username: string, password: string, arrived: (url: URL) => boolean): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await Promise.all([page.waitForURL(arrived), page.getByRole('button', { name: 'Sign in' }).click()]);
}

const failedLogin = (url: URL) => url.pathname === '/login/' && url.searchParams.get('error') === '1';
const leftLogin = (url: URL) => url.pathname !== '/login/';

describe('login, shell and logout in Chromium', () => {
  it('signs in after a failed attempt, navigates, and signs out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/`);
      await page.waitForURL((url) => url.pathname === '/login/');
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();

      await signIn(page, server.admin.username, 'not-the-password', failedLogin);
      expect(await page.getByRole('alert').textContent()).toBe('Invalid login. Please try again.');

      await signIn(page, server.admin.username, server.admin.password, leftLogin);
      await page.getByRole('heading', { name: 'Home' }).waitFor();
      expect(pathOf(page)).toBe('/superset/welcome/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link').allTextContents()).toEqual(NAV_LINKS);
      // Three menus for an admin: New ('+'), Settings, then the user's own (named after the user).
      const menus = page.locator('button[aria-haspopup="menu"]');
      expect(await menus.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent?.trim()))).toEqual(['New', 'Settings', 'Admin User']);
      const userButton = page.getByRole('button', { name: 'Admin User' });

      await nav.getByRole('link', { name: 'Charts' }).click();
      await page.getByRole('heading', { name: 'Charts' }).waitFor();
      expect(pathOf(page)).toBe('/chart/list/');
      // The charts list shows the example charts, paginated ('x-y of z').
      await page.getByText(/^\d+-\d+ of \d+$/).first().waitFor();

      await userButton.click();
      await Promise.all([page.waitForURL((url) => url.pathname === '/login/'), page.getByRole('menuitem', { name: 'Logout' }).click()]);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();

      // The session is really gone: a protected page sends the visitor back to sign in, and `next` returns them.
      await page.goto(`${server.url}/chart/list/`);
      await page.waitForURL((url) => url.pathname === '/login/' && url.searchParams.get('next') === '/chart/list/');
      await signIn(page, server.admin.username, server.admin.password, leftLogin);
      await page.getByRole('heading', { name: 'Charts' }).waitFor();
      expect(pathOf(page)).toBe('/chart/list/');
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- page: ${page.url()}\n--- server output:\n${server.output()}`, { cause: error });
    } finally {
      await context.close();
    }
  });

  it('serves hashed assets with long cache headers and the app HTML uncached', async () => {
    const html = await fetch(`${server.url}/login/`);
    expect(html.status).toBe(200);
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const body = await html.text();
    const script = body.match(/<script type="module" src="([^"]+)"/)?.[1];
    expect(script).toMatch(/^\/static\/main-[\w-]+\.js$/);
    const asset = await fetch(`${server.url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${server.url}/api/v1/me/`)).status).toBe(401);
  });
});
