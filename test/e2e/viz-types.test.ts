import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';
import { REPO_ROOT } from './support/repo-root';

/**
 * Every viz type renders the example data: each chart of examples/lumen/ opened in Explore, then the
 * 'Lumen Showcase' dashboard tab by tab with its filter bar, in real Chromium against the real server.
 */
let server: LumenServer;
let browser: Browser;

/** CI runs on 2 cores: every wait on the browser is generous. */
const SLOW = 60_000;
const SETTLED = '[data-chart-status="rendered"], [data-chart-status="failed"]';

interface StoredChart {
  id: number;
  slice_name: string;
  viz_type: string;
}

const BUNDLE = join(REPO_ROOT, 'examples', 'lumen');
const bundleCharts = readdirSync(join(BUNDLE, 'charts')).map((file) => parse(readFileSync(join(BUNDLE, 'charts', file), 'utf8')) as { uuid: string; viz_type: string });
const bundleChartUuids = bundleCharts.map((c) => c.uuid);
/** The viz types of the bundle (one chart of each built-in type at least: packages/server/src/examples/lumen-examples.test.ts). */
const bundleVizTypes = new Set(bundleCharts.map((c) => c.viz_type));
const showcaseConfig = parse(readFileSync(join(BUNDLE, 'dashboards', 'Lumen_Showcase.yaml'), 'utf8')) as {
  uuid: string;
  metadata: { native_filter_configuration: { id: string; type: string; name?: string; title?: string; filterType?: string }[] };
};

/** The server's SQLite metadata, read only: the ids the import gave the example charts and dashboards. */
function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(join(server.dataDir, 'lumen.db'), { readonly: true });
  try {
    db.pragma('busy_timeout = 10000');
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const dashboardCharts = (page: Page) => page.locator('.bi-dash-chart[data-chart-id]');

/** Scrolls every visible dashboard chart into view (they load lazily) and waits until each settled. */
async function settleDashboardCharts(page: Page): Promise<{ id: number; status: string; error: string }[]> {
  await dashboardCharts(page).first().waitFor({ timeout: SLOW });
  for (const holder of await dashboardCharts(page).all()) {
    if (!(await holder.isVisible())) continue;
    await holder.scrollIntoViewIfNeeded();
    await holder.locator(SETTLED).first().waitFor({ state: 'attached', timeout: SLOW });
  }
  return dashboardCharts(page).evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => ({
        id: Number(el.getAttribute('data-chart-id')),
        status: el.querySelector('[data-chart-status]')?.getAttribute('data-chart-status') ?? '',
        error: el.querySelector('.bi-chart-container__error, .bi-error-panel')?.textContent ?? '',
      })),
  );
}

