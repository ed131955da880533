/**
 * Drill to detail in real Chromium (issue 22): a bar chart's menu on the Lumen Showcase dashboard, with a
 * native filter applied, opens the dialog whose total equals a direct COUNT(*) of the same dataset under the
 * same filter; page 2 shows the next rows; Escape closes it. Screenshots of the dialog at 1440 and 800 px
 * wide, light and dark, when LUMEN_E2E_SCREENSHOTS names a directory.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type AdminApi } from './support/admin-api';
import { seriousViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';

const SHOTS = process.env.LUMEN_E2E_SCREENSHOTS;
/** CI runs on 2 cores: every wait on the browser is generous. */
const SLOW = 60_000;
const REGION_FILTER = 'NATIVE_FILTER-lumen-region';
const COUNT = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' };

let server: LumenServer;
let browser: Browser;
let api: AdminApi;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
  api = await adminApi(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Setup {
  dashboardId: number;
  chart: { id: number; title: string };
  /** The showcase's pie by region, on the same dataset and under the same filter. */
  pie: { id: number; title: string };
  /** A direct COUNT(*) of the dataset under the region filter and these filters too. */
  countWith(filters: object[]): Promise<number>;
  region: string;
  /** A direct COUNT(*) of the chart's dataset where region is `region`. */
  expected: number;
  filterKey: string;
}

/** The showcase's bar chart, a region, its direct row count, and a stored filter state applying it. */
async function setUp(): Promise<Setup> {
  const list = await api<{ result: { id: number }[] }>('GET', '/api/v1/dashboard/?q=(filters:!((col:slug,opr:eq,value:lumen-showcase)))');
  const dashboardId = list.result[0]!.id;
  const charts = (await api<{ result: { id: number; slice_name: string; form_data: { viz_type?: string; datasource?: string } }[] }>('GET', `/api/v1/dashboard/${dashboardId}/charts`)).result;
  const bar = charts.find((c) => c.slice_name === 'Revenue by product line' && c.form_data.viz_type === 'echarts_timeseries_bar');
  expect(bar, 'the showcase bar chart').toBeTruthy();
  const pie = charts.find((c) => c.slice_name === 'Order lines by region' && c.form_data.viz_type === 'pie');
  expect(pie, 'the showcase pie by region').toBeTruthy();
  expect(pie!.form_data.datasource).toBe(bar!.form_data.datasource);
  const datasource = { id: Number(bar!.form_data.datasource!.split('__')[0]), type: 'table' };
  const count = async (filters: object[], columns: string[] = []) =>
    (await api<{ result: { data: Record<string, unknown>[] }[] }>('POST', '/api/v1/chart/data', { datasource, queries: [{ columns, metrics: [COUNT], filters, time_range: 'No filter', orderby: [[COUNT, false]] }], force: true })).result[0]!.data;
  const regions = await count([], ['region']);
  // The second-largest region: a real narrowing, still several pages.
  const region = String(regions[1]!.region);
  const expected = Number((await count([{ col: 'region', op: 'IN', val: [region] }]))[0]!.n);
  expect(expected).toBeGreaterThan(100);
  expect(expected).toBeLessThan(regions.reduce((sum, row) => sum + Number(row.n), 0));
  const mask = { [REGION_FILTER]: { id: REGION_FILTER, extraFormData: { filters: [{ col: 'region', op: 'IN', val: [region] }] }, filterState: { value: [region], label: region }, ownState: {} } };
  const { key } = await api<{ key: string }>('POST', `/api/v1/dashboard/${dashboardId}/filter_state`, { value: JSON.stringify(mask) });
  const countWith = async (filters: object[]) => Number((await count([{ col: 'region', op: 'IN', val: [region] }, ...filters]))[0]!.n);
  return { dashboardId, chart: { id: bar!.id, title: bar!.slice_name }, pie: { id: pie!.id, title: pie!.slice_name }, countWith, region, expected, filterKey: key };
}

/** Runs `body` signed in, in a fresh context of the given theme and width (900 px high). */
async function withPage(theme: 'light' | 'dark', width: number, body: (page: Page) => Promise<void>): Promise<void> {
  // bypassCSP: the app's CSP allows no inline script, and axe-core is injected as one.
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  await context.addInitScript((mode) => localStorage.setItem('lumen-bi.theme-mode', mode), theme === 'dark' ? 'dark' : 'default');
  const page = await context.newPage();
  try {
    await signIn(page, server);
    await body(page);
  } catch (error) {
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `drill-detail-failure-${theme}-${width}.png`) }).catch(() => undefined);
    throw new Error(`${(error as Error).message}\n--- page: ${page.url()} (${theme}, ${width}px)\n--- server output:\n${server.output()}`, { cause: error });
  } finally {
    await context.close();
  }
}

