/**
 * deck_contour's contours control in Explore, in real Chromium, by keyboard: add an isoband (a lower
 * threshold above the upper is refused with a message naming it), then the chart draws again with it;
 * edit and remove it. DECK_SHOTS=dir saves 1440x900 screenshots of the widget in the light and dark themes.
 */
import type { Browser, Page } from 'playwright-core';
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

async function chooseTheme(page: Page, label: 'Light' | 'Dark'): Promise<void> {
  await page.getByRole('button', { name: 'Admin User' }).click();
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/v1/me/preferences/') && response.request().method() === 'PUT');
  await page.getByRole('menuitemradio', { name: label }).click();
  expect((await saved).status()).toBe(200);
  await page.keyboard.press('Escape');
}

describe('the contours control of deck_contour', () => {
  it('adds, validates, edits and removes a contour by keyboard; the chart draws with it', async () => {
    const contourId = await exampleId(api, 'chart', 'Visit contours');
    await withSignedInPage(browser, server, async (page, pageErrors) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`${server.url}/explore/?slice_id=${contourId}`);
      const rendered = page.locator('.bi-chart-area__host[data-chart-status="rendered"]');
      await rendered.waitFor({ state: 'attached', timeout: SLOW });
      const control = page.locator('[data-control="contours"]');
      await control.waitFor({ timeout: SLOW });
      // The example chart saves contours of its own: the new one comes after them.
      const saved = await control.getByRole('button', { name: /^Edit contour / }).count();
      const n = saved + 1;
      const add = control.getByRole('button', { name: 'Add contour' });
      await add.scrollIntoViewIfNeeded();
      await add.focus();
      await page.keyboard.press('Enter');
      const lower = control.getByRole('textbox', { name: 'Lower threshold' });
      const upper = control.getByRole('textbox', { name: 'Upper threshold' });
      // The opened form takes the focus on its first field.
      expect(await lower.evaluate((e) => e === document.activeElement)).toBe(true);
      await page.keyboard.type('50');
      await page.keyboard.press('Tab');
      await page.keyboard.type('5');
      await page.keyboard.press('Enter');
      await expect.poll(() => control.getByRole('alert').allInnerTexts()).toEqual(['Upper threshold must be greater than the lower threshold (50)']);
      expect(await upper.getAttribute('aria-invalid')).toBe('true');
      if (process.env.DECK_SHOTS) {
        await control.getByRole('alert').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${process.env.DECK_SHOTS}/contours-light.png` });
        await chooseTheme(page, 'Dark');
        await control.getByRole('alert').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${process.env.DECK_SHOTS}/contours-dark.png` });
        await chooseTheme(page, 'Light');
      }
      await upper.fill('');
      await upper.focus();
      await page.keyboard.type('500');
      await page.keyboard.press('Enter');
      await control.getByText('Isoband 50 – 500, stroke 1').waitFor();
      if (process.env.DECK_SHOTS) await page.screenshot({ path: `${process.env.DECK_SHOTS}/contours-applied.png` });
      // The closed form gave the focus back to the control.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Add contour');
      expect(await control.getByRole('alert').count()).toBe(0);
      await rendered.waitFor({ state: 'attached', timeout: SLOW });
      if (process.env.DECK_SHOTS) await page.screenshot({ path: `${process.env.DECK_SHOTS}/contours-added.png` });

      // Edit by keyboard: the isoband becomes an isoline; Escape leaves a form without saving.
      await control.getByRole('button', { name: `Edit contour ${n}: Isoband 50 – 500, stroke 1` }).focus();
      await page.keyboard.press('Enter');
      await upper.fill('');
      await upper.press('Enter');
      await control.getByText('Isoline 50, stroke 1').waitFor();
      await control.getByRole('button', { name: `Edit contour ${n}: Isoline 50, stroke 1` }).focus();
      await page.keyboard.press('Enter');
      await lower.fill('7');
      await lower.press('Escape');
      await control.getByText('Isoline 50, stroke 1').waitFor();
      await control.getByRole('button', { name: `Remove contour ${n}: Isoline 50, stroke 1` }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => control.getByText('Isoline 50, stroke 1').count()).toBe(0);
      expect(await control.getByRole('button', { name: /^Edit contour / }).count()).toBe(saved);
      await rendered.waitFor({ state: 'attached', timeout: SLOW });
      expect(pageErrors).toEqual([]);
    });
  }, 240_000);
});
