/**
 * The design system's remaining pieces in real Chromium, in the light and the dark theme: the calendar
 * date pickers of a custom time range (Explore and the dashboard's native time-range filter), the native
 * Range filter's labelled inputs and order check, tooltips on icon-only controls, loading skeletons, and
 * line icons instead of emoji. axe-core (WCAG 2 A/AA) checks the calendar popover and a tooltip.
 *
 * Screenshots go to LUMEN_E2E_SCREENSHOTS when it names a directory (1440x900 and 800 px, light and dark).
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { chooseOption } from './support/choose-option';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';

const SLOW = 60_000;
const TEST_TIMEOUT = 240_000;
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const SCREENSHOTS = process.env.LUMEN_E2E_SCREENSHOTS;
const SHOWCASE = '/superset/dashboard/lumen-showcase/';
const TIME_FILTER = '[data-filter-id="NATIVE_FILTER-lumen-time-range"]';
const RANGE_FILTER = '[data-filter-id="NATIVE_FILTER-lumen-quantity"]';
/** Emoji, dingbats, arrows and geometric or braille symbols that used to stand in for icons. */
const ICON_LIKE_CHARACTERS = /[\u2190-\u21FF\u2300-\u23FF\u25A0-\u27BF\u2800-\u28FF\u2B00-\u2BFF\u{1F000}-\u{1FAFF}]/u;

let server: LumenServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
  // The first page of a cold server compiles and caches a lot: load it once before the timed tests.
  const warmUp = await browser.newPage();
  await warmUp.goto(`${server.url}/login/`, { timeout: 120_000 });
  await warmUp.getByLabel('Username').waitFor({ timeout: 120_000 });
  await warmUp.close();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Runs `body` signed in, in a fresh context of the given theme and width (900 px high). */
async function withPage(theme: Theme, width: number, body: (page: Page) => Promise<void>, reducedMotion: 'reduce' | 'no-preference' = 'no-preference'): Promise<void> {
  // bypassCSP: the app's CSP allows no inline script, and axe-core is injected as one.
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion, bypassCSP: true });
  await context.addInitScript((mode) => localStorage.setItem('lumen-bi.theme-mode', mode), theme === 'dark' ? 'dark' : 'default');
  const page = await context.newPage();
  try {
    await signIn(page, server);
    await body(page);
  } catch (error) {
    if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `failure-${theme}-${width}.png`) }).catch(() => undefined);
    throw new Error(`${(error as Error).message}\n--- page: ${page.url()}\n--- server output:\n${server.output()}`, { cause: error });
  } finally {
    await context.close();
  }
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}


const focusedDate = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-date'));

async function birthNamesChartId(page: Page): Promise<number> {
  const response = await page.request.get(`${server.url}/api/v1/chart/?q=(filters:!((col:slice_name,opr:eq,value:'Top names')))`);
  return ((await response.json()) as { result: { id: number }[] }).result[0].id;
}