/** Opens the dashboard with the stored filters and brings the chart into view (its tab chosen if need be). */
async function showChart(page: Page, setup: Setup, chartId = setup.chart.id): Promise<ReturnType<Page['locator']>> {
  if (!page.url().includes(`/dashboard/${setup.dashboardId}/`)) {
    await page.goto(`${server.url}/superset/dashboard/${setup.dashboardId}/?native_filters_key=${setup.filterKey}`);
  }
  await page.locator('.bi-dash-chart[data-chart-id]').first().waitFor({ timeout: SLOW });
  const holder = page.locator(`.bi-dash-chart[data-chart-id="${chartId}"]`);
  const tabs = await page.getByRole('tab').all();
  for (let i = 0; i < tabs.length && !(await holder.isVisible()); i++) await tabs[i]!.click();
  await holder.scrollIntoViewIfNeeded({ timeout: SLOW });
  return holder;
}

/** Chooses 'Drill to detail' in the chart's menu; answers the dialog once its total is shown. */
async function openDrill(page: Page, setup: Setup) {
  const holder = await showChart(page, setup);
  const menuButton = holder.getByRole('button', { name: `More options for ${setup.chart.title}` });
  await expect.poll(() => menuButton.isEnabled(), { timeout: SLOW }).toBe(true);
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Drill to detail' }).click();
  const dialog = page.getByRole('dialog', { name: `Drill to detail: ${setup.chart.title}` });
  await dialog.waitFor({ timeout: SLOW });
  await expect.poll(async () => (await dialog.getByTestId('drill-detail-total').textContent()) ?? '', { timeout: SLOW }).toMatch(/^[\d,]+ rows$/);
  await dialog.locator('tbody tr').first().waitFor({ timeout: SLOW });
  return { dialog, menuButton };
}

const shownTotal = async (dialog: ReturnType<Page['locator']>) => Number(((await dialog.getByTestId('drill-detail-total').textContent()) ?? '').replace(/[^\d]/g, ''));

