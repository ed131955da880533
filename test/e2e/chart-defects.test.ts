/**
 * Chart correctness defects of issue 16, in real Chromium against the real server and the examples it
 * loads at start: big numbers fit their cards, zero rows draw the empty state in every viz type, Explore's
 * Samples tab loads, integer-year time columns (the incumbent's Video Game Sales) draw on a time axis, and
 * a raw table with a row limit keeps the table's order.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type AdminApi } from './support/admin-api';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { REPO_ROOT } from './support/repo-root';
import { signIn } from './support/sign-in';

const SLOW = 60_000;
const SETTLED = '[data-chart-status="rendered"], [data-chart-status="failed"]';
const NO_RESULTS = 'No results';
const NO_RESULTS_TEXT = 'There is currently no information to display.';

interface StoredChart {
  id: number;
  uuid: string;
  slice_name: string;
  viz_type: string;
  params: string;
  datasource_id: number;
  datasource_type: string;
}

let server: LumenServer;
let browser: Browser;
let api: AdminApi;
let context: BrowserContext;
let page: Page;
let pageErrors: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
  api = await adminApi(server);
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(page, server);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function chartsByName(): Promise<Map<string, StoredChart>> {
  const all: StoredChart[] = [];
  for (let p = 0; ; p += 1) {
    const q = `(page:${p},page_size:100,columns:!(id,uuid,slice_name,viz_type,params,datasource_id,datasource_type))`;
    const { result } = await api<{ result: StoredChart[] }>('GET', `/api/v1/chart/?q=${encodeURIComponent(q)}`);
    all.push(...result);
    if (result.length < 100) break;
  }
  return new Map(all.map((c) => [c.slice_name, c]));
}

interface ResultJson {
  colnames: string[];
  rowcount: number;
  data?: Record<string, unknown>[];
  columns?: unknown[][];
}

/** A chart-data result's rows, whichever layout it was asked in (dashboards ask for 'columns'). */
const recordsOf = (result: ResultJson): Record<string, unknown>[] =>
  result.data ?? Array.from({ length: result.columns?.[0]?.length ?? 0 }, (_, r) => Object.fromEntries(result.colnames.map((c, i) => [c, result.columns![i][r]])));

async function dashboardId(title: string): Promise<number> {
  const q = `(filters:!((col:dashboard_title,opr:eq,value:'${title}')),columns:!(id,dashboard_title))`;
  const { result } = await api<{ result: { id: number; dashboard_title: string }[] }>('GET', `/api/v1/dashboard/?q=${encodeURIComponent(q)}`);
  const found = result.find((d) => d.dashboard_title === title);
  if (!found) throw new Error(`No dashboard '${title}'`);
  return found.id;
}

/** A saved copy of a chart with changed params. */
async function copyChart(chart: StoredChart, name: string, change: (params: Record<string, unknown>) => Record<string, unknown>): Promise<number> {
  const params = change(JSON.parse(chart.params) as Record<string, unknown>);
  const { id } = await api<{ id: number }>('POST', '/api/v1/chart/', {
    slice_name: name,
    viz_type: chart.viz_type,
    params: JSON.stringify({ ...params, viz_type: chart.viz_type }),
    datasource_id: chart.datasource_id,
    datasource_type: chart.datasource_type,
  });
  return id;
}

/** A dashboard holding charts, each row `widths` wide (grid of 12). */
async function dashboardWith(title: string, cells: { chartId: number; width: number }[]): Promise<number> {
  const position: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: cells.map((_, i) => `ROW-${i}`), parents: ['ROOT_ID'] },
  };
  cells.forEach(({ chartId, width }, i) => {
    position[`ROW-${i}`] = { type: 'ROW', id: `ROW-${i}`, children: [`CHART-${i}`], parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } };
    position[`CHART-${i}`] = { type: 'CHART', id: `CHART-${i}`, children: [], parents: ['ROOT_ID', 'GRID_ID', `ROW-${i}`], meta: { chartId, width, height: 50 } };
  });
  const { id } = await api<{ id: number }>('POST', '/api/v1/dashboard/', { dashboard_title: title, position_json: JSON.stringify(position), published: true });
  return id;
}

