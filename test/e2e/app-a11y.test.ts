/**
 * axe-core (WCAG 2 A and AA, colour contrast included) on the standalone app's pages and dialogs, in real
 * Chromium, in the light and the dark theme: the home page, a list (charts, as a table and as cards),
 * Explore with a drawn chart, a dashboard in view and in edit mode, SQL Lab, and the dialogs a user opens
 * there (dashboard properties, filter configuration, report schedule, save chart), and at 800 px the folded
 * navigation, Explore and the reflowed dashboard. No serious or critical violation may remain.
 *
 * axe does not measure SVG text, so the chart type gallery's Big Number thumbnail is measured here: its
 * figure must contrast with its tile in both themes.
 *
 * LUMEN_E2E_SCREENSHOTS=/some/dir keeps a screenshot of every page and dialog.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { adminApi, exampleId } from './support/admin-api';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';

const SHOTS = process.env.LUMEN_E2E_SCREENSHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

/** CI runs on 2 cores: every wait on the browser is generous. */
const SLOW = 60_000;
const THEMES = ['default', 'dark'] as const;
type Theme = (typeof THEMES)[number];

let server: LumenServer;
let browser: Browser;
let salesDashboardId: number;
let chartId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
  const api = await adminApi(server);
  salesDashboardId = await exampleId(api, 'dashboard', 'Sales Dashboard');
  chartId = await exampleId(api, 'chart', 'Weekly revenue');
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A signed-in page (1440x900 unless told) in the theme chosen in this browser (axe goes in as a script, past the CSP). */
async function withPage(theme: Theme, body: (page: Page) => Promise<void>, width = 1440): Promise<void> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  await context.addInitScript((mode) => localStorage.setItem('lumen-bi.theme-mode', mode), theme);
  const page = await context.newPage();
  try {
    await signIn(page, server);
    await body(page);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- page: ${page.url()} (${theme})\n--- server output:\n${server.output()}`, { cause: error });
  } finally {
    await context.close();
  }
}


/** Screenshot (when asked for) and axe check of what the page shows now. */
async function check(page: Page, name: string, theme: Theme): Promise<void> {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `a11y-${name}-${theme}.png`) });
  expect(await seriousViolations(page), `${name} (${theme})`).toEqual([]);
}

/** Opens a dialog, checks the page with it open, and closes it with Escape. */
async function checkDialog(page: Page, opener: Locator, name: string, shotName: string, theme: Theme): Promise<void> {
  await opener.click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor({ timeout: SLOW });
  await page.waitForTimeout(300); // the dialog's fields settle (options load)
  await check(page, shotName, theme);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached', timeout: SLOW });
}

/** WCAG contrast ratio of two CSS colours as the browser computes them. */
function contrastOf(page: Page, locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (css: string) => {
      const [r, g, b] = channels(css).map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    let surface = element.parentElement;
    while (surface && getComputedStyle(surface).backgroundColor.replace(/\s/g, '').match(/rgba\(.*,0\)|transparent/)) surface = surface.parentElement;
    const [a, b] = [luminance(getComputedStyle(element).fill), luminance(surface ? getComputedStyle(surface).backgroundColor : 'rgb(255,255,255)')];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

describe.each(THEMES)('axe on the app (%s theme)', (theme) => {
  it('the home page, the charts list and SQL Lab', async () => {
    await withPage(theme, async (page) => {
      await page.goto(`${server.url}/superset/welcome/`);
      await page.getByRole('heading', { name: 'Home' }).waitFor({ timeout: SLOW });
      await page.waitForLoadState('networkidle');
      await check(page, 'home', theme);

      await page.goto(`${server.url}/chart/list/?viewMode=table`);
      await page.getByRole('heading', { name: 'Charts' }).waitFor({ timeout: SLOW });
      await page.locator('main table tbody tr').first().waitFor({ timeout: SLOW });
      await check(page, 'chart-list', theme);
      await page.getByRole('button', { name: 'Card view' }).click();
      await page.locator('main table').waitFor({ state: 'detached', timeout: SLOW });
      await check(page, 'chart-cards', theme);

      await page.goto(`${server.url}/sqllab/`);
      await page.locator('.bi-sqllab').waitFor({ timeout: SLOW });
      await page.waitForLoadState('networkidle');
      await check(page, 'sqllab', theme);
    });
  }, 300_000);

  it('Explore with a drawn chart, its Save dialog and its chart type gallery', async () => {
    await withPage(theme, async (page) => {
      await page.goto(`${server.url}/explore/?slice_id=${chartId}`);
      await page.locator('.bi-explore__main [data-chart-status="rendered"], .bi-explore__main .bi-chart-area__host svg').first().waitFor({ timeout: SLOW });
      await check(page, 'explore', theme);
      await checkDialog(page, page.locator('.bi-explore__header').getByRole('button', { name: 'Save', exact: true }), 'Save chart', 'save-chart', theme);

      await page.getByRole('button', { name: /^Chart type:/ }).click();
      const gallery = page.getByRole('dialog', { name: 'Change chart type' });
      await gallery.waitFor({ timeout: SLOW });
      const figure = gallery.locator('[data-viz-type="big_number_total"] .bi-thumb text');
      expect(await contrastOf(page, figure), 'Big Number thumbnail figure against its tile').toBeGreaterThanOrEqual(4.5);
      await check(page, 'viz-gallery', theme);
    });
  }, 300_000);

  it('a dashboard in view and edit mode, and its properties, filter and report dialogs', async () => {
    await withPage(theme, async (page) => {
      await page.goto(`${server.url}/superset/dashboard/${salesDashboardId}/`);
      await page.locator('.bi-dash-chart [data-chart-status="rendered"]').first().waitFor({ timeout: SLOW });
      await page.waitForLoadState('networkidle');
      await check(page, 'dashboard', theme);

      const header = page.locator('.bi-dash-header-bar');
      await checkDialog(page, header.getByRole('button', { name: 'Edit properties' }), 'Dashboard properties', 'dashboard-properties', theme);
      await checkDialog(page, page.getByRole('button', { name: '+ Add / Edit filters' }), 'Add and edit filters', 'filter-config', theme);
      await checkDialog(page, header.getByRole('button', { name: 'Set up an email report' }), 'Schedule a new email report', 'report-schedule', theme);

      await header.getByRole('button', { name: 'Edit dashboard' }).click();
      await page.locator('.bi-dash--editing .bi-dash-builder').waitFor({ timeout: SLOW });
      await page.waitForLoadState('networkidle');
      await check(page, 'dashboard-edit', theme);
    });
  }, 300_000);

  it('at 800 px: the folded navigation menu, Explore stacked and the dashboard reflowed', async () => {
    await withPage(
      theme,
      async (page) => {
        await page.goto(`${server.url}/superset/welcome/`);
        await page.getByRole('heading', { name: 'Home' }).waitFor({ timeout: SLOW });
        await page.getByRole('button', { name: /^Menu/ }).click();
        await page.getByRole('menu').waitFor({ timeout: SLOW });
        await check(page, 'nav-menu-800', theme);
        await page.keyboard.press('Escape');

        await page.goto(`${server.url}/explore/?slice_id=${chartId}`);
        await page.locator('.bi-explore__main [data-chart-status="rendered"], .bi-explore__main .bi-chart-area__host svg').first().waitFor({ timeout: SLOW });
        await check(page, 'explore-800', theme);

        await page.goto(`${server.url}/superset/dashboard/${salesDashboardId}/`);
        await page.locator('.bi-dash-chart [data-chart-status="rendered"]').first().waitFor({ timeout: SLOW });
        await page.waitForLoadState('networkidle');
        await check(page, 'dashboard-800', theme);
      },
      800,
    );
  }, 300_000);
});
