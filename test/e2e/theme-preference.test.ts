/**
 * The theme mode chosen in the user menu follows the user to another browser, in real Chromium: Dark chosen in
 * one browser context (its own localStorage) is what a fresh context paints once the same user signs in
 * there, and a signed-out page keeps the browser's own choice.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';

const SLOW = 60_000;
let server: LumenServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Runs `body` in a fresh browser context: another browser, as far as localStorage and cookies go. */
async function inAnotherBrowser(body: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await body(await context.newPage());
  } finally {
    await context.close();
  }
}

const paintedTheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.biTheme);

async function chooseTheme(page: Page, label: 'Light' | 'Dark' | 'System'): Promise<void> {
  await page.getByRole('button', { name: 'Admin User' }).click();
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/v1/me/preferences/') && response.request().method() === 'PUT');
  await page.getByRole('menuitemradio', { name: label }).click();
  expect((await saved).status()).toBe(200);
}

describe('the theme mode remembered per user', () => {
  it('follows the user from one browser to another, and signed-out pages keep the browser’s own', async () => {
    await inAnotherBrowser(async (page) => {
      await signIn(page, server);
      await page.getByRole('button', { name: 'Admin User' }).waitFor({ timeout: SLOW });
      await chooseTheme(page, 'Dark');
      expect(await paintedTheme(page)).toBe('dark');
    });

    await inAnotherBrowser(async (page) => {
      // A signed-out page of this browser: nothing remembered here, so the default theme.
      await page.goto(`${server.url}/login/`);
      expect(await paintedTheme(page)).toBe('default');
      await signIn(page, server);
      await page.waitForFunction(() => document.documentElement.dataset.biTheme === 'dark', undefined, { timeout: SLOW });
      // The server's choice is now this browser's too, so the next page load paints it before any request.
      await page.reload();
      expect(await paintedTheme(page)).toBe('dark');
      await chooseTheme(page, 'Light');
      expect(await paintedTheme(page)).toBe('default');
    });

    await inAnotherBrowser(async (page) => {
      const loaded = page.waitForResponse((response) => response.url().endsWith('/api/v1/me/preferences/') && response.request().method() === 'GET', { timeout: SLOW });
      await signIn(page, server);
      expect(await (await loaded).json()).toEqual({ result: { theme_mode: 'default', locale: null } });
      // Light was the last choice: nothing turns this browser dark.
      expect(await paintedTheme(page)).toBe('default');
    });
  }, 300_000);
});
