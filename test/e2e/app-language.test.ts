/**
 * The app's language chosen in the user menu, in real Chromium (issue 21): a signed-in admin switches to
 * French, then Japanese, the navigation follows without a reload, and a reload draws the Japanese shell from
 * its first paint (the server answers the choice with /api/v1/me/). A signed-out login page follows the
 * browser's languages. LUMEN_E2E_SCREENSHOTS=/some/dir keeps the user menu open in French, light and dark.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';

const SLOW = 60_000;
const SHOTS = process.env.LUMEN_E2E_SCREENSHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

let server: LumenServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every text the main navigation's links have shown since the page started loading, first paint included. */
const NAV_TEXTS_SEEN = `
  window.__navTextsSeen = new Set();
  new MutationObserver(() => {
    for (const link of document.querySelectorAll('.bi-topnav__link')) window.__navTextsSeen.add(link.textContent);
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

const navTexts = (page: Page) => page.locator('nav.bi-topnav__links a').allTextContents();
const documentLanguage = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** Opens the user menu (its button names the user) and picks `choice` (a menuitemradio's name). */
async function chooseInUserMenu(page: Page, choice: string): Promise<void> {
  const menu = page.locator('.bi-user-menu__popup');
  if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Admin User' }).click();
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/v1/me/preferences/') && response.request().method() === 'PUT');
  await page.getByRole('menuitemradio', { name: choice, exact: true }).click();
  expect((await saved).status()).toBe(200);
}

describe('the app’s language', () => {
  it('switches to French and Japanese from the user menu, keeps the choice across a reload, and paints it first', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', bypassCSP: true });
    try {
      const page = await context.newPage();
      await signIn(page, server);
      await page.getByRole('button', { name: 'Admin User' }).waitFor({ timeout: SLOW });
      expect((await navTexts(page)).slice(0, 3)).toEqual(['Home', 'Charts', 'Dashboards']);
      expect(await documentLanguage(page)).toBe('en');

      await chooseInUserMenu(page, 'français');
      await page.getByRole('link', { name: 'Tableaux de bord' }).waitFor({ timeout: SLOW });
      expect(await navTexts(page)).toEqual(['Accueil', 'Graphiques', 'Tableaux de bord', 'SQL', 'Jeux de données', 'Bases de données', 'Rapports', 'Étiquettes']);
      expect(await documentLanguage(page)).toBe('fr');
      expect(page.url()).toMatch(/\/superset\/welcome\/$/);
      // The open menu speaks French and names each language in itself; axe finds nothing serious in it.
      await page.getByRole('group', { name: 'Langue' }).waitFor();
      expect(await page.getByRole('group', { name: 'Langue' }).getByRole('menuitemradio').allTextContents()).toContain('português (Brasil)');
      expect(await seriousViolations(page, '.bi-user-menu__popup')).toEqual([]);
      if (SHOTS) await page.screenshot({ path: join(SHOTS, 'user-menu-fr-light.png') });
      await chooseInUserMenu(page, 'Sombre');
      await page.waitForFunction(() => document.documentElement.dataset.biTheme === 'dark');
      expect(await seriousViolations(page, '.bi-user-menu__popup')).toEqual([]);
      if (SHOTS) await page.screenshot({ path: join(SHOTS, 'user-menu-fr-dark.png') });
      await chooseInUserMenu(page, 'Clair');

      await chooseInUserMenu(page, '日本語');
      await page.getByRole('link', { name: 'ダッシュボード' }).waitFor({ timeout: SLOW });
      expect((await navTexts(page)).slice(0, 3)).toEqual(['ホーム', 'チャート', 'ダッシュボード']);
      expect(await documentLanguage(page)).toBe('ja');

      // A new page load: the server answers Japanese with the user, so no link ever shows another language.
      await page.addInitScript(NAV_TEXTS_SEEN);
      await page.reload();
      await page.getByRole('link', { name: 'ダッシュボード' }).waitFor({ timeout: SLOW });
      expect(await documentLanguage(page)).toBe('ja');
      const seen = await page.evaluate(() => [...(window as unknown as { __navTextsSeen: Set<string> }).__navTextsSeen]);
      expect(seen.sort()).toEqual(['SQL', 'タグ', 'チャート', 'データセット', 'データベース', 'ホーム', 'ダッシュボード', 'レポート'].sort());
      await page.getByRole('button', { name: 'Admin User' }).click();
      expect(await page.getByRole('menuitemradio', { name: '日本語' }).getAttribute('aria-checked')).toBe('true');
    } finally {
      await context.close();
    }
  }, 300_000);

  it('draws the signed-out login page in the browser’s language', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR' });
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/login/`);
      await page.getByRole('heading', { name: 'Se connecter' }).waitFor({ timeout: SLOW });
      expect(await page.getByLabel('Nom d’utilisateur').count()).toBe(1);
      expect(await documentLanguage(page)).toBe('fr');
    } finally {
      await context.close();
    }
  }, 120_000);
});
