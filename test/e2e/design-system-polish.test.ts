/**
 * The design system's last gaps reviewers found in real Chromium (issue 16), in the light and the dark
 * theme at 1440x900 and 800 px: dashboard edit mode's controls (markdown Edit, header title editor, the
 * builder pane's tabs, row/column controls that never overlap a chart's), SQL Lab's Limit select, Explore's
 * header actions, Home's 'View all' link colour, the list's one-line 'Last modified' cell, and skeletons or
 * the spinner wherever a bare 'Loading…' text stood. axe-core (WCAG 2 A/AA) checks the changed markup.
 *
 * Screenshots go to LUMEN_E2E_SCREENSHOTS when it names a directory.
 */
import { join } from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { adminApi, exampleId } from './support/admin-api';
import { chooseOption } from './support/choose-option';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';

const SLOW = 60_000;
const TEST_TIMEOUT = 240_000;
const THEMES = ['light', 'dark'] as const;
const WIDTHS = [1440, 800] as const;
type Theme = (typeof THEMES)[number];
const SCREENSHOTS = process.env.LUMEN_E2E_SCREENSHOTS;
const SHOWCASE = '/superset/dashboard/lumen-showcase/';

let server: LumenServer;
let browser: Browser;
let exploreChartId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
  const warmUp = await browser.newPage();
  await warmUp.goto(`${server.url}/login/`, { timeout: 120_000 });
  await warmUp.getByLabel('Username').waitFor({ timeout: 120_000 });
  await warmUp.close();
  exploreChartId = await exampleId(await adminApi(server), 'chart', 'Top names');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Runs `body` signed in, in a fresh context of the given theme and width (900 px high). */
async function withPage(theme: Theme, width: number, body: (page: Page) => Promise<void>): Promise<void> {
  // bypassCSP: the app's CSP allows no inline script, and axe-core is injected as one.
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  await context.addInitScript((mode) => localStorage.setItem('lumen-bi.theme-mode', mode), theme === 'dark' ? 'dark' : 'default');
  const page = await context.newPage();
  try {
    await signIn(page, server);
    await body(page);
  } catch (error) {
    if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `polish-failure-${theme}-${width}.png`) }).catch(() => undefined);
    throw new Error(`${(error as Error).message}\n--- page: ${page.url()}\n--- server output:\n${server.output()}`, { cause: error });
  } finally {
    await context.close();
  }
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}


/** Holds every request matching `url` until the returned release is called, to look at a loading state. */
async function holdRequests(page: Page, url: string | RegExp): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let releasing = false;
  await page.route(url, (route) => (releasing ? route.continue() : void held.push(route)));
  return async () => {
    releasing = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

/** Pairs of visible edit-mode controls on the dashboard grid whose boxes intersect (by accessible name). */
function overlappingControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = [...document.querySelectorAll<HTMLElement>('.bi-dash-grid button, .bi-dash-grid input, .bi-dash-grid [draggable="true"][role="img"]')]
      .map((el) => ({ name: el.getAttribute('aria-label') ?? el.textContent ?? '', box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0);
    const pairs: string[] = [];
    controls.forEach((a, i) =>
      controls.slice(i + 1).forEach((b) => {
        const apart = a.box.right <= b.box.left || b.box.right <= a.box.left || a.box.bottom <= b.box.top || b.box.bottom <= a.box.top;
        if (!apart) pairs.push(`${a.name} / ${b.name}`);
      }),
    );
    return pairs;
  });
}