/** Scrolls each dashboard chart into view (they load lazily) and waits until it settled. */
async function settleDashboard(): Promise<void> {
  const holders = page.locator('.bi-dash-chart[data-chart-id]');
  await holders.first().waitFor({ timeout: SLOW });
  for (const holder of await holders.all()) {
    if (!(await holder.isVisible())) continue;
    await holder.scrollIntoViewIfNeeded();
    await holder.locator(SETTLED).first().waitFor({ state: 'attached', timeout: SLOW });
  }
}

async function openExplore(chartId: number): Promise<void> {
  await page.goto(`${server.url}/explore/?slice_id=${chartId}`);
  await page.locator('.bi-chart-area__host[data-chart-status="rendered"], .bi-chart-area__host[data-chart-status="failed"]').waitFor({ state: 'attached', timeout: SLOW });
}

const failWith = async (error: unknown): Promise<never> => {
  await page.screenshot({ path: join(server.dataDir, '..', 'lumen-chart-defects-failure.png') }).catch(() => undefined);
  throw new Error(`${(error as Error).message}\n--- page errors: ${pageErrors.join('\n')}\n--- page: ${page.url()}\n--- server output:\n${server.output().slice(-3000)}`, { cause: error });
};

describe('Big Number', () => {
  /** Each big number on the page: does its value's text box lie inside its card, and the trendline too. */
  const measureBigNumbers = () =>
    page.locator('.bi-dash-chart[data-chart-id]').evaluateAll((holders) =>
      holders
        .filter((holder) => holder.querySelector('.bi-big-number-header'))
        .map((holder) => {
          const card = holder.querySelector('.bi-chart')!.getBoundingClientRect();
          const value = holder.querySelector('.bi-big-number-header')!;
          const range = document.createRange();
          range.selectNodeContents(value);
          const text = range.getBoundingClientRect();
          const trend = holder.querySelector('[aria-label^="Trend of"] canvas')?.getBoundingClientRect() ?? null;
          const header = holder.querySelector('.bi-big-number')!.getBoundingClientRect();
          return {
            id: holder.getAttribute('data-chart-id'),
            value: value.textContent ?? '',
            card: { left: card.left, right: card.right, top: card.top, bottom: card.bottom, width: card.width, height: card.height },
            text: { left: text.left, right: text.right, top: text.top, bottom: text.bottom },
            trend: trend && { top: trend.top, bottom: trend.bottom, height: trend.height, textBottom: header.bottom },
          };
        }),
    );

  const problemsOf = (label: string, measured: Awaited<ReturnType<typeof measureBigNumbers>>) => {
    const problems: string[] = [];
    for (const m of measured) {
      const where = `${label} chart ${m.id} '${m.value}' (card ${Math.round(m.card.width)}x${Math.round(m.card.height)})`;
      if (!m.value.trim()) problems.push(`${where}: no value`);
      // One pixel of slack for anti-aliasing: anything more is digits cut off by the card's edge.
      if (m.text.left < m.card.left - 1 || m.text.right > m.card.right + 1) problems.push(`${where}: text ${Math.round(m.text.left)}..${Math.round(m.text.right)} outside card ${Math.round(m.card.left)}..${Math.round(m.card.right)}`);
      if (m.text.top < m.card.top - 1 || m.text.bottom > m.card.bottom + 1) problems.push(`${where}: text rows outside card`);
      if (m.trend) {
        if (m.trend.bottom > m.card.bottom + 1) problems.push(`${where}: trendline cut off at the bottom (${Math.round(m.trend.bottom)} > ${Math.round(m.card.bottom)})`);
        if (m.trend.height < m.card.height * 0.3) problems.push(`${where}: trendline squeezed to ${Math.round(m.trend.height)}px`);
        if (m.trend.top < m.trend.textBottom - 1) problems.push(`${where}: trendline under the text`);
      }
    }
    return problems;
  };

  it('shrinks every value to fit its card, narrow and wide, never clipping digits, and keeps the trendline its share', async () => {
    try {
      const charts = await chartsByName();
      const withTrend = charts.get('Total Revenue')!;
      const total = charts.get('Total Items Sold')!;
      const lumenTotal = charts.get('Total revenue')!;
      expect([withTrend?.viz_type, total?.viz_type, lumenTotal?.viz_type]).toEqual(['big_number', 'big_number_total', 'big_number_total']);
      // The same charts in narrow (2 of 12 columns) and wide (12 of 12) cards.
      const cells: { chartId: number; width: number }[] = [];
      for (const chart of [withTrend, total, lumenTotal]) {
        for (const width of [2, 12]) cells.push({ chartId: await copyChart(chart, `${chart.slice_name} (${width} wide)`, (p) => p), width });
      }
      const cards = await dashboardWith('Big numbers, narrow and wide', cells);
      const problems: string[] = [];
      for (const viewport of [{ width: 1440, height: 900 }, { width: 800, height: 900 }]) {
        await page.setViewportSize(viewport);
        // The incumbent's own dashboard (its big number cards at the viewport's width), then the test's.
        for (const id of [await dashboardId('Sales Dashboard'), cards]) {
          await page.goto(`${server.url}/superset/dashboard/${id}/`);
          await settleDashboard();
          const measured = await measureBigNumbers();
          expect(measured.length).toBeGreaterThanOrEqual(2);
          problems.push(...problemsOf(`${viewport.width}px dashboard ${id}`, measured));
        }
      }
      expect(problems).toEqual([]);

      // A standalone big number (Explore's chart area): the value fits and the trendline keeps its share.
      await page.setViewportSize({ width: 1440, height: 900 });
      await openExplore(withTrend.id);
      const standalone = await page.locator('.bi-chart-area__host').evaluate((host) => {
        const card = host.querySelector('.bi-chart')!.getBoundingClientRect();
        const trend = host.querySelector('[aria-label^="Trend of"] canvas')!.getBoundingClientRect();
        const text = host.querySelector('.bi-big-number')!.getBoundingClientRect();
        return { cardBottom: card.bottom, cardHeight: card.height, trendTop: trend.top, trendBottom: trend.bottom, trendHeight: trend.height, textBottom: text.bottom };
      });
      expect(standalone.trendBottom).toBeLessThanOrEqual(standalone.cardBottom + 1);
      expect(standalone.trendHeight).toBeGreaterThanOrEqual(standalone.cardHeight * 0.3);
      expect(standalone.trendTop).toBeGreaterThanOrEqual(standalone.textBottom - 1);
    } catch (error) {
      await failWith(error);
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  }, 300_000);
});

describe('Zero rows', () => {
  /** One example chart per built-in viz type (examples/lumen covers all of them). */
  const lumenCharts = readdirSync(join(REPO_ROOT, 'examples', 'lumen', 'charts')).map(
    (file) => parse(readFileSync(join(REPO_ROOT, 'examples', 'lumen', 'charts', file), 'utf8')) as { slice_name: string; viz_type: string },
  );

  const expectEmptyState = async (scope: ReturnType<Page['locator']>, label: string, problems: string[]) => {
    const errors = await scope.locator('.bi-error-panel, .bi-chart-container__error').allTextContents();
    if (errors.length) {
      problems.push(`${label}: error ${errors.join(' | ')}`);
      return;
    }
    const panel = scope.locator('.bi-empty-state');
    if ((await panel.count()) === 0) {
      problems.push(`${label}: no empty-state panel (${(await scope.locator('[data-chart-status]').first().getAttribute('data-chart-status')) ?? 'no chart'})`);
      return;
    }
    const text = (await panel.first().textContent()) ?? '';
    if (!text.includes(NO_RESULTS) || !text.includes(NO_RESULTS_TEXT)) problems.push(`${label}: empty state reads '${text}'`);
  };

  /** Types that query one aggregate without grouping: a filter nothing matches still answers one (NULL) row. */
  const SINGLE_AGGREGATE_TYPES = ['big_number_total', 'gauge_chart', 'bullet', 'pop_kpi'];

  it('every built-in viz type shows the No results panel, in Explore and on a dashboard', async () => {
    try {
      const charts = await chartsByName();
      const byType = new Map<string, StoredChart>();
      for (const { slice_name, viz_type } of lumenCharts) if (!byType.has(viz_type)) byType.set(viz_type, charts.get(slice_name)!);
      // Every viz type of Lumen's examples (all built-in types but gantt_chart and tree_chart).
      expect(byType.size).toBe(new Set(lumenCharts.map((c) => c.viz_type)).size);
      expect(byType.size).toBeGreaterThanOrEqual(35);
      const copies: { id: number; label: string }[] = [];
      for (const [vizType, chart] of byType) {
        // A filter nothing matches; one aggregate without grouping still answers one row, so HAVING too.
        const noRows = (filters: unknown) => [
          ...((filters as unknown[]) ?? []),
          { expressionType: 'SQL', clause: 'WHERE', sqlExpression: '1 = 0' },
          ...(SINGLE_AGGREGATE_TYPES.includes(vizType) ? [{ expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'COUNT(*) > 0' }] : []),
        ];
        // The mixed chart's query B has its own filters.
        const id = await copyChart(chart, `${chart.slice_name} (no rows)`, (params) => ({
          ...params,
          adhoc_filters: noRows(params.adhoc_filters),
          ...(vizType === 'mixed_timeseries' ? { adhoc_filters_b: noRows(params.adhoc_filters_b) } : {}),
        }));
        copies.push({ id, label: `${vizType} '${chart.slice_name}'` });
      }
      const problems: string[] = [];
      for (const { id, label } of copies) {
        pageErrors = [];
        await openExplore(id);
        await expectEmptyState(page.locator('.bi-explore__main'), `Explore ${label}`, problems);
        if (pageErrors.length) problems.push(`Explore ${label}: page errors ${pageErrors.join(' | ')}`);
      }
      const dashboard = await dashboardWith('Every viz type, no rows', copies.map(({ id }) => ({ chartId: id, width: 6 })));
      await page.goto(`${server.url}/superset/dashboard/${dashboard}/`);
      await settleDashboard();
      for (const { id, label } of copies) await expectEmptyState(page.locator(`.bi-dash-chart[data-chart-id="${id}"]`), `dashboard ${label}`, problems);
      expect(problems).toEqual([]);
    } catch (error) {
      await failWith(error);
    }
  }, 600_000);

  it("answers the example sales data with time range 'Last quarter' with the empty state, not VIZ_GET_DF_ERROR", async () => {
    try {
      const charts = await chartsByName();
      const problems: string[] = [];
      // The Sales Dashboard's grouped time series (pivot, rename, flatten on zero rows) and its trendline.
      for (const name of ['Quarterly Sales', 'Quarterly Sales (By Product Line)', 'Revenue by Deal Size', 'Total Revenue']) {
        const chart = charts.get(name)!;
        const id = await copyChart(chart, `${name} (last quarter)`, (params) => ({
          ...params,
          time_range: 'Last quarter',
          adhoc_filters: ((params.adhoc_filters as Record<string, unknown>[]) ?? []).map((f) => (f.operator === 'TEMPORAL_RANGE' ? { ...f, comparator: 'Last quarter' } : f)),
        }));
        const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/chart/data' && r.request().method() === 'POST', { timeout: SLOW });
        await openExplore(id);
        const response = await answered;
        const body = (await response.json()) as { result?: { rowcount: number }[]; message?: string };
        if (response.status() !== 200) problems.push(`${name}: ${response.status()} ${body.message}`);
        else if (body.result?.[0]?.rowcount !== 0) problems.push(`${name}: ${body.result?.[0]?.rowcount} rows in the last quarter`);
        await expectEmptyState(page.locator('.bi-explore__main'), name, problems);
      }
      expect(problems).toEqual([]);
    } catch (error) {
      await failWith(error);
    }
  }, 300_000);
});

describe("Explore's Samples tab", () => {
  it('shows the sample rows of the dataset instead of Loading… forever', async () => {
    try {
      const charts = await chartsByName();
      await openExplore(charts.get('Games per Genre over time')!.id);
      const samplesAnswered = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/v1/chart/data' && (r.request().postDataJSON() as { result_type?: string } | null)?.result_type === 'samples',
        { timeout: SLOW },
      );
      await page.getByRole('tab', { name: 'Samples' }).click();
      expect((await samplesAnswered).status()).toBe(200);
      const table = page.getByRole('table', { name: 'Samples' });
      await table.waitFor({ timeout: SLOW });
      expect(await page.locator('.bi-data-pane [aria-busy="true"]').count()).toBe(0);
      expect(await table.locator('tbody tr').count()).toBeGreaterThan(10);
      const headers = await table.locator('th').allTextContents();
      expect(headers).toEqual(expect.arrayContaining(['rank', 'name', 'year', 'genre', 'publisher']));
      // The year is shown as stored (2006), not read as epoch milliseconds (1970-01-01...).
      const years = await table.locator('tbody tr td').nth(headers.indexOf('year')).textContent();
      expect(years).toMatch(/^(19|20)\d\d$/);
    } catch (error) {
      await failWith(error);
    }
  }, 120_000);
});

