/**
 * The app at 800 px wide as well as 1440, in real Chromium, light and dark:
 *
 * - Explore: the chart keeps the page's width below the dataset and control panels instead of being squeezed
 *   beside them (at 1440 it sits beside them);
 * - a dashboard: the components of a row wrap into two columns and then one, in layout order, each keeping
 *   its saved height (at 1440 they sit side by side); edit mode keeps the true grid;
 * - home, the lists (cards and table), Explore, the dashboard and SQL Lab: no horizontal page scroll (tables
 *   may scroll inside themselves); SQL Lab's left bar slims so the editor keeps most of a narrow window.
 *
 * LUMEN_E2E_SCREENSHOTS=/some/dir keeps a screenshot of every page at both widths in both themes.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, exampleId } from './support/admin-api';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';

const SHOTS = process.env.LUMEN_E2E_SCREENSHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

/** CI runs on 2 cores: every wait on the browser is generous. */
const SLOW = 60_000;
const THEMES = ['default', 'dark'] as const;
type Theme = (typeof THEMES)[number];

let server: LumenServer;
let browser: Browser;
let salesDashboardId: number;
let chartId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
  const api = await adminApi(server);
  salesDashboardId = await exampleId(api, 'dashboard', 'Sales Dashboard');
  chartId = await exampleId(api, 'chart', 'Weekly revenue');
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A signed-in page `width` px wide in the theme chosen in this browser, closed whatever happens. */
async function withPage(width: number, theme: Theme, body: (page: Page) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript((mode) => localStorage.setItem('lumen-bi.theme-mode', mode), theme);
  const page = await context.newPage();
  try {
    await signIn(page, server);
    await body(page);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- page: ${page.url()} at ${width} px, ${theme}\n--- server output:\n${server.output()}`, { cause: error });
  } finally {
    await context.close();
  }
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** How far the page itself scrolls sideways (0 when everything fits the window). */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * Visible elements reaching past the window's right edge that no scrolling or clipping box of their own holds
 * (a table scrolling inside its wrapper is fine; a page that merely clips what sticks out is not).
 */
function stickingOut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const held = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        if (/auto|scroll|hidden|clip/.test(getComputedStyle(box).overflowX)) return true;
      }
      return false;
    };
    const out: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const r = element.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.right <= window.innerWidth + 1 || getComputedStyle(element).position === 'fixed') continue;
      if (!held(element)) out.push(`${element.tagName.toLowerCase()}.${[...element.classList].join('.')} right=${Math.round(r.right)}`);
    }
    return out.slice(0, 10);
  });
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}
const box = async (page: Page, selector: string): Promise<Box> => {
  const rect = await page.locator(selector).first().boundingBox();
  if (!rect) throw new Error(`${selector} is not visible`);
  return { left: rect.x, top: rect.y, width: rect.width, height: rect.height };
};

/** Every dashboard row holding two or more charts, markdown blocks or columns: each one's box and saved height, in layout order. */
function rowsOfComponents(page: Page): Promise<{ items: (Box & { savedHeight: number })[]; rowWidth: number }[]> {
  return page.locator('.bi-dash-row').evaluateAll((rows) =>
    rows
      .map((row) => ({
        rowWidth: row.getBoundingClientRect().width,
        items: [...row.children]
          .filter((child) => child.matches('.bi-dash-chart, .bi-dash-markdown, .bi-dash-column') && child.getClientRects().length > 0)
          .map((child) => {
            const r = child.getBoundingClientRect();
            const style = (child as HTMLElement).style;
            // A column's height is its children's; charts and markdown carry theirs inline.
            return { left: r.left, top: r.top, width: r.width, height: r.height, savedHeight: parseFloat(style.height || style.minHeight) || 0 };
          }),
      }))
      .filter((row) => row.items.length >= 2),
  );
}

describe.each(THEMES)('the app at 1440 and 800 px (%s theme)', (theme) => {
  it('stacks Explore’s chart below its panels on a narrow window', async () => {
    for (const width of [1440, 800]) {
      await withPage(width, theme, async (page) => {
        await page.goto(`${server.url}/explore/?slice_id=${chartId}`);
        await page.locator('.bi-explore__main [data-chart-status="rendered"], .bi-explore__main .bi-chart-area__host svg, .bi-explore__main .bi-chart-area__host canvas').first().waitFor({ timeout: SLOW });
        const controls = await box(page, '.bi-explore__controls');
        const chart = await box(page, '.bi-explore__main');
        await shot(page, `explore-${width}-${theme}`);
        expect(await pageOverflow(page), 'page scrolls sideways').toBeLessThanOrEqual(0);
        expect(await stickingOut(page), 'sticks out of the window').toEqual([]);
        if (width === 1440) {
          expect(chart.left, 'chart beside the control panel').toBeGreaterThanOrEqual(controls.left + controls.width);
        } else {
          expect(chart.top, 'chart below the control panel').toBeGreaterThanOrEqual(controls.top + controls.height);
          expect(chart.width, 'chart as wide as the page').toBeGreaterThan(width * 0.9);
        }
      });
    }
  }, 300_000);

  it('reflows a dashboard’s rows into two columns, then one, on narrower windows, keeping heights and layout order', async () => {
    // Beside the 260 px filter bar the grid area is about 1140 px wide at 1440, 750 at 1100 and 450 at 800.
    for (const width of [1440, 1100, 800]) {
      await withPage(width, theme, async (page) => {
        await page.goto(`${server.url}/superset/dashboard/${salesDashboardId}/`);
        await page.locator('.bi-dash-chart').first().waitFor({ timeout: SLOW });
        await page.locator('[data-chart-status="rendered"]').first().waitFor({ state: 'attached', timeout: SLOW });
        await shot(page, `dashboard-${width}-${theme}`);
        expect(await pageOverflow(page), 'page scrolls sideways').toBeLessThanOrEqual(0);
        expect(await stickingOut(page), 'sticks out of the window').toEqual([]);
        const rows = await rowsOfComponents(page);
        expect(rows.length, 'rows with several components').toBeGreaterThan(0);
        for (const { items, rowWidth } of rows) {
          // A chart's height is its saved height; markdown's is at least that (it grows with its text).
          for (const item of items) expect(item.height, 'keeps its saved height').toBeGreaterThanOrEqual(item.savedHeight - 0.5);
          // Rows hold two or more components (rowsOfComponents).
          const [first, second] = [items[0]!, items[1]!];
          if (width === 1440) {
            expect(second.left, 'side by side').toBeGreaterThan(first.left);
            expect(second.top).toBeCloseTo(first.top, 0);
          } else if (width === 1100) {
            for (const item of items) expect(item.width, 'two columns: no sliver').toBeGreaterThan(rowWidth * 0.45);
            expect(second.left, 'two columns: the first two side by side').toBeGreaterThan(first.left);
            expect(second.top).toBeCloseTo(first.top, 0);
          } else {
            for (const item of items) expect(item.width, 'one column').toBeGreaterThan(rowWidth * 0.95);
            for (let i = 1; i < items.length; i++) expect(items[i]!.top, 'stacked in layout order').toBeGreaterThan(items[i - 1]!.top);
          }
        }
        if (width === 800) {
          // Edit mode keeps the saved grid, so that resizing shows the widths it saves, at a workable width
          // that scrolls inside the grid area rather than the page.
          await page.getByRole('button', { name: 'Edit dashboard' }).click();
          await page.locator('.bi-dash--editing').waitFor({ timeout: SLOW });
          const { items, rowWidth } = (await rowsOfComponents(page))[0]!;
          expect(items[1]!.left, 'edit mode: side by side').toBeGreaterThan(items[0]!.left);
          expect(rowWidth, 'edit mode: the grid keeps a workable width').toBeGreaterThanOrEqual(700);
          expect(await pageOverflow(page), 'edit mode: page scrolls sideways').toBeLessThanOrEqual(0);
          await shot(page, `dashboard-edit-${width}-${theme}`);
        }
      });
    }
  }, 300_000);

  it('fits home, the lists and SQL Lab in the window without a sideways page scroll', async () => {
    const pages: [string, string][] = [
      ['home', '/superset/welcome/'],
      ['charts-cards', '/chart/list/'],
      ['charts-table', '/chart/list/?viewMode=table'],
      ['dashboards', '/dashboard/list/'],
      ['datasets', '/tablemodelview/list/'],
      ['sqllab', '/sqllab/'],
    ];
    for (const width of [1440, 800]) {
      await withPage(width, theme, async (page) => {
        for (const [name, path] of pages) {
          await page.goto(`${server.url}${path}`);
          await page.locator('main h1, main [role="tablist"], .bi-sqllab').first().waitFor({ timeout: SLOW });
          await page.waitForLoadState('networkidle').catch(() => undefined);
          await shot(page, `${name}-${width}-${theme}`);
          expect(await pageOverflow(page), `${name}: page scrolls sideways`).toBeLessThanOrEqual(0);
          expect(await stickingOut(page), `${name}: sticks out of the window`).toEqual([]);
          if (name === 'sqllab' && width === 800) {
            // The editor, not the table picker, gets the room of a narrow window.
            expect((await box(page, '.bi-sqllab__main')).width, 'SQL Lab editor width').toBeGreaterThan(width * 0.65);
          }
        }
      });
    }
  }, 300_000);
});
