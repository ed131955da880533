/**
 * The incumbent's example mixed chart ('Mixed' on its 'Featured Charts' dashboard: SUM(sales) on the
 * secondary axis, count on the primary one) draws in Lumen, in real Chromium against the real
 * server: in Explore, with the Query A / Query B controls, and on its dashboard, light and dark. The
 * chart-data request carries both queries and the chart gets both results.
 */
import { join } from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './support/admin-api';
import { chooseOption } from './support/choose-option';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';

const SLOW = 60_000;
const SETTLED = '[data-chart-status="rendered"], [data-chart-status="failed"]';
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 800, height: 900 },
];

let server: LumenServer;
let browser: Browser;
let chartId: number;
let dashboardId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
  const api = await adminApi(server);
  const charts = await api<{ result: { id: number; slice_name: string }[] }>('GET', `/api/v1/chart/?q=${encodeURIComponent("(filters:!((col:viz_type,opr:eq,value:mixed_timeseries)))")}`);
  const mixed = charts.result.find((chart) => chart.slice_name === 'Mixed');
  if (!mixed) throw new Error("The incumbent's example chart 'Mixed' was not imported");
  chartId = mixed.id;
  const dashboards = await api<{ result: { id: number; dashboard_title: string }[] }>('GET', `/api/v1/dashboard/?q=${encodeURIComponent("(filters:!((col:dashboard_title,opr:eq,value:'Featured Charts')))")}`);
  dashboardId = dashboards.result[0]!.id;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens a signed-in page in a theme mode. */
async function openPage(viewport: { width: number; height: number }, theme: string): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((mode) => localStorage.setItem('lumen-bi.theme-mode', mode), theme);
  const page = await context.newPage();
  await signIn(page, server);
  return page;
}

/** The chart-data requests of this chart, with their queries. */
function chartDataRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/chart/data') requests.push(request);
  });
  return requests;
}

const screenshotPath = (name: string) => join(server.dataDir, '..', `lumen-mixed-${name}.png`);

describe("the incumbent's mixed chart", () => {
  it('draws in Explore from both queries, with the Query A and Query B controls (1440 and 800 px, light and dark)', async () => {
    for (const theme of ['light', 'dark']) {
      for (const viewport of VIEWPORTS) {
        const page = await openPage(viewport, theme);
        try {
          const requests = chartDataRequests(page);
          await page.goto(`${server.url}/explore/?slice_id=${chartId}`);
          const chart = page.locator(SETTLED).first();
          await chart.waitFor({ timeout: SLOW });
          expect(await chart.getAttribute('data-chart-status')).toBe('rendered');
          const response = await requests[0]!.response();
          const body = requests[0]!.postDataJSON() as { queries: { metrics: unknown[] }[] };
          expect(body.queries.map((q) => q.metrics.length)).toEqual([1, 1]);
          const results = ((await response!.json()) as { result: { rowcount: number; colnames: string[] }[] }).result;
          expect(results.map((r) => r.colnames)).toEqual([['order_date', 'SUM(sales)'], ['order_date', 'count']]);
          expect(results.every((r) => r.rowcount > 0)).toBe(true);
          await expect.poll(() => page.locator('.bi-legend button').allTextContents()).toEqual(['SUM(sales)', 'count']);
          for (const section of ['Query A', 'Query B']) await expect.poll(() => page.getByText(section, { exact: true }).count()).toBeGreaterThan(0);
          await page.screenshot({ path: screenshotPath(`explore-${viewport.width}-${theme}`) });
          if (viewport.width === 1440) {
            // Query B as bars (a render-only change: the chart redraws without a new query).
            await chooseOption(page, 'Query B: Series type', 'Bar');
            await expect.poll(() => page.locator(SETTLED).first().getAttribute('data-chart-status')).toBe('rendered');
            await page.locator('.bi-chart-area__host').scrollIntoViewIfNeeded();
            await page.screenshot({ path: screenshotPath(`explore-bars-${theme}`) });
            expect(requests).toHaveLength(1);
          }
        } finally {
          await page.context().close();
        }
      }
    }
  }, 300_000);

  it("draws on the 'Featured Charts' dashboard with no error panel (light and dark)", async () => {
    for (const theme of ['light', 'dark']) {
      const page = await openPage(VIEWPORTS[0]!, theme);
      try {
        await page.goto(`${server.url}/superset/dashboard/${dashboardId}/`);
        const holder = page.locator(`.bi-dash-chart[data-chart-id="${chartId}"]`);
        await holder.waitFor({ timeout: SLOW });
        await holder.scrollIntoViewIfNeeded();
        const chart = holder.locator(SETTLED).first();
        await chart.waitFor({ timeout: SLOW });
        expect(await chart.getAttribute('data-chart-status')).toBe('rendered');
        expect(await holder.locator('canvas').count()).toBeGreaterThan(0);
        await holder.screenshot({ path: screenshotPath(`dashboard-card-${theme}`) });
      } finally {
        await page.context().close();
      }
    }
  }, 300_000);

  it("draws Lumen's own mixed and generic time-series examples on the Showcase (light and dark)", async () => {
    const api = await adminApi(server);
    const idOf = async (name: string) => {
      const q = `(filters:!((col:slice_name,opr:eq,value:'${name}')))`;
      return (await api<{ result: { id: number }[] }>('GET', `/api/v1/chart/?q=${encodeURIComponent(q)}`)).result[0]!.id;
    };
    const showcase = (await api<{ result: { id: number }[] }>('GET', `/api/v1/dashboard/?q=${encodeURIComponent("(filters:!((col:dashboard_title,opr:eq,value:'Lumen Showcase')))")}`)).result[0]!.id;
    const examples = [
      { tab: 'Sales overview', id: await idOf('Monthly revenue (bars) and orders (line)') },
      { tab: 'Sales overview', id: await idOf('Monthly revenue by deal size (smooth stacked areas)') },
    ];
    for (const theme of ['light', 'dark']) {
      const page = await openPage(VIEWPORTS[0]!, theme);
      try {
        await page.goto(`${server.url}/superset/dashboard/${showcase}/`);
        for (const example of examples) {
          await page.getByRole('tab', { name: example.tab }).click();
          const holder = page.locator(`.bi-dash-chart[data-chart-id="${example.id}"]`);
          await holder.waitFor({ timeout: SLOW });
          await holder.scrollIntoViewIfNeeded();
          const chart = holder.locator(SETTLED).first();
          await chart.waitFor({ timeout: SLOW });
          expect(await chart.getAttribute('data-chart-status')).toBe('rendered');
          await holder.screenshot({ path: screenshotPath(`showcase-${example.id}-${theme}`) });
        }
      } finally {
        await page.context().close();
      }
    }
  }, 300_000);
});
