/**
 * The deck charts' spatial and viewport controls in Explore, in real Chromium: the example scatter's saved
 * columns show in labelled pickers, a missing column is named under the control and holds the chart back,
 * picking it by keyboard lets it run again; the viewport fields take the map's current view, which is
 * saved with the chart's form data.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, exampleId, type AdminApi } from './support/admin-api';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { withSignedInPage } from './support/signed-in-page';

const SLOW = 90_000;

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

describe('deck spatial and viewport controls in Explore', () => {
  it('edits the spatial columns by keyboard with a message for a missing one, and captures the map view', async () => {
    const scatterId = await exampleId(api, 'chart', 'Places by category');
    const { result } = await api<{ result: { params: string } }>('GET', `/api/v1/chart/${scatterId}`);
    const saved = JSON.parse(result.params) as Record<string, unknown>;
    await withSignedInPage(browser, server, async (page, pageErrors) => {
      // The example scatter without its latitude column: the control says what is missing, the chart cannot run.
      const incomplete = { ...saved, slice_id: undefined, spatial: { type: 'latlong', lonCol: 'longitude' } };
      await page.goto(`${server.url}/explore/?form_data=${encodeURIComponent(JSON.stringify(incomplete))}`);
      const control = page.locator('[data-control="spatial"]');
      const run = page.getByRole('button', { name: /^(Update|Create) chart$/ });
      await expect.poll(() => control.getByRole('alert').innerText(), { timeout: SLOW }).toBe('Pick the latitude column');
      expect(await run.isDisabled()).toBe(true);
      const longitude = page.getByRole('combobox', { name: 'Longitude & Latitude: Longitude column', exact: true });
      const latitude = page.getByRole('combobox', { name: 'Longitude & Latitude: Latitude column', exact: true });
      expect(await longitude.inputValue()).toBe('longitude');

      // Pick it with the keyboard only; the chart runs and draws.
      await latitude.focus();
      await latitude.fill('latitude');
      await page.getByRole('option', { name: 'latitude', exact: true }).waitFor();
      await latitude.press('Enter');
      // A focused select shows what is typed; once left, the chosen column.
      await latitude.press('Tab');
      await expect.poll(() => latitude.inputValue()).toBe('latitude');
      expect(await control.getByRole('alert').count()).toBe(0);
      await expect.poll(() => run.isDisabled()).toBe(false);
      await run.click();
      await page.locator('.bi-chart-area__host[data-chart-status="rendered"]').waitFor({ state: 'attached', timeout: SLOW });

      // The map announced its view: the viewport control takes it into its labelled fields.
      const capture = page.getByRole('button', { name: "Use the map's current view" });
      await expect.poll(() => capture.isEnabled(), { timeout: 10_000 }).toBe(true);
      await capture.click();
      const zoom = Number(await page.getByLabel('Zoom', { exact: true }).inputValue());
      const lon = Number(await page.getByLabel('Longitude', { exact: true }).inputValue());
      expect(zoom).toBeGreaterThan(0);
      expect(lon).toBeGreaterThan(-180);
      expect(lon).toBeLessThan(180);
      expect(pageErrors).toEqual([]);
    });
  }, 240_000);
});