describe('Integer-year time columns (Video Game Sales)', () => {
  type Answer = { status: number; first: unknown[]; error?: string };
  /** The time values (each result's first column) of the chart-data answers the page receives, by chart id. */
  const recordTimes = () => {
    const answers = new Map<number, Answer>();
    const pending = new Set<Promise<void>>();
    const read = async (response: import('playwright-core').Response) => {
      const request = response.request();
      if (new URL(response.url()).pathname !== '/api/v1/chart/data' || request.method() !== 'POST') return;
      const sent = request.postDataJSON() as { form_data?: { slice_id?: number }; result_type?: string } | null;
      if ((sent?.result_type ?? 'full') !== 'full') return;
      const body = (await response.json().catch(() => null)) as { result?: ResultJson[]; message?: string } | null;
      const result = body?.result?.[0];
      const first = result ? recordsOf(result).map((row) => row[result.colnames[0]]) : [];
      answers.set(Number(sent?.form_data?.slice_id), { status: response.status(), first, error: body?.message });
    };
    const listener = (response: import('playwright-core').Response) => {
      const reading = read(response);
      pending.add(reading);
      void reading.finally(() => pending.delete(reading));
    };
    page.on('response', listener);
    return {
      answers,
      /** Stops listening once the answers already received are read. */
      stop: async () => {
        page.off('response', listener);
        await Promise.all(pending);
      },
    };
  };

  it('draws years on a time axis in Explore and on the dashboard, with a time grain, as dates rather than epoch milliseconds', async () => {
    try {
      const charts = await chartsByName();
      const names = ['Games per Genre over time', 'Rise & Fall of Video Game Consoles', 'Top 10 Games: Proportion of Sales in Markets', 'Total Sales per Market (Grouped by Genre)'];
      const problems: string[] = [];
      const check = (label: string, answer: Answer | undefined) => {
        if (!answer) return problems.push(`${label}: no chart data`);
        if (answer.status !== 200) return problems.push(`${label}: ${answer.status} ${answer.error}`);
        const years = answer.first.filter((v) => v !== null).map((v) => new Date(Number(v)).getUTCFullYear());
        if (!years.length || years.some((y) => y < 1975 || y > 2025)) problems.push(`${label}: time values ${answer.first.slice(0, 3).join(', ')} are not years`);
        return undefined;
      };
      const explored: { id: number; label: string }[] = [];
      for (const name of names) {
        const chart = charts.get(name)!;
        // As saved, and with a time grain (DATE_TRUNC on the BIGINT column failed in DuckDB's binder).
        explored.push({ id: chart.id, label: name }, { id: await copyChart(chart, `${name} (yearly)`, (p) => ({ ...p, time_grain_sqla: 'P1Y' })), label: `${name} by year` });
      }
      for (const { id, label } of explored) {
        const recorder = recordTimes();
        await openExplore(id);
        await expect.poll(() => recorder.answers.has(id), { timeout: SLOW }).toBe(true);
        await recorder.stop();
        check(`Explore ${label}`, recorder.answers.get(id));
        const status = await page.locator('.bi-chart-area__host').getAttribute('data-chart-status');
        if (status !== 'rendered') problems.push(`Explore ${label}: ${status} ${(await page.locator('.bi-error-panel').allTextContents()).join(' | ')}`);
        else if ((await page.locator('.bi-chart-area__host canvas').count()) === 0) problems.push(`Explore ${label}: nothing drawn`);
      }
      // On dashboards: the incumbent's (two of them are on its tabs), and one holding all of them.
      const onDashboard = async (dashboard: number, ids: number[]) => {
        const recorder = recordTimes();
        await page.goto(`${server.url}/superset/dashboard/${dashboard}/`);
        await page.locator('.bi-dash-chart[data-chart-id]').first().waitFor({ timeout: SLOW });
        const states = new Map<number, string>();
        const tabs = await page.getByRole('tab').all();
        for (const tab of tabs.length ? tabs : [null]) {
          await tab?.click();
          await settleDashboard();
          const shown = await page.locator('.bi-dash-chart[data-chart-id]').evaluateAll((els) =>
            els
              .filter((el) => (el as HTMLElement).offsetParent !== null)
              .map((el) => [Number(el.getAttribute('data-chart-id')), el.querySelector('[data-chart-status]')?.getAttribute('data-chart-status') ?? ''] as const),
          );
          for (const [id, status] of shown) states.set(id, status);
        }
        await recorder.stop();
        for (const id of ids) {
          if (states.get(id) !== 'rendered') problems.push(`dashboard ${dashboard} chart ${id}: ${states.get(id) ?? 'not shown'}`);
          check(`dashboard ${dashboard} chart ${id}`, recorder.answers.get(id));
        }
      };
      await onDashboard(await dashboardId('Video Game Sales'), ['Top 10 Games: Proportion of Sales in Markets', 'Total Sales per Market (Grouped by Genre)'].map((name) => charts.get(name)!.id));
      await onDashboard(await dashboardWith('Year charts', explored.map(({ id }) => ({ chartId: id, width: 6 }))), explored.map(({ id }) => id));
      expect(problems).toEqual([]);
    } catch (error) {
      await failWith(error);
    }
  }, 300_000);
});

describe('Raw table with a row limit', () => {
  it("lists 'Top 10 Games (by Global Sales)' in the table's order, ranks 1 to 10", async () => {
    try {
      await page.goto(`${server.url}/superset/dashboard/${await dashboardId('Video Game Sales')}/`);
      await settleDashboard();
      const card = page.locator('.bi-dash-chart[data-chart-id]').filter({ hasText: 'Top 10 Games (by Global Sales)' });
      const rows = card.locator('table tbody tr:not([aria-hidden])');
      await rows.first().waitFor({ timeout: SLOW });
      const ranks = await rows.evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent?.trim()));
      expect(ranks).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
      // The saved ordering of a raw table is honoured: 'Games' orders by global sales, descending.
      const charts = await chartsByName();
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/chart/data' && r.request().method() === 'POST', { timeout: SLOW });
      await openExplore(charts.get('Games')!.id);
      const body = (await (await answered).json()) as { result: ResultJson[] };
      const sales = recordsOf(body.result[0]).slice(0, 20).map((row) => row.global_sales as number);
      expect(sales).toEqual([...sales].sort((a, b) => b - a));
      expect(sales[0]).toBe(82.74);
    } catch (error) {
      await failWith(error);
    }
  }, 120_000);
});