describe('Every viz type in Chromium', () => {
  it('renders each Lumen example chart in Explore without an error', async () => {
    const charts = query<StoredChart>(
      `SELECT id, slice_name, viz_type FROM slices WHERE uuid IN (${bundleChartUuids.map(() => '?').join(', ')}) ORDER BY id`,
      ...bundleChartUuids,
    );
    expect(charts).toHaveLength(bundleChartUuids.length);
    expect(new Set(charts.map((c) => c.viz_type))).toEqual(bundleVizTypes);
    expect(bundleVizTypes.size).toBeGreaterThanOrEqual(21);
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    let pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const failures: string[] = [];
    try {
      await signIn(page, server);
      for (const chart of charts) {
        pageErrors = [];
        const label = `${chart.viz_type} '${chart.slice_name}' (slice ${chart.id})`;
        await page.goto(`${server.url}/explore/?slice_id=${chart.id}`);
        try {
          await page.locator(SETTLED).first().waitFor({ state: 'attached', timeout: SLOW });
        } catch {
          failures.push(`${label}: never settled`);
          continue;
        }
        const status = await page.locator('[data-chart-status]').first().getAttribute('data-chart-status');
        const errors = await page.locator('.bi-error-panel').allTextContents();
        if (status !== 'rendered') failures.push(`${label}: ${status} ${errors.join(' | ')}`);
        else if (errors.length) failures.push(`${label}: error panel ${errors.join(' | ')}`);
        // Something was drawn into the chart host.
        else if ((await page.locator('.bi-chart-area__host').locator('canvas, svg, table, .bi-big-number, .bi-pop-kpi-value').count()) === 0) failures.push(`${label}: nothing drawn`);
        if (pageErrors.length) failures.push(`${label}: page errors ${pageErrors.join(' | ')}`);
      }
      expect(failures).toEqual([]);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n--- page: ${page.url()}\n--- server output:\n${server.output().slice(-4000)}`, { cause: error });
    } finally {
      await context.close();
    }
  }, 600_000);

  it('renders every chart of the Lumen Showcase, tab by tab, with a filter of each type in the filter bar', async () => {
    const [dashboard] = query<{ id: number }>('SELECT id FROM dashboards WHERE uuid = ?', showcaseConfig.uuid);
    expect(dashboard).toBeDefined();
    const layoutCharts = query<{ slice_id: number }>('SELECT slice_id FROM dashboard_slices WHERE dashboard_id = ?', dashboard!.id).map((r) => r.slice_id);
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(`${error.message}\n${error.stack ?? ''}`));
    try {
      await signIn(page, server);
      await page.goto(`${server.url}/superset/dashboard/${dashboard!.id}/`);
      await page.getByRole('heading', { name: 'Lumen Showcase', level: 1 }).waitFor({ timeout: SLOW });

      // Filter bar: every configured filter and divider is there, so each native filter type is present.
      const bar = page.getByRole('complementary', { name: 'Filters' });
      await bar.waitFor({ timeout: SLOW });
      const configured = showcaseConfig.metadata.native_filter_configuration;
      expect(new Set(configured.filter((f) => f.type === 'NATIVE_FILTER').map((f) => f.filterType))).toEqual(
        new Set(['filter_select', 'filter_range', 'filter_time', 'filter_timegrain', 'filter_timecolumn']),
      );
      for (const filter of configured) {
        const selector = filter.type === 'DIVIDER' ? `.bi-dash-filter-divider[data-filter-id="${filter.id}"]` : `.bi-dash-filter[data-filter-id="${filter.id}"]`;
        const element = bar.locator(selector);
        await element.waitFor({ timeout: SLOW });
        expect(await element.textContent(), filter.id).toContain(filter.type === 'DIVIDER' ? filter.title : filter.name);
      }

      // Every tab: each chart in it (and those above the tabs) renders.
      const seen = new Map<number, string>();
      const tabs = page.getByRole('tab');
      const tabCount = await tabs.count();
      expect(tabCount).toBeGreaterThanOrEqual(2);
      for (let i = 0; i < tabCount; i += 1) {
        await tabs.nth(i).click();
        await expect.poll(() => tabs.nth(i).getAttribute('aria-selected')).toBe('true');
        for (const chart of await settleDashboardCharts(page)) {
          if (chart.status !== 'rendered') seen.set(chart.id, `${chart.status}: ${chart.error}`);
          else if (!seen.has(chart.id)) seen.set(chart.id, 'rendered');
        }
      }
      const problems = [...seen].filter(([, state]) => state !== 'rendered').map(([id, state]) => `chart ${id}: ${state}`);
      expect(problems).toEqual([]);
      expect([...seen.keys()].sort()).toEqual([...layoutCharts].sort());
      expect(pageErrors).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: join(server.dataDir, '..', 'lumen-viz-types-e2e-failure.png') }).catch(() => undefined);
      throw new Error(`${(error as Error).message}\n--- page errors: ${pageErrors.join('\n')}\n--- page: ${page.url()}\n--- server output:\n${server.output().slice(-4000)}`, { cause: error });
    } finally {
      await context.close();
    }
  }, 300_000);
});
