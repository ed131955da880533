/**
 * deck_multi in real Chromium: the example 'Places and flight routes' (the places scatter and the flight
 * arcs, saved charts layered by id) draws in Explore and on the Lumen Maps dashboard, each sub-chart read
 * and queried through the page's own API client; a sub-chart id that names no chart is reported under the
 * map while the other layers draw.
 */
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, exampleId, type AdminApi } from './support/admin-api';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { withSignedInPage } from './support/signed-in-page';
import { colouredPixels } from './support/coloured-pixels';

const SLOW = 90_000;
const MULTI = 'Places and flight routes';

let server: LumenServer;
let browser: Browser;
let api: AdminApi;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
  api = await adminApi(server);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});


/** Waits for the chart host's final status; answers it with the host's text. */
async function settled(host: Locator): Promise<{ status: string | null; text: string }> {
  await host.waitFor({ state: 'attached', timeout: SLOW });
  return { status: await host.getAttribute('data-chart-status'), text: await host.innerText() };
}

describe('deck_multi in Chromium', () => {
  it('draws the example multi chart in Explore, and names an unknown sub-chart under the map', async () => {
    const multiId = await exampleId(api, 'chart', MULTI);
    const { result } = await api<{ result: { params: string } }>('GET', `/api/v1/chart/${multiId}`);
    const params = JSON.parse(result.params) as { datasource: string; deck_slices: number[] };
    expect(params.deck_slices).toHaveLength(2);
    await withSignedInPage(browser, server, async (page, pageErrors) => {
      const host = page.locator('.bi-chart-area__host[data-chart-status="rendered"], .bi-chart-area__host[data-chart-status="failed"]');
      await page.goto(`${server.url}/explore/?slice_id=${multiId}`);
      const saved = await settled(host);
      expect(saved.status, saved.text).toBe('rendered');
      const canvas = host.locator('canvas.bi-deck-canvas');
      expect(await canvas.getAttribute('aria-label')).toBe('Map of 2 layers: Places by category, Flight routes by airline');
      expect(await colouredPixels(page, canvas)).toBeGreaterThan(50);
      // The picker names the chosen charts.
      await expect.poll(() => page.locator('[data-control="deck_slices"]').innerText(), { timeout: 10_000 }).toContain('Places by category (deck_scatter)');

      const formData = { datasource: params.datasource, viz_type: 'deck_multi', deck_slices: [params.deck_slices[0], 999999] };
      await page.goto(`${server.url}/explore/?form_data=${encodeURIComponent(JSON.stringify(formData))}`);
      const partial = await settled(host);
      expect(partial.status, partial.text).toBe('rendered');
      expect(partial.text).toContain('Chart 999999 skipped: no such chart');
      expect(await colouredPixels(page, host.locator('canvas.bi-deck-canvas'))).toBeGreaterThan(50);
      expect(pageErrors).toEqual([]);
    });
  }, 240_000);

  it('draws on the Lumen Maps dashboard', async () => {
    const mapsId = await exampleId(api, 'dashboard', 'Lumen Maps');
    await withSignedInPage(browser, server, async (page, pageErrors) => {
      await page.goto(`${server.url}/superset/dashboard/${mapsId}/`);
      // Charts below the fold load when scrolled to: the multi chart is on the last row.
      const holder = page.locator('.bi-dash-chart', { has: page.locator('.bi-dash-chart__title', { hasText: MULTI }) });
      await holder.scrollIntoViewIfNeeded({ timeout: SLOW });
      const container = holder.locator('.bi-chart-container');
      // A dashboard of twelve maps draws slowly in software WebGL on a loaded machine.
      await expect.poll(() => container.getAttribute('data-chart-status'), { timeout: 150_000 }).toMatch(/^(rendered|failed)$/);
      expect(await container.getAttribute('data-chart-status'), await holder.innerText()).toBe('rendered');
      const canvas = holder.locator('canvas.bi-deck-canvas');
      expect(await canvas.getAttribute('aria-label')).toBe('Map of 2 layers: Places by category, Flight routes by airline');
      expect(await colouredPixels(page, canvas)).toBeGreaterThan(50);
      expect(pageErrors).toEqual([]);
    });
  }, 240_000);
});