describe('dashboard edit mode', () => {
  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      it(
        `styled, labelled edit controls that never overlap (${theme}, ${width} px)`,
        async () => {
          await withPage(theme, width, async (page) => {
            await page.goto(`${server.url}${SHOWCASE}`);
            await page.locator('.bi-dash-chart [data-chart-status="rendered"]').first().waitFor({ timeout: SLOW });
            await page.getByRole('button', { name: 'Edit dashboard' }).click();
            const builder = page.locator('.bi-dash--editing .bi-dash-builder');
            await builder.waitFor({ timeout: SLOW });

            const editMarkdown = page.getByRole('button', { name: 'Edit markdown' }).first();
            expect(await editMarkdown.getAttribute('class')).toContain('bi-button');
            const header = page.getByRole('textbox', { name: 'Header text' }).first();
            expect(await header.getAttribute('class')).toContain('bi-input');
            // The builder's tabs are the design system's tabs: no browser button border, the chosen one underlined.
            const chartsTab = builder.getByRole('tab', { name: 'Charts' });
            expect(await chartsTab.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('none');
            expect(await chartsTab.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
            expect(await builder.getByRole('tabpanel').count()).toBe(1);

            expect(await overlappingControls(page)).toEqual([]);
            await screenshot(page, `polish-dashboard-edit-${width}-${theme}`);
            expect(await seriousViolations(page, '.bi-dash')).toEqual([]);

            // A tab's title is edited in the design system's input in place (once the browser's prompt()).
            await page.getByRole('tab', { name: 'Births', exact: true }).dblclick();
            const tabTitle = page.getByRole('textbox', { name: 'Tab title' });
            expect(await tabTitle.getAttribute('class')).toContain('bi-input');
            await screenshot(page, `polish-dashboard-tab-title-${width}-${theme}`);
            expect(await seriousViolations(page, '.bi-dash-tabs')).toEqual([]);
            await tabTitle.fill('Births by year');
            await tabTitle.press('Enter');
            await page.getByRole('tab', { name: 'Births by year', exact: true }).waitFor();
          });
        },
        TEST_TIMEOUT,
      );
    }
  }
});

describe('SQL Lab, Explore, Home and lists', () => {
  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      it(
        `the Limit select, Explore's header actions, 'View all' and 'Last modified' (${theme}, ${width} px)`,
        async () => {
          await withPage(theme, width, async (page) => {
            await page.goto(`${server.url}/sqllab/`);
            const limit = page.getByRole('combobox', { name: 'Limit' });
            await limit.waitFor({ timeout: SLOW });
            // The design system's select (a styled combobox input), not the browser's <select>.
            expect(await limit.evaluate((el) => el.tagName)).toBe('INPUT');
            expect(await limit.evaluate((el) => el.closest('.bi-select') !== null)).toBe(true);
            await screenshot(page, `polish-sqllab-${width}-${theme}`);
            expect(await seriousViolations(page, '.bi-sqllab__limit')).toEqual([]);

            // A table's columns load under a skeleton, not a bare 'Loading…'. SQL Lab keeps its tables on the
            // server, so one left by another run is removed first and this one after.
            const removeTable = page.getByRole('button', { name: 'Remove birth_names' });
            if (await removeTable.count()) await removeTable.click();
            const releaseMetadata = await holdRequests(page, /\/table_metadata\//);
            await chooseOption(page, 'Table', 'birth_names');
            const metadata = page.locator('.bi-table-schema [aria-busy="true"]');
            await metadata.locator('.bi-skeleton').first().waitFor({ timeout: SLOW });
            expect(await metadata.getByRole('status').textContent()).toBe('Loading table metadata');
            expect(await page.getByText('Loading…').count()).toBe(0);
            await screenshot(page, `polish-sqllab-metadata-loading-${width}-${theme}`);
            expect(await seriousViolations(page, '.bi-table-schema')).toEqual([]);
            await releaseMetadata();
            await metadata.waitFor({ state: 'detached', timeout: SLOW });
            await removeTable.click();

            await page.goto(`${server.url}/explore/?slice_id=${exploreChartId}`);
            const save = page.locator('.bi-explore__header').getByRole('button', { name: 'Save', exact: true });
            await save.waitFor({ timeout: SLOW });
            const headerBox = (await page.locator('.bi-explore__header').boundingBox())!;
            const saveBox = (await save.boundingBox())!;
            // Save sits with the other actions at the header's right end, not floating in its middle.
            expect(saveBox.x).toBeGreaterThan(headerBox.x + headerBox.width * 0.6);
            await screenshot(page, `polish-explore-${width}-${theme}`);

            await page.goto(`${server.url}/superset/welcome/`);
            const viewAll = page.locator('.bi-home__view-all').first();
            await viewAll.waitFor({ timeout: SLOW });
            const [linkColour, themeColour] = await viewAll.evaluate((el) => {
              const probe = document.createElement('span');
              probe.style.color = 'var(--bi-color-primary-dark)';
              el.parentElement!.append(probe);
              const colours = [getComputedStyle(el).color, getComputedStyle(probe).color];
              probe.remove();
              return colours;
            });
            expect(linkColour).toBe(themeColour);
            await screenshot(page, `polish-home-${width}-${theme}`);

            await page.goto(`${server.url}/chart/list/`);
            await page.getByRole('button', { name: 'List view' }).click({ timeout: SLOW });
            const modified = page.locator('.bi-list-table .bi-list-modified');
            await modified.first().waitFor({ timeout: SLOW });
            const lines = await modified.evaluateAll((cells) => cells.map((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight || '20'))));
            expect(lines.every((n) => n <= 1)).toBe(true);
            // ...and inside the window, not pushed past its right edge.
            const rightEdges = await modified.evaluateAll((cells) => cells.map((el) => el.getBoundingClientRect().right));
            expect(Math.max(...rightEdges)).toBeLessThanOrEqual(width);
            expect(await seriousViolations(page, '.bi-list-table')).toEqual([]);
            await screenshot(page, `polish-chart-list-${width}-${theme}`);
          });
        },
        TEST_TIMEOUT,
      );
    }
  }
});

