import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium';
import { adminApi, type AdminApi } from './support/admin-api';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';

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

/** CI runs on 2 cores: every wait on the browser is generous. */
const SLOW = 60_000;

interface Filter {
  col: unknown;
  op: string;
  val?: unknown;
}
interface ChartDataBody {
  form_data?: { slice_id?: number };
  queries: { filters?: Filter[] }[];
}

function recordChartRequests(page: Page) {
  const requests: { sliceId: number; body: ChartDataBody }[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !new URL(request.url()).pathname.startsWith('/api/v1/chart/data')) return;
    const body = request.postDataJSON() as ChartDataBody | null;
    const sliceId = body?.form_data?.slice_id;
    if (body && typeof sliceId === 'number') requests.push({ sliceId, body });
  });
  return requests;
}

const filtersOf = (body: ChartDataBody) => body.queries.flatMap((q) => q.filters ?? []);

describe('Cross filters in Chromium', () => {
  it('a pie slice cross-filters the charts of its dataset in scope, then clears', async () => {
    const list = await api<{ result: { id: number }[] }>('GET', '/api/v1/dashboard/?q=(filters:!((col:slug,opr:eq,value:lumen-showcase)))');
    expect(list.result).toHaveLength(1);
    const dashboardId = list.result[0].id;
    const detail = await api<{ result: { json_metadata: string } }>('GET', `/api/v1/dashboard/${dashboardId}`);
    const metadata = JSON.parse(detail.result.json_metadata || '{}') as Record<string, unknown>;
    if (metadata.cross_filters_enabled !== true) {
      await api('PUT', `/api/v1/dashboard/${dashboardId}`, { json_metadata: JSON.stringify({ ...metadata, cross_filters_enabled: true }) });
    }
    const charts = (await api<{ result: { id: number; slice_name: string; form_data: { viz_type?: string; datasource?: string; groupby?: string[] } }[] }>('GET', `/api/v1/dashboard/${dashboardId}/charts`)).result;
    const datasource = new Map(charts.map((c) => [c.id, c.form_data.datasource]));
    const pies = charts.filter((c) => c.form_data.viz_type === 'pie' && c.form_data.groupby?.length === 1);
    expect(pies.length).toBeGreaterThan(0);

    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const requests = recordChartRequests(page);
    try {
      await signIn(page, server);
      await page.goto(`${server.url}/superset/dashboard/${dashboardId}/`);
      await page.locator('.bi-dash-chart[data-chart-id]').first().waitFor({ timeout: SLOW });

      // Find a pie with a visible chart of the same dataset (charts above the tabs stay visible).
      const visibleIds = async () =>
        (await page.locator('.bi-dash-chart[data-chart-id]').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-chart-id'))))) as number[];
      let pie: (typeof pies)[number] | undefined;
      let target: number | undefined;
      const tabs = await page.getByRole('tab').all();
      for (let i = -1; i < tabs.length && !pie; i++) {
        if (i >= 0) await tabs[i].click();
        const ids = await visibleIds();
        for (const candidate of pies.filter((p) => ids.includes(p.id))) {
          const sibling = ids.find((id) => id !== candidate.id && datasource.get(id) === datasource.get(candidate.id));
          if (sibling !== undefined) {
            pie = candidate;
            target = sibling;
            break;
          }
        }
      }
      expect(pie, 'a pie with another chart of its dataset on one tab').toBeDefined();
      const column = pie!.form_data.groupby![0];
      const pieHolder = page.locator(`.bi-dash-chart[data-chart-id="${pie!.id}"]`);
      const targetHolder = page.locator(`.bi-dash-chart[data-chart-id="${target}"]`);
      for (const holder of [pieHolder, targetHolder]) {
        await holder.scrollIntoViewIfNeeded();
        await holder.locator('[data-chart-status="rendered"]').waitFor({ timeout: SLOW });
      }

      // Click a slice: the target re-queries with {col, op: 'IN'}; the pie highlights instead of re-querying.
      const slice = pieHolder.locator('path[data-cross-filter]').first();
      await slice.waitFor({ timeout: SLOW });
      const label = (await slice.getAttribute('aria-label'))!.replace(/^Filter by /, '');
      const before = requests.length;
      await slice.dispatchEvent('click');
      await expect.poll(() => slice.getAttribute('aria-pressed'), { timeout: SLOW }).toBe('true');
      const hasCrossFilter = (body: ChartDataBody) => filtersOf(body).some((f) => f.col === column && f.op === 'IN' && Array.isArray(f.val) && f.val.length === 1);
      await expect.poll(() => requests.slice(before).some((r) => r.sliceId === target && hasCrossFilter(r.body)), { timeout: SLOW }).toBe(true);
      const sent = requests.slice(before).find((r) => r.sliceId === target && hasCrossFilter(r.body))!;
      expect(String((filtersOf(sent.body).find((f) => f.col === column)!.val as unknown[])[0])).toBe(label);
      await targetHolder.locator('[data-chart-status="rendered"]').waitFor({ timeout: SLOW });
      expect(requests.slice(before).some((r) => r.sliceId === pie!.id)).toBe(false);
      // Other slices are dimmed.
      expect(await pieHolder.locator('path[data-cross-filter][opacity="0.3"]').count()).toBeGreaterThan(0);

      // The filter bar lists it; clearing re-queries the target without the filter.
      const section = page.getByRole('region', { name: 'Cross-filters' });
      await expect.poll(() => section.textContent(), { timeout: SLOW }).toContain(`${column}: ${label}`);
      const beforeClear = requests.length;
      await section.getByRole('button', { name: 'Clear cross-filters' }).click();
      await expect.poll(() => requests.slice(beforeClear).some((r) => r.sliceId === target && !filtersOf(r.body).some((f) => f.col === column)), { timeout: SLOW }).toBe(true);
      await expect.poll(() => section.count(), { timeout: SLOW }).toBe(0);
      await expect.poll(() => slice.getAttribute('aria-pressed'), { timeout: SLOW }).toBe('false');

      // Keyboard: Enter on a focused slice sets it again.
      await slice.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => section.textContent(), { timeout: SLOW }).toContain(label);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
  it('a bar of a time-series bar chart with a group-by cross-filters by its series, as a pie slice does', async () => {
    const list = await api<{ result: { id: number }[] }>('GET', '/api/v1/dashboard/?q=(filters:!((col:slug,opr:eq,value:lumen-showcase)))');
    const dashboardId = list.result[0].id;
    const detail = await api<{ result: { json_metadata: string } }>('GET', `/api/v1/dashboard/${dashboardId}`);
    const metadata = JSON.parse(detail.result.json_metadata || '{}') as Record<string, unknown>;
    if (metadata.cross_filters_enabled !== true) {
      await api('PUT', `/api/v1/dashboard/${dashboardId}`, { json_metadata: JSON.stringify({ ...metadata, cross_filters_enabled: true }) });
    }
    const charts = (await api<{ result: { id: number; form_data: { viz_type?: string; datasource?: string; groupby?: string[]; x_axis?: string } }[] }>('GET', `/api/v1/dashboard/${dashboardId}/charts`)).result;
    const bars = charts.filter((c) => c.form_data.viz_type === 'echarts_timeseries_bar' && c.form_data.groupby?.length === 1);
    expect(bars.length, 'a time-series bar chart with one group-by on the Showcase').toBeGreaterThan(0);

    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    const requests = recordChartRequests(page);
    try {
      await signIn(page, server);
      await page.goto(`${server.url}/superset/dashboard/${dashboardId}/`);
      await page.locator('.bi-dash-chart[data-chart-id]').first().waitFor({ timeout: SLOW });
      const visibleIds = async () => (await page.locator('.bi-dash-chart[data-chart-id]').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-chart-id'))))) as number[];
      let bar: (typeof bars)[number] | undefined;
      let target: number | undefined;
      const tabs = await page.getByRole('tab').all();
      for (let i = -1; i < tabs.length && !bar; i++) {
        if (i >= 0) await tabs[i].click();
        const ids = await visibleIds();
        bar = bars.find((b) => ids.includes(b.id) && ids.some((id) => id !== b.id && charts.find((c) => c.id === id)?.form_data.datasource === b.form_data.datasource));
        target = bar && ids.find((id) => id !== bar!.id && charts.find((c) => c.id === id)?.form_data.datasource === bar!.form_data.datasource);
      }
      expect(bar, 'the bar chart and another chart of its dataset on one tab').toBeDefined();
      const column = bar!.form_data.groupby![0];
      const holder = page.locator(`.bi-dash-chart[data-chart-id="${bar!.id}"]`);
      await holder.scrollIntoViewIfNeeded();
      await holder.locator('[data-chart-status="rendered"]').waitFor({ timeout: SLOW });

      // Bars are canvas pixels: click along the bottom of the plot until one lands on a bar.
      const over = holder.locator('.u-over');
      const box = (await over.boundingBox())!;
      const pressed = holder.locator('.bi-legend button[aria-pressed="true"]');
      const before = requests.length;
      for (let x = 0.05; x < 1 && (await pressed.count()) === 0; x += 0.05) {
        await page.mouse.click(box.x + box.width * x, box.y + box.height - 3);
      }
      await expect.poll(() => pressed.count(), { timeout: SLOW }).toBe(1);
      const value = (await pressed.getAttribute('aria-label'))!.replace(/^Filter by /, '');
      const hasCrossFilter = (body: ChartDataBody) => filtersOf(body).some((f) => f.col === column && f.op === 'IN' && Array.isArray(f.val) && String(f.val[0]) === value);
      await expect.poll(() => requests.slice(before).some((r) => r.sliceId === target && hasCrossFilter(r.body)), { timeout: SLOW }).toBe(true);
      await expect.poll(() => page.getByRole('region', { name: 'Cross-filters' }).textContent(), { timeout: SLOW }).toContain(`${column}: ${value}`);
    } finally {
      await context.close();
    }
  });
});