describe('date pickers for a custom time range', () => {
  for (const theme of THEMES) {
    it(
      `picks days with the keyboard in Explore's calendar and sends 'start : end' (${theme})`,
      async () => {
        await withPage(theme, 1440, async (page) => {
          await page.goto(`${server.url}/explore/?slice_id=${await birthNamesChartId(page)}`);
          await page.getByRole('combobox', { name: 'Time range' }).waitFor({ timeout: SLOW });
          await chooseOption(page, 'Time range', 'Custom');
          const start = page.getByRole('textbox', { name: 'Start', exact: true });
          await start.fill('2021-01-15');

          const toggle = page.getByRole('button', { name: 'Choose start date' });
          await toggle.click();
          const dialog = page.getByRole('dialog', { name: 'Choose start date' });
          const grid = dialog.getByRole('grid', { name: 'January 2021' });
          await grid.waitFor();
          expect(await focusedDate(page)).toBe('2021-01-15');
          expect(await grid.locator('[aria-selected="true"]').getAttribute('data-date')).toBe('2021-01-15');
          // The popover sits in a portal at the top of the page, not inside the control panel's scroll box.
          expect(await dialog.evaluate((el) => el.parentElement?.parentElement === document.body)).toBe(true);
          await screenshot(page, `calendar-explore-1440-${theme}`);
          expect(await seriousViolations(page, '.bi-date-popover')).toEqual([]);

          await page.keyboard.press('ArrowRight');
          await page.keyboard.press('ArrowDown');
          expect(await focusedDate(page)).toBe('2021-01-23');
          await page.keyboard.press('PageDown');
          expect(await focusedDate(page)).toBe('2021-02-23');
          await dialog.getByRole('grid', { name: 'February 2021' }).waitFor();
          await page.keyboard.press('PageUp');
          await page.keyboard.press('ArrowLeft');
          await page.keyboard.press('Enter');
          await dialog.waitFor({ state: 'detached' });
          expect(await start.inputValue()).toBe('2021-01-22');
          expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);

          // Escape closes without picking and gives focus back to the button.
          await toggle.press('Enter');
          await dialog.waitFor();
          await page.keyboard.press('ArrowLeft');
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
          expect(await start.inputValue()).toBe('2021-01-22');
          expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);

          await page.getByRole('textbox', { name: 'End (exclusive)' }).fill('2021-03-31');
          const sent = page.waitForRequest((request) => request.url().includes('/api/v1/chart/data') && request.method() === 'POST', { timeout: SLOW });
          await page.getByRole('button', { name: /^(Create|Update) chart$/ }).click();
          const body = (await sent).postDataJSON() as { queries: { time_range?: string }[]; form_data?: { time_range?: string } };
          expect(body.form_data?.time_range ?? body.queries[0].time_range).toBe('2021-01-22 : 2021-03-31');

          // Relative expressions stay in the Advanced mode's free-text sides.
          await chooseOption(page, 'Time range', 'Advanced');
          expect(await page.getByRole('textbox', { name: 'Start', exact: true }).inputValue()).toBe('2021-01-22');
          expect(await page.getByRole('textbox', { name: 'End', exact: true }).inputValue()).toBe('2021-03-31');
          expect(await page.getByRole('button', { name: 'Choose start date' }).count()).toBe(0);
        });
      },
      TEST_TIMEOUT,
    );
  }

  for (const theme of THEMES) {
    it(
      `picks the dashboard native time range with the calendar at 800 px and applies '2021-01-01 : 2021-04-30' (${theme})`,
      async () => {
        await withPage(theme, 800, async (page) => {
          await page.goto(`${server.url}${SHOWCASE}`);
          const filter = page.locator(TIME_FILTER);
          await filter.waitFor({ timeout: SLOW });
          await filter.getByRole('combobox').click();
          await filter.getByRole('combobox').fill('Custom');
          await page.getByRole('option', { name: 'Custom', exact: true }).click();
          await filter.getByRole('textbox', { name: 'Start', exact: true }).fill('2021-01-01');
          await filter.getByRole('textbox', { name: 'End (exclusive)' }).fill('2021-03-31');
          await filter.getByRole('button', { name: 'Choose end (exclusive) date' }).click();
          const dialog = page.getByRole('dialog', { name: 'Choose end (exclusive) date' });
          await dialog.getByRole('grid', { name: 'March 2021' }).waitFor();
          await page.keyboard.press('PageDown');
          await page.keyboard.press('Enter');
          await dialog.waitFor({ state: 'detached' });
          expect(await filter.getByRole('textbox', { name: 'End (exclusive)' }).inputValue()).toBe('2021-04-30');

          await filter.getByRole('button', { name: 'Choose start date' }).click();
          await page.getByRole('dialog', { name: 'Choose start date' }).waitFor();
          const box = await page.locator('.bi-date-popover').boundingBox();
          expect(box!.x + box!.width).toBeLessThanOrEqual(800);
          await screenshot(page, `calendar-dashboard-800-${theme}`);
          expect(await seriousViolations(page, '.bi-date-popover')).toEqual([]);
          await page.keyboard.press('Escape');

          const applied = page.waitForRequest((request) => request.url().includes('/api/v1/chart/data') && (request.postData() ?? '').includes('2021-01-01 : 2021-04-30'), { timeout: SLOW });
          await page.getByRole('button', { name: 'Apply filters' }).click();
          await applied;
        });
      },
      TEST_TIMEOUT,
    );
  }
});

