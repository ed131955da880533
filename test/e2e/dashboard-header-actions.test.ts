/**
 * The dashboard header's "..." menu in real Chromium, signed in as the admin: Save as copies the dashboard
 * (its charts too when asked) and the app opens the copy; Enter full screen puts the dashboard in full screen,
 * in the app and inside <bi-dashboard>'s shadow root on a host page of another origin (a guest's menu), with
 * the menu still usable there to leave it.
 *
 * CI runs on 2 cores: every wait is on a condition, with generous timeouts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, exampleId, type AdminApi } from './support/admin-api';
import { chartsRendered } from './support/charts-rendered';
import { launchChromium } from './support/chromium';
import { registerEmbedding } from './support/embed-fixtures';
import { lumenAccessToken, startEmbedHost, type EmbedHost } from './support/embed-host';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { withSignedInPage } from './support/signed-in-page';

const SLOW = 90_000;

let server: LumenServer;
let browser: Browser;
let api: AdminApi;
let salesId: number;
let host: EmbedHost;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
  api = await adminApi(server);
  salesId = await exampleId(api, 'dashboard', 'Sales Dashboard');
  const lumen = { url: server.url, accessToken: await lumenAccessToken(server.url, server.admin) };
  host = await startEmbedHost(lumen);
  const uuid = await registerEmbedding(lumen, salesId, [host.origin]);
  host.tokenRequest = { resources: [{ type: 'dashboard', id: uuid }], rls: [] };
  host.files.set('/element.html', { type: 'text/html; charset=utf-8', body: elementPage(uuid) });
}, 240_000);

afterAll(async () => {
  await host?.stop();
  await browser?.close();
  await server?.stop();
});

/** A host page with <bi-dashboard> for the embedded Sales Dashboard, its guest token from the host's backend. */
function elementPage(uuid: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title><link rel="icon" href="data:,"></head>
<body><h1>Host</h1>
<script type="module">
  import '/elements/bi-elements.lite.js';
  const dashboard = document.createElement('bi-dashboard');
  dashboard.fetchGuestToken = () => fetch('/guest-token', { method: 'POST' }).then((r) => r.json()).then((j) => j.token);
  dashboard.setAttribute('api-url', ${JSON.stringify(server.url)});
  dashboard.setAttribute('dashboard-id', ${JSON.stringify(uuid)});
  dashboard.style.cssText = 'display: block; height: 800px';
  document.body.append(dashboard);
</script></body></html>`;
}

/** Opens the "..." menu of the dashboard in `scope` and chooses `item`. */
async function chooseFromMenu(page: Page, item: string): Promise<void> {
  const trigger = page.getByRole('button', { name: 'More dashboard actions' });
  await trigger.click({ timeout: SLOW });
  await page.getByRole('menu', { name: 'Dashboard actions' }).getByRole('menuitem', { name: item }).click();
}

/** Whether the dashboard's root (.bi-dash) is in full screen, in the page or in <bi-dashboard>'s shadow root. */
const dashboardInFullscreen = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('bi-dashboard')?.shadowRoot ?? document;
    return Boolean(root.fullscreenElement?.classList.contains('bi-dash'));
  });

/** Enters full screen from the menu, checks the menu still opens there, and leaves it from the menu. */
async function roundTripFullscreen(page: Page): Promise<void> {
  await chooseFromMenu(page, 'Enter full screen');
  await expect.poll(() => dashboardInFullscreen(page), { timeout: SLOW }).toBe(true);
  // The menu opens inside the element in full screen (the only one drawn), offering the way out.
  await chooseFromMenu(page, 'Exit full screen');
  await expect.poll(() => dashboardInFullscreen(page), { timeout: SLOW }).toBe(false);
  await page.getByRole('button', { name: 'More dashboard actions' }).click();
  await page.getByRole('menuitem', { name: 'Enter full screen' }).waitFor();
  await page.keyboard.press('Escape');
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

describe('full screen', () => {
  it('puts the dashboard in full screen and back from its menu, in the app and inside <bi-dashboard> for a guest', async () => {
    await withSignedInPage(browser, server, async (page, pageErrors) => {
      await page.goto(`${server.url}/superset/dashboard/${salesId}/`);
      await chartsRendered(page.locator('.bi-dash-main'), SLOW);
      await roundTripFullscreen(page);
      expect(pageErrors).toEqual([]);
    });

    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${host.origin}/element.html`);
      await chartsRendered(page.locator('bi-dashboard'), SLOW);
      await roundTripFullscreen(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);
});