describe('Drill to detail in Chromium', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp();
  }, SLOW);

  it("a bar chart's rows under the dashboard's filter: the total equals a direct count, page 2, Escape closes", async () => {
    await withPage('light', 1440, async (page) => {
      const samples: { query: URLSearchParams; body: { filters?: { col: string; op: string; val: unknown }[] } }[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (request.method() === 'POST' && url.pathname === '/datasource/samples') samples.push({ query: url.searchParams, body: request.postDataJSON() });
      });
      const { dialog, menuButton } = await openDrill(page, setup);
      expect(await shownTotal(dialog)).toBe(setup.expected);
      // The native filter reached the drill's request, and the page size is 50.
      expect(samples[0]!.body.filters).toContainEqual({ col: 'region', op: 'IN', val: [setup.region] });
      expect(samples[0]!.query.get('per_page')).toBe('50');
      expect(await dialog.locator('tbody tr').count()).toBe(50);
      const pages = Math.ceil(setup.expected / 50);
      expect(await dialog.getByTestId('drill-detail-page').textContent()).toBe(`Page 1 of ${pages}`);
      const regionColumn = (await dialog.locator('thead th').allTextContents()).indexOf('region');
      expect(regionColumn).toBeGreaterThanOrEqual(0);
      const regionsShown = await dialog.locator(`tbody tr td:nth-child(${regionColumn + 1})`).allTextContents();
      expect(new Set(regionsShown)).toEqual(new Set([setup.region]));
      const firstPage = await dialog.locator('tbody tr').first().textContent();
      if (SHOTS) await page.screenshot({ path: join(SHOTS, 'drill-detail-light-1440.png') });

      await dialog.getByRole('button', { name: 'Next page' }).click();
      await expect.poll(() => dialog.getByTestId('drill-detail-page').textContent(), { timeout: SLOW }).toBe(`Page 2 of ${pages}`);
      await expect.poll(() => dialog.locator('tbody tr').first().textContent(), { timeout: SLOW }).not.toBe(firstPage);
      expect(samples.at(-1)!.query.get('page')).toBe('2');
      expect(await shownTotal(dialog)).toBe(setup.expected);

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true);
    });
  }, 240_000);

  it.each([
    ['dark', 1440],
    ['light', 800],
    ['dark', 800],
  ] as const)('the dialog at %s, %i px wide, fits, shows the same total and has no serious axe violation', async (theme, width) => {
    await withPage(theme, width, async (page) => {
      const { dialog } = await openDrill(page, setup);
      expect(await shownTotal(dialog)).toBe(setup.expected);
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      // Every footer and pager button is a styled design-system button, not the browser's default.
      for (const button of await dialog.locator('.bi-drill-detail__pager button, .bi-modal__footer button').all()) {
        expect(await button.evaluate((el) => getComputedStyle(el).borderRadius)).not.toBe('0px');
      }
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `drill-detail-${theme}-${width}.png`) });
      expect(await seriousViolations(page, '.bi-modal'), `axe, ${theme} ${width}px`).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });
  }, 240_000);

  it('a right-click on a pie slice or a bar offers "Drill to detail by <value>", adding that point\'s filter', async () => {
    await withPage('light', 1440, async (page) => {
      // The pie: its only slice under the region filter is that region.
      const pie = await showChart(page, setup, setup.pie.id);
      await expect.poll(() => pie.locator('[data-chart-status]').first().getAttribute('data-chart-status'), { timeout: SLOW }).toBe('rendered');
      const slice = pie.locator(`path[aria-label="Filter by ${setup.region}"]`);
      await slice.click({ button: 'right', timeout: SLOW });
      await page.getByRole('menuitem', { name: `Drill to detail by ${setup.region}` }).click();
      const pieDialog = page.getByRole('dialog', { name: `Drill to detail by ${setup.region}: ${setup.pie.title}` });
      await pieDialog.waitFor({ timeout: SLOW });
      await expect.poll(async () => shownTotal(pieDialog), { timeout: SLOW }).toBe(await setup.countWith([{ col: 'region', op: '==', val: setup.region }]));
      if (SHOTS) await page.screenshot({ path: join(SHOTS, 'drill-detail-by-pie-slice.png') });
      await page.keyboard.press('Escape');
      await pieDialog.waitFor({ state: 'detached' });

      // The bar chart: a right-click on the first bar (its category's middle, low on the plot).
      const bar = await showChart(page, setup);
      await expect.poll(() => bar.locator('[data-chart-status]').first().getAttribute('data-chart-status'), { timeout: SLOW }).toBe('rendered');
      const plot = bar.locator('.u-over');
      const box = (await plot.boundingBox())!;
      const categories = await bar.locator('[data-cross-filter-key^="x:"]').count();
      expect(categories).toBeGreaterThan(1);
      await page.mouse.move(box.x + box.width / categories / 2, box.y + box.height - 5);
      await page.mouse.click(box.x + box.width / categories / 2, box.y + box.height - 5, { button: 'right' });
      const item = page.getByRole('menuitem', { name: /^Drill to detail by / });
      await item.waitFor({ timeout: SLOW });
      const value = ((await item.textContent()) ?? '').replace(/^Drill to detail by /, '');
      const firstCategory = (await bar.locator('[data-cross-filter-key="x:0"]').textContent()) ?? '';
      expect(value).toBe(firstCategory);
      await item.click();
      const barDialog = page.getByRole('dialog', { name: `Drill to detail by ${value}: ${setup.chart.title}` });
      await barDialog.waitFor({ timeout: SLOW });
      const expected = await setup.countWith([{ col: 'product_line', op: '==', val: value }]);
      expect(expected).toBeGreaterThan(0);
      expect(expected).toBeLessThan(setup.expected);
      await expect.poll(async () => shownTotal(barDialog), { timeout: SLOW }).toBe(expected);
      if (SHOTS) await page.screenshot({ path: join(SHOTS, 'drill-detail-by-bar.png') });
      await page.keyboard.press('Escape');
      await barDialog.waitFor({ state: 'detached' });
    });
  }, 240_000);
});
