/**
 * The country map (issue 20) in real Chromium: the example 'Population by German state' draws its regions
 * in Explore (app) and in <bi-chart> from the lite bundle, filled by population; a result whose codes are
 * not the country's is reported under the map ("N rows skipped: unknown code"), never a crash; countries
 * from the generated tables (France, the UK, South Africa) load their own shapes and draw every region.
 * LUMEN_E2E_SCREENSHOTS=/some/dir keeps a light and a dark screenshot of the map.
 */
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findId, registerEmbedding } from './support/embed-fixtures';
import { startEmbeddingStage, type EmbeddingStage } from './support/embedding-stage';
import { signIn } from './support/sign-in';

const SLOW = 90_000;
const SHOTS = process.env.LUMEN_E2E_SCREENSHOTS;
const CHART = 'Population by German state';

let stage: EmbeddingStage;
let browser: Browser;
let chartId: number;
let mapsEmbedUuid: string;

beforeAll(async () => {
  stage = await startEmbeddingStage();
  browser = stage.browser;
  chartId = await findId(stage.lumen, 'chart', 'slice_name', CHART);
  mapsEmbedUuid = await registerEmbedding(stage.lumen, await findId(stage.lumen, 'dashboard', 'dashboard_title', 'Lumen Maps'), [stage.host.origin]);
}, 240_000);

afterAll(async () => {
  await stage?.stop();
});

/** A signed-in app page in the theme chosen in this browser. */
async function withAppPage(theme: 'light' | 'dark', body: (page: Page, errors: string[]) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((mode) => localStorage.setItem('lumen-bi.theme-mode', mode), theme === 'dark' ? 'dark' : 'default');
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await signIn(page, stage.server);
    await body(page, errors);
  } finally {
    await context.close();
  }
}

/** The drawn map's region fills once the chart says rendered (`scope` holds the chart's status element). */
async function drawnRegions(scope: Locator | Page): Promise<string[]> {
  await scope.locator('[data-chart-status="rendered"]').first().waitFor({ timeout: SLOW });
  await scope.locator('svg.bi-country-map path.bi-country-map-region').first().waitFor({ timeout: SLOW });
  return scope.locator('path.bi-country-map-region').evaluateAll((paths) => paths.map((p) => p.getAttribute('fill') ?? ''));
}

describe('country_map', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`draws the German states filled by population in Explore (${theme})`, async () => {
      await withAppPage(theme, async (page, errors) => {
        await page.goto(`${stage.server.url}/explore/?slice_id=${chartId}`);
        const fills = await drawnRegions(page);
        const chart = page.locator('svg.bi-country-map').locator('..');
        expect(fills).toHaveLength(16);
        expect(new Set(fills).size).toBeGreaterThan(8);
        expect(await chart.locator('[aria-label^="Nordrhein-Westfalen: sum__population"]').count()).toBe(1);
        expect(await chart.locator('.bi-country-map-skipped').count()).toBe(0);
        if (SHOTS) await page.screenshot({ path: join(SHOTS, `country-map-${theme}.png`) });
        expect(errors).toEqual([]);
      });
    }, 240_000);
  }

  it('reports rows whose code is not a region of the chosen country', async () => {
    await withAppPage('light', async (page, errors) => {
      // The saved chart without its country filter: the 51 US rows name no German state.
      const saved = await page.request.get(`${stage.server.url}/api/v1/chart/${chartId}`).then((r) => r.json()) as { result: { params: string } };
      const formData = { ...JSON.parse(saved.result.params), adhoc_filters: [], slice_id: undefined };
      await page.goto(`${stage.server.url}/explore/?form_data=${encodeURIComponent(JSON.stringify(formData))}`);
      expect(await drawnRegions(page)).toHaveLength(16);
      const chart = page.locator('svg.bi-country-map').locator('..');
      await expect.poll(() => chart.locator('.bi-country-map-skipped').textContent(), { timeout: SLOW }).toBe('51 rows skipped: unknown code');
      expect(errors).toEqual([]);
    });
  }, 240_000);

  // Countries from the generated tables beyond Germany: their shapes load as their own chunks and draw every
  // region (as land here: the German rows match none of their codes, and are reported as skipped).
  for (const [country, shapes] of [['france', 101], ['uk', 232], ['south_africa', 9]] as const) {
    it(`draws the ${shapes} shapes of ${country} and skips the rows that are not its regions`, async () => {
      await withAppPage('light', async (page, errors) => {
        const saved = await page.request.get(`${stage.server.url}/api/v1/chart/${chartId}`).then((r) => r.json()) as { result: { params: string } };
        const formData = { ...JSON.parse(saved.result.params), select_country: country, slice_id: undefined };
        await page.goto(`${stage.server.url}/explore/?form_data=${encodeURIComponent(JSON.stringify(formData))}`);
        await page.locator('[data-chart-status="rendered"]').first().waitFor({ timeout: SLOW });
        const map = page.locator('svg.bi-country-map');
        await expect.poll(() => map.locator('path.bi-country-map-land, path.bi-country-map-region').count(), { timeout: SLOW }).toBe(shapes);
        const chart = map.locator('..');
        await expect.poll(() => chart.locator('.bi-country-map-skipped').textContent(), { timeout: SLOW }).toBe('16 rows skipped: unknown code');
        expect(errors).toEqual([]);
      });
    }, 240_000);
  }

  it('draws in <bi-chart> from the lite bundle, loading the plugin and one country', async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
    try {
      await page.goto(`${stage.host.origin}/`);
      const token = await stage.host.mint({ resources: [{ type: 'dashboard', id: mapsEmbedUuid }], rls: [] });
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.type = 'module';
        script.src = '/elements/bi-chart.lite.js';
        document.head.append(script);
      });
      await page.waitForFunction(() => Boolean(customElements.get('bi-chart')), undefined, { timeout: SLOW });
      await page.evaluate(({ url, id, token }) => {
        const chart = document.createElement('bi-chart');
        chart.style.display = 'block';
        chart.style.height = '500px';
        for (const [name, value] of Object.entries({ 'api-url': url, 'chart-id': String(id), 'guest-token': token })) chart.setAttribute(name, value);
        document.body.append(chart);
      }, { url: stage.server.url, id: chartId, token });
      const element = page.locator('bi-chart');
      // A failed chart says why in its panel: shown in the assertion's message.
      await element.locator('[data-chart-status="rendered"], [data-chart-status="failed"], [role="alert"]').first().waitFor({ timeout: SLOW }).catch((error: Error) => {
        throw new Error(`${error.message}\n--- page errors: ${errors.join('\n')}\n--- requests: ${scripts.join(' ')}`);
      });
      expect(await element.locator('[data-chart-status="rendered"]').count(), await element.innerText()).toBe(1);
      const fills = await drawnRegions(element);
      expect(fills).toHaveLength(16);
      expect(new Set(fills).size).toBeGreaterThan(8);
      expect(scripts.filter((path) => /\/germany-[^/]*\.js$/.test(path))).toHaveLength(1);
      expect(scripts.filter((path) => /\/(usa|india|china)-[^/]*\.js$/.test(path))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);
});
