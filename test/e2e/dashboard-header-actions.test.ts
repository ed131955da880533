/**
 * The dashboard header's "..." menu in real Chromium, signed in as the admin: Save as copies the dashboard
 * (its charts too when asked) and the app opens the copy; Enter full screen puts the dashboard in full screen,
 * in the app and inside <bi-dashboard>'s shadow root on a host page of another origin (a guest's menu), with
 * the menu still usable there to leave it; Download as image and Download as PDF save the whole grid (the
 * charts below the fold drawn too) as a PNG and as a one-page PDF holding that picture.
 *
 * CI runs on 2 cores: every wait is on a condition, with generous timeouts.
 */
import { readFile } from 'node:fs/promises';
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

/** The number of distinct colours in the picture's lowest third: charts drawn there, not grey placeholders. */
function coloursOfLowestThird(page: Page, png: Buffer): Promise<number> {
  return page.evaluate(async (base64) => {
    // Decoded without fetch(): the app's Content-Security-Policy (connect-src 'self') refuses data: URLs.
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const top = Math.floor((bitmap.height * 2) / 3);
    const data = ctx.getImageData(0, top, bitmap.width, bitmap.height - top).data;
    const seen = new Set<number>();
    for (let i = 0; i < data.length; i += 4) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    return seen.size;
  }, png.toString('base64'));
}

describe('downloads', () => {
  it('saves the whole grid, charts below the fold drawn, as a PNG and as a one-page PDF of that picture', async () => {
    await withSignedInPage(browser, server, async (page, pageErrors) => {
      // A short window: the Sales Dashboard's second row of charts is below the fold (and its 200 px margin).
      await page.setViewportSize({ width: 1400, height: 400 });
      await page.goto(`${server.url}/superset/dashboard/${salesId}/`);
      await chartsRendered(page.locator('.bi-dash-main'), SLOW);
      // Charts below the fold have not loaded: the download must load them.
      expect(await page.locator('.bi-dash-main [data-chart-status="idle"]').count()).toBeGreaterThan(0);

      const [image] = await Promise.all([page.waitForEvent('download', { timeout: SLOW }), chooseFromMenu(page, 'Download as image')]);
      expect(image.suggestedFilename()).toMatch(/^sales-dashboard-\d{4}-\d{2}-\d{2}\.png$/);
      const png = await readFile((await image.path())!);
      expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const grid = (await page.locator('.bi-dash-main').boundingBox())!;
      const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
      const scale = width / grid.width;
      expect(scale).toBeGreaterThanOrEqual(1.95);
      expect(Math.abs(height / scale - grid.height)).toBeLessThan(4);
      expect(await page.locator('.bi-dash-main [data-chart-status="idle"], .bi-dash-main [data-chart-status="loading"]').count()).toBe(0);
      expect(await coloursOfLowestThird(page, png)).toBeGreaterThan(20);

      const [document] = await Promise.all([page.waitForEvent('download', { timeout: SLOW }), chooseFromMenu(page, 'Download as PDF')]);
      expect(document.suggestedFilename()).toMatch(/^sales-dashboard-\d{4}-\d{2}-\d{2}\.pdf$/);
      const pdf = (await readFile((await document.path())!)).toString('latin1');
      expect(pdf.startsWith('%PDF-')).toBe(true);
      expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
      // One page of the grid's size in points, holding the picture at its full resolution.
      expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(1);
      const [, pageWidth, pageHeight] = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf)!.map(Number);
      expect(Math.abs(pageWidth - grid.width * 0.75)).toBeLessThan(2);
      expect(Math.abs(pageHeight - grid.height * 0.75)).toBeLessThan(2);
      expect(pdf).toContain('/Subtype /Image');
      expect(pdf).toContain(`/Width ${width}`);
      expect(pageErrors).toEqual([]);
    });
  }, 240_000);
});
