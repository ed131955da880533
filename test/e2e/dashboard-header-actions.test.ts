/**
 * The dashboard header's "..." menu in real Chromium, signed in as the admin: Save as copies the dashboard
 * (its charts too when asked) and the app opens the copy.
 *
 * CI runs on 2 cores: every wait is on a condition, with generous timeouts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, exampleId, type AdminApi } from './support/admin-api';
import { chartsRendered } from './support/charts-rendered';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { withSignedInPage } from './support/signed-in-page';

const SLOW = 90_000;

let server: LumenServer;
let browser: Browser;
let api: AdminApi;
let salesId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
  api = await adminApi(server);
  salesId = await exampleId(api, 'dashboard', 'Sales Dashboard');
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens the Sales Dashboard and its "..." menu, and chooses `item`. */
async function chooseFromMenu(page: Page, item: string): Promise<void> {
  const trigger = page.getByRole('button', { name: 'More dashboard actions' });
  await trigger.click({ timeout: SLOW });
  await page.getByRole('menu', { name: 'Dashboard actions' }).getByRole('menuitem', { name: item }).click();
}

describe('Save as', () => {
  it('copies the dashboard with its charts under the new name and opens the copy', async () => {
    await withSignedInPage(browser, server, async (page, pageErrors) => {
      await page.goto(`${server.url}/superset/dashboard/${salesId}/`);
      await chartsRendered(page.locator('.bi-dash-main'), SLOW);
      await chooseFromMenu(page, 'Save as');
      const dialog = page.getByRole('dialog', { name: 'Save as' });
      const name = dialog.getByRole('textbox', { name: 'Name' });
      expect(await name.inputValue()).toBe('Sales Dashboard [copy]');
      await name.fill('Sales for the board');
      await dialog.getByRole('checkbox', { name: 'Also copy charts' }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();

      await page.waitForURL((url) => /^\/superset\/dashboard\/\d+\/$/.test(url.pathname) && url.pathname !== `/superset/dashboard/${salesId}/`, { timeout: SLOW });
      const copyId = Number(/\/superset\/dashboard\/(\d+)\//.exec(page.url())![1]);
      await page.getByRole('heading', { name: 'Sales for the board' }).waitFor({ timeout: SLOW });
      expect(await chartsRendered(page.locator('.bi-dash-main'), SLOW)).toBeGreaterThan(0);

      // The copy shows charts of its own (copied), not the original's.
      const charts = async (id: number) => (await api<{ result: { id: number; slice_name: string }[] }>('GET', `/api/v1/dashboard/${id}/charts`)).result;
      const [original, copy] = await Promise.all([charts(salesId), charts(copyId)]);
      expect(copy.map((c) => c.slice_name).sort()).toEqual(original.map((c) => c.slice_name).sort());
      expect(copy.some((c) => original.some((o) => o.id === c.id))).toBe(false);
      expect(pageErrors).toEqual([]);
    });
  }, 240_000);
});