describe('the native Range filter', () => {
  it(
    'uses labelled design-system inputs and explains a minimum that is not below the maximum',
    async () => {
      for (const [theme, width] of [['light', 1440], ['dark', 1440], ['light', 800], ['dark', 800]] as const) {
        await withPage(theme, width, async (page) => {
          await page.goto(`${server.url}${SHOWCASE}`);
          const filter = page.locator(RANGE_FILTER);
          await filter.waitFor({ timeout: SLOW });
          const min = filter.getByRole('spinbutton', { name: 'Quantity minimum' });
          const max = filter.getByRole('spinbutton', { name: 'Quantity maximum' });
          expect(await min.getAttribute('class')).toContain('bi-input');
          expect(await filter.locator('.bi-field__label').allTextContents()).toEqual(['Min', 'Max']);
          await min.fill('50');
          await max.fill('10');
          const message = filter.getByRole('alert');
          expect(await message.textContent()).toBe('Minimum must be strictly less than maximum');
          for (const input of [min, max]) {
            expect(await input.getAttribute('aria-invalid')).toBe('true');
            expect(await input.getAttribute('aria-describedby')).toBe(await message.getAttribute('id'));
          }
          expect(await page.getByRole('button', { name: 'Apply filters' }).isDisabled()).toBe(true);
          await filter.scrollIntoViewIfNeeded();
          await screenshot(page, `range-filter-${width}-${theme}`);
          await max.fill('100');
          await message.waitFor({ state: 'detached' });
          expect(await min.getAttribute('aria-invalid')).toBeNull();
        });
      }
    },
    TEST_TIMEOUT,
  );
});

