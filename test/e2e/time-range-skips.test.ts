/**
 * A dashboard time range that narrows "every chart with a time column" says, under the filter, which charts
 * in its scope it could not narrow and why (the server reports them as rejected `__time_range`), so a viewer
 * does not read an unfiltered chart as filtered. Real Chromium on the example Showcase dashboard.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type AdminApi } from './support/admin-api';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';

let server: LumenServer;
let browser: Browser;
let api: AdminApi;
const SLOW = 60_000;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
  api = await adminApi(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface NativeFilterConfig {
  id: string;
  filterType?: string;
  chartsInScope?: number[];
  defaultDataMask?: Record<string, unknown>;
}

describe('time range filter in Chromium', () => {
  it('names the charts in its scope that have no time column', async () => {
    const list = await api<{ result: { id: number }[] }>('GET', '/api/v1/dashboard/?q=(filters:!((col:slug,opr:eq,value:lumen-showcase)))');
    const dashboardId = list.result[0]!.id;
    const detail = await api<{ result: { json_metadata: string } }>('GET', `/api/v1/dashboard/${dashboardId}`);
    const metadata = JSON.parse(detail.result.json_metadata) as { native_filter_configuration: NativeFilterConfig[] };
    const timeFilter = metadata.native_filter_configuration.find((f) => f.filterType === 'filter_time')!;
    timeFilter.defaultDataMask = { extraFormData: { time_range: 'Last year' }, filterState: { value: 'Last year' }, ownState: {} };
    // The Showcase scopes its time range to the charts with a time column; a dashboard that scopes it to every
    // chart is the case to explain.
    (timeFilter as { scope?: unknown }).scope = { rootPath: ['ROOT_ID'], excluded: [] };
    delete timeFilter.chartsInScope;
    await api('PUT', `/api/v1/dashboard/${dashboardId}`, { json_metadata: JSON.stringify(metadata) });
    const charts = (await api<{ result: { id: number; slice_name: string }[] }>('GET', `/api/v1/dashboard/${dashboardId}/charts`)).result;
    const names = new Map(charts.map((c) => [c.id, c.slice_name]));

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const skipped = new Set<number>();
    const answered = new Set<number>();
    page.on('response', async (response) => {
      if (!new URL(response.url()).pathname.startsWith('/api/v1/chart/data') || response.request().method() !== 'POST') return;
      const sliceId = (response.request().postDataJSON() as { form_data?: { slice_id?: number } }).form_data?.slice_id;
      const body = (await response.json().catch(() => null)) as { result?: { rejected_filters?: { column: string }[] }[] } | null;
      if (typeof sliceId !== 'number' || !body?.result) return;
      answered.add(sliceId);
      if (body.result[0]?.rejected_filters?.some((f) => f.column === '__time_range')) skipped.add(sliceId);
    });
    try {
      await signIn(page, server);
      await page.goto(`${server.url}/superset/dashboard/${dashboardId}/`);
      await page.locator('.bi-dash-chart[data-chart-id]').first().waitFor({ timeout: SLOW });
      // Every chart on screen has answered (charts below the fold load when scrolled to).
      const onScreen = await page.locator('.bi-dash-chart[data-chart-id]').evaluateAll((els) =>
        els
          .filter((el) => {
            const rect = el.getBoundingClientRect();
            return rect.height > 0 && rect.top < window.innerHeight && rect.bottom > 0;
          })
          .map((el) => Number(el.getAttribute('data-chart-id'))),
      );
      expect(onScreen.length).toBeGreaterThan(0);
      await expect.poll(() => onScreen.every((id) => answered.has(id)), { timeout: SLOW }).toBe(true);
      const expected = [...skipped];
      expect(expected.length, 'a chart without a time column on the first tab').toBeGreaterThan(0);
      const note = page.locator(`[data-filter-id="${timeFilter.id}"] [role="note"]`);
      await expect.poll(() => note.textContent(), { timeout: SLOW }).toContain('without a time column');
      const text = (await note.textContent())!;
      for (const id of expected) expect(text).toContain(names.get(id)!);
    } finally {
      await context.close();
    }
  });
});