describe('loading states', () => {
  for (const theme of THEMES) {
    it(
      `skeletons at boot and on the profile page, the animated spinner over a loading dashboard chart (${theme})`,
      async () => {
        await withPage(theme, 1440, async (page) => {
          const releaseMe = await holdRequests(page, /\/api\/v1\/me\/$/);
          const releaseProfile = await holdRequests(page, /\/api\/v1\/me\/profile\/$/);
          await page.goto(`${server.url}/user_info/`);
          const boot = page.locator('.bi-boot [aria-busy="true"]');
          await boot.locator('.bi-skeleton').first().waitFor({ timeout: SLOW });
          expect(await boot.getByRole('status').textContent()).toBe('Loading Lumen');
          expect(await page.getByText('Loading…').count()).toBe(0);
          await releaseMe();

          const profile = page.locator('.bi-profile [aria-busy="true"]');
          await profile.locator('.bi-skeleton').first().waitFor({ timeout: SLOW });
          expect(await profile.getByRole('status').textContent()).toBe('Loading profile');
          expect(await page.getByText('Loading…').count()).toBe(0);
          await screenshot(page, `polish-profile-loading-${theme}`);
          expect(await seriousViolations(page, '.bi-profile')).toEqual([]);
          await releaseProfile();
          await page.getByRole('heading', { name: 'Account' }).waitFor({ timeout: SLOW });

          const releaseData = await holdRequests(page, /\/api\/v1\/chart\/data/);
          await page.goto(`${server.url}${SHOWCASE}`);
          const wheel = page.locator('.bi-dash-chart .bi-chart-container .bi-spinner__wheel').first();
          await wheel.waitFor({ state: 'attached', timeout: SLOW });
          // The dashboard carries the spinner's styles: a turning wheel, not an empty unstyled box.
          expect(await wheel.evaluate((el) => getComputedStyle(el).animationName)).toBe('bi-spin');
          expect(await page.locator('.bi-dash-chart .bi-spinner').first().getAttribute('role')).toBe('status');
          await releaseData();
        });
      },
      TEST_TIMEOUT,
    );
  }
});