describe('tooltips on icon-only controls', () => {
  for (const theme of THEMES) {
    it(
      `shows on hover and keyboard focus, describes its button, hides on Escape, never clipped (${theme})`,
      async () => {
        await withPage(theme, 1440, async (page) => {
          await page.goto(`${server.url}${SHOWCASE}`);
          const collapse = page.getByRole('button', { name: 'Collapse filter bar' });
          await collapse.waitFor({ timeout: SLOW });
          expect(await collapse.getAttribute('title')).toBeNull();

          await collapse.hover();
          const tip = page.getByRole('tooltip');
          expect(await tip.textContent()).toBe('Collapse filter bar');
          expect(await collapse.getAttribute('aria-describedby')).toBe(await tip.getAttribute('id'));
          const box = (await tip.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(1440);
          expect(await tip.evaluate((el) => el.parentElement?.parentElement === document.body)).toBe(true);
          await screenshot(page, `tooltip-1440-${theme}`);
          expect(await seriousViolations(page, '.bi-tooltip-bubble')).toEqual([]);
          await page.mouse.move(0, 0);
          await tip.waitFor({ state: 'detached' });

          await page.setViewportSize({ width: 800, height: 900 });
          await collapse.hover();
          const narrow = (await tip.boundingBox())!;
          expect(narrow.x + narrow.width).toBeLessThanOrEqual(800);
          await screenshot(page, `tooltip-800-${theme}`);
          await page.mouse.move(0, 0);
          await tip.waitFor({ state: 'detached' });
          await page.setViewportSize({ width: 1440, height: 900 });

          await collapse.focus();
          await tip.waitFor();
          await page.keyboard.press('Escape');
          await tip.waitFor({ state: 'detached' });
          expect(await collapse.evaluate((el) => el === document.activeElement)).toBe(true);

          // In edit mode the drag handle and delete buttons explain themselves the same way.
          await page.getByRole('button', { name: 'Edit dashboard' }).click({ timeout: SLOW });
          const remove = page.locator('.bi-dash-chart').first().getByRole('button', { name: /^Delete / });
          await remove.hover();
          expect(await tip.textContent()).toMatch(/^Delete /);
        });
      },
      TEST_TIMEOUT,
    );
  }
});

describe('loading skeletons', () => {
  it(
    'hold the list table and the dashboard chart cards while they load, still under reduced motion',
    async () => {
      for (const [theme, motion] of [['light', 'no-preference'], ['dark', 'reduce']] as const) {
        await withPage(
          theme,
          1440,
          async (page) => {
            let release!: () => void;
            const held = new Promise<void>((resolve) => (release = resolve));
            await page.route('**/api/v1/dataset/?q=*', async (route) => {
              await held;
              await route.continue();
            });
            await page.goto(`${server.url}/tablemodelview/list/`);
            const table = page.locator('.bi-list-table table[aria-busy="true"]');
            await table.waitFor({ timeout: SLOW });
            expect(await table.locator('.bi-skeleton').count()).toBeGreaterThan(8);
            // Blocks and a status for screen readers, not a 'Loading…' paragraph.
            expect(await page.locator('p', { hasText: 'Loading…' }).count()).toBe(0);
            const animation = await table.locator('.bi-skeleton').first().evaluate((el) => getComputedStyle(el).animationName);
            expect(animation).toBe(motion === 'reduce' ? 'none' : 'bi-skeleton-shimmer');
            await screenshot(page, `skeleton-list-1440-${theme}`);
            await page.setViewportSize({ width: 800, height: 900 });
            await screenshot(page, `skeleton-list-800-${theme}`);
            await page.setViewportSize({ width: 1440, height: 900 });
            release();
            await page.locator('.bi-list-table tbody tr[data-row-id]').first().waitFor({ timeout: SLOW });
            expect(await page.locator('.bi-list-table .bi-skeleton').count()).toBe(0);
            await page.unroute('**/api/v1/dataset/?q=*');

            let releaseCharts!: () => void;
            const chartsHeld = new Promise<void>((resolve) => (releaseCharts = resolve));
            await page.route('**/api/v1/chart/data**', async (route) => {
              await chartsHeld;
              await route.continue();
            });
            await page.goto(`${server.url}${SHOWCASE}`);
            const busyCard = page.locator('.bi-dash-chart__body[aria-busy="true"]').first();
            await busyCard.waitFor({ timeout: SLOW });
            expect(await busyCard.locator('.bi-skeleton').count()).toBeGreaterThan(0);
            await screenshot(page, `skeleton-dashboard-1440-${theme}`);
            await page.setViewportSize({ width: 800, height: 900 });
            await screenshot(page, `skeleton-dashboard-800-${theme}`);
            releaseCharts();
            await page.locator('[data-chart-status="rendered"]').first().waitFor({ timeout: SLOW });
          },
          motion,
        );
      }
    },
    TEST_TIMEOUT,
  );
});

describe('icons', () => {
  it(
    'draws line icons (hidden from assistive technology) instead of emoji on the dashboard in edit mode, the lists and Explore',
    async () => {
      await withPage('light', 1440, async (page) => {
        const iconLikeText = () =>
          page.evaluate((pattern) => {
            const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            const found: string[] = [];
            const re = new RegExp(pattern, 'u');
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const parent = node.parentElement;
              // Markdown, titles, names in list rows and chart content are the authors' and the data's, not the app's icons.
              // The builder pane lists saved charts by their names (the incumbent's examples put emoji in some).
              if (parent?.closest('style, script, .bi-dash-markdown__body, [role="tab"], .bi-dash-chart__title, .bi-chart-container, h1, .bi-dash-builder__list li > strong')) continue;
              if (parent?.closest('td, .bi-list-card') && !parent.closest('button')) continue;
              if (re.test(node.textContent ?? '')) found.push(`${parent?.className}: ${node.textContent}`);
            }
            return found;
          }, ICON_LIKE_CHARACTERS.source);

        await page.goto(`${server.url}${SHOWCASE}`);
        const collapse = page.getByRole('button', { name: 'Collapse filter bar' });
        await collapse.waitFor({ timeout: SLOW });
        expect(await collapse.locator('svg.lucide[aria-hidden="true"]').count()).toBe(1);
        expect(await iconLikeText()).toEqual([]);
        await page.getByRole('button', { name: 'Edit dashboard' }).click({ timeout: SLOW });
        const handle = page.locator('.bi-dash-drag-handle').first();
        await handle.waitFor();
        expect(await handle.locator('svg.lucide[aria-hidden="true"]').count()).toBe(1);
        expect(await iconLikeText()).toEqual([]);
        await screenshot(page, 'icons-dashboard-edit-1440-light');

        await page.goto(`${server.url}/chart/list/`);
        await page.locator('.bi-list-fav').first().waitFor({ timeout: SLOW });
        expect(await iconLikeText()).toEqual([]);
        expect(await page.locator('.bi-list-fav svg.lucide[aria-hidden="true"]').count()).toBeGreaterThan(0);

        await page.goto(`${server.url}/explore/?slice_id=${await birthNamesChartId(page)}`);
        await page.locator('.bi-type-icon').first().waitFor({ timeout: SLOW });
        expect(await iconLikeText()).toEqual([]);
        expect(await page.locator('.bi-type-icon svg.lucide').count()).toBeGreaterThan(0);
      });
    },
    TEST_TIMEOUT,
  );
});
