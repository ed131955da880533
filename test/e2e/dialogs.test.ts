/**
 * Dialogs and menus as a user meets them, in real Chromium at 1440x900 and 800 px wide, light and dark:
 *
 * - the dashboard's Edit properties, + Add / Edit filters and Set up an email report open as modal overlays
 *   (portal at the top of the page, backdrop over everything, focus kept inside, Escape and a press outside
 *   close them, focus back on the button that opened them), with styled controls only, and native filters
 *   can be configured and saved through them;
 * - a chart's '⋯' menu is a keyboard menu that closes on Escape and a press outside, only one is open at a
 *   time, it is never clipped by its card, and 'Download as image' saves the chart whose menu was opened;
 * - the dataset editor's Cancel/Save stay on screen while its body scrolls;
 * - Explore's Save chart dialog does not cover the button that opened it nor its own buttons, and offers
 *   'Save & go to dashboard';
 * - axe-core finds no serious or critical WCAG 2 A/AA violation in any of them, in either theme.
 *
 * LUMEN_E2E_SCREENSHOTS=/some/dir keeps a screenshot of every dialog there.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { adminApi, type AdminApi } from './support/admin-api';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';

const SHOTS = process.env.LUMEN_E2E_SCREENSHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

/** CI runs on 2 cores: every wait on the browser is generous. */
const SLOW = 60_000;
const VIEWPORTS = [
  { name: '1440', width: 1440, height: 900 },
  { name: '800', width: 800, height: 900 },
] as const;
const THEMES = ['default', 'dark'] as const;
type Theme = (typeof THEMES)[number];
type Viewport = (typeof VIEWPORTS)[number];

let server: LumenServer;
let browser: Browser;
let api: AdminApi;
let salesId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
  api = await adminApi(server);
  const list = await api<{ result: { id: number; dashboard_title: string }[] }>('GET', '/api/v1/dashboard/?q=(page_size:100)');
  salesId = list.result.find((d) => d.dashboard_title === 'Sales Dashboard')!.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * A signed-in page of the given size (axe is injected as a script, so the page's CSP is bypassed), its
 * uncaught errors collected, closed whatever happens.
 */
async function withPage(viewport: Viewport, body: (page: Page, errors: string[]) => Promise<void>): Promise<void> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, bypassCSP: true, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await signIn(page, server);
    await body(page, errors);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- page: ${page.url()}\n--- server output:\n${server.output()}`, { cause: error });
  } finally {
    await context.close();
  }
}

/** Switches the page to a theme the way the app does: `data-bi-theme` on <html> (and on any themed wrapper). */
async function applyTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((name) => {
    document.documentElement.dataset.biTheme = name;
    for (const element of document.querySelectorAll<HTMLElement>('[data-bi-theme]')) element.dataset.biTheme = name;
  }, theme);
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}


interface OverlayFacts {
  /** The dialog's container is a direct child of <body>. */
  inPortal: boolean;
  /** The dialog sits inside the dashboard header or filter bar. */
  insideDashboard: boolean;
  /** The backdrop covers the whole viewport. */
  backdropCoversViewport: boolean;
  /** The dialog's box lies within the viewport. */
  dialogInViewport: boolean;
  /** Footer buttons that are hidden or covered by something else where a user would click them. */
  unreachableButtons: string[];
  /** The topmost element at the dialog's centre belongs to the dialog. */
  onTop: boolean;
  /** Buttons and fields that look like the browser's defaults (system font at 13.33px, inset/outset borders, no accent colour). */
  bareControls: string[];
  /** The dialog's surface colour. */
  surface: string;
}

/** What a user sees of an open dialog, measured in the page. */
function overlayFacts(dialog: Locator): Promise<OverlayFacts> {
  return dialog.evaluate((element) => {
    const view = element.ownerDocument.defaultView!;
    const within = (r: DOMRect) => r.left >= 0 && r.top >= 0 && r.right <= view.innerWidth + 0.5 && r.bottom <= view.innerHeight + 0.5;
    const visibleAt = (target: Element) => {
      const r = target.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || !within(r)) return false;
      const hit = element.ownerDocument.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit !== null && (hit === target || target.contains(hit));
    };
    const backdrop = element.closest('.bi-modal-backdrop');
    const b = backdrop?.getBoundingClientRect();
    const r = element.getBoundingClientRect();
    const centre = element.ownerDocument.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const bare: string[] = [];
    for (const control of element.querySelectorAll<HTMLElement>('button, input, select, textarea')) {
      if (control.closest('[hidden]') || control.getClientRects().length === 0) continue;
      const style = view.getComputedStyle(control);
      const type = control.getAttribute('type');
      const name = `${control.tagName.toLowerCase()}${type ? `[type=${type}]` : ''} "${control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 40) ?? ''}"`;
      if (type === 'checkbox' || type === 'radio') {
        if (style.accentColor === 'auto') bare.push(`${name}: default accent colour`);
        continue;
      }
      if (style.fontSize === '13.3333px') bare.push(`${name}: browser font size`);
      if (/inset|outset/.test(style.borderTopStyle)) bare.push(`${name}: browser border ${style.borderTopStyle}`);
    }
    return {
      inPortal: element.closest('.bi-modal-root')?.parentElement === element.ownerDocument.body,
      insideDashboard: element.closest('.bi-dash-header-bar, .bi-dash-filter-bar, .bi-dash') !== null,
      backdropCoversViewport: Boolean(b && b.left <= 0 && b.top <= 0 && b.right >= view.innerWidth && b.bottom >= view.innerHeight),
      dialogInViewport: within(r),
      unreachableButtons: [...element.querySelectorAll('.bi-modal__footer button')].filter((button) => !visibleAt(button)).map((button) => button.textContent ?? ''),
      onTop: centre !== null && element.contains(centre),
      bareControls: bare,
      surface: view.getComputedStyle(element).backgroundColor,
    };
  });
}

/** Where keyboard focus is: inside the dialog, on the opener, or elsewhere (described). */
function focusIn(page: Page): Promise<{ inDialog: boolean; label: string }> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    const dialog = document.querySelector('[role="dialog"]');
    return { inDialog: Boolean(active && dialog?.contains(active)), label: `${active?.tagName ?? ''} ${active?.getAttribute('aria-label') ?? active?.textContent?.trim().slice(0, 40) ?? ''}` };
  });
}

const DARK_SURFACE = 'rgb(34, 39, 46)';
const LIGHT_SURFACE = 'rgb(255, 255, 255)';

/**
 * Opens a dialog with `opener`, checks it is a true modal overlay with styled controls and no serious axe
 * violation, that Tab keeps focus inside, and that Escape and a press on the backdrop close it with focus
 * back on the opener.
 */
async function checkModal(page: Page, opener: Locator, name: string | RegExp, theme: Theme, shotName: string, ready?: (dialog: Locator) => Promise<void>): Promise<void> {
  await opener.click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor({ timeout: SLOW });
  if (ready) await ready(dialog);
  const facts = await overlayFacts(dialog);
  expect(facts, `${shotName}: overlay`).toMatchObject({ inPortal: true, insideDashboard: false, backdropCoversViewport: true, dialogInViewport: true, onTop: true, unreachableButtons: [], bareControls: [] });
  expect(facts.surface, `${shotName}: theme surface`).toBe(theme === 'dark' ? DARK_SURFACE : LIGHT_SURFACE);
  expect((await focusIn(page)).inDialog, `${shotName}: focus moves into the dialog`).toBe(true);
  await shot(page, shotName);
  expect(await seriousViolations(page, '.bi-modal'), `${shotName}: axe`).toEqual([]);

  // Tab and Shift+Tab go round the dialog's controls and never leave it.
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    const focus = await focusIn(page);
    expect(focus.inDialog, `${shotName}: Tab #${i + 1} left the dialog for ${focus.label}`).toBe(true);
  }
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Shift+Tab');
    expect((await focusIn(page)).inDialog, `${shotName}: Shift+Tab left the dialog`).toBe(true);
  }

  // Escape closes an open list first (a select opens its options on focus), then the dialog.
  const popupOpen = await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded') === 'true');
  await page.keyboard.press('Escape');
  if (popupOpen) {
    expect(await dialog.isVisible(), `${shotName}: the first Escape closes the open list only`).toBe(true);
    await page.keyboard.press('Escape');
  }
  await dialog.waitFor({ state: 'detached' });
  expect(await opener.evaluate((el) => el === document.activeElement), `${shotName}: focus back on the opener after Escape`).toBe(true);

  await opener.click();
  await dialog.waitFor();
  await page.mouse.click(4, page.viewportSize()!.height - 4);
  await dialog.waitFor({ state: 'detached' });
  expect(await opener.evaluate((el) => el === document.activeElement), `${shotName}: focus back on the opener after a press outside`).toBe(true);
}

async function openSalesDashboard(page: Page): Promise<void> {
  await page.goto(`${server.url}/superset/dashboard/${salesId}/`);
  await page.getByRole('heading', { name: 'Sales Dashboard', level: 1 }).waitFor({ timeout: SLOW });
  await page.locator('.bi-dash-chart [data-chart-status="rendered"]').first().waitFor({ timeout: SLOW });
}

describe('dashboard dialogs', () => {
  for (const viewport of VIEWPORTS) {
    for (const theme of THEMES) {
      it(`Edit properties, + Add / Edit filters and Set up an email report are modal overlays (${viewport.name} px, ${theme})`, async () => {
        await withPage(viewport, async (page, errors) => {
          await openSalesDashboard(page);
          await applyTheme(page, theme);
          const header = page.locator('.bi-dash-header-bar');
          await checkModal(page, header.getByRole('button', { name: 'Edit properties' }), 'Dashboard properties', theme, `dashboard-properties-${viewport.name}-${theme}`);
          await checkModal(page, page.getByRole('button', { name: '+ Add / Edit filters' }), 'Add and edit filters', theme, `dashboard-filters-${viewport.name}-${theme}`);
          await checkModal(page, header.getByRole('button', { name: 'Set up an email report' }), 'Schedule a new email report', theme, `dashboard-report-${viewport.name}-${theme}`);
          expect(errors).toEqual([]);
        });
      });
    }
  }

  it('configures and saves a native filter through + Add / Edit filters, its Save never covered by the grid', async () => {
    await withPage(VIEWPORTS[0], async (page, errors) => {
      await openSalesDashboard(page);
      await page.getByRole('button', { name: '+ Add / Edit filters' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add and edit filters' });
      await dialog.getByRole('button', { name: '+ Add filter' }).click();
      await dialog.getByRole('textbox', { name: 'Filter name' }).fill('Deal size');
      for (const [combobox, option] of [
        ['Dataset', 'cleaned_sales_data'],
        ['Column', 'deal_size'],
      ]) {
        const input = dialog.getByRole('combobox', { name: combobox, exact: true });
        await input.click();
        await input.fill(option);
        await dialog.getByRole('option', { name: option, exact: true }).click();
      }
      await dialog.getByRole('textbox', { name: 'Filter name' }).click();
      const facts = await overlayFacts(dialog);
      expect(facts.unreachableButtons).toEqual([]);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.waitFor({ state: 'detached', timeout: SLOW });
      await page.locator('.bi-dash-filter-bar').getByText('Deal size', { exact: true }).waitFor();
      const saved = await api<{ result: { json_metadata: string } }>('GET', `/api/v1/dashboard/${salesId}`);
      const config = (JSON.parse(saved.result.json_metadata) as { native_filter_configuration: { name: string; targets: { column?: { name: string } }[] }[] }).native_filter_configuration;
      expect(config.find((f) => f.name === 'Deal size')?.targets[0].column?.name).toBe('deal_size');
      expect(errors).toEqual([]);
    });
  });
});

describe("chart '⋯' menu", () => {
  /** The first two charts that have drawn, with their titles and menu buttons. */
  async function twoCharts(page: Page) {
    const holders = page.locator('.bi-dash-chart[data-chart-id]', { has: page.locator('[data-chart-status="rendered"]') });
    await holders.nth(1).waitFor({ timeout: SLOW });
    const charts = [];
    for (const holder of [holders.nth(0), holders.nth(1)]) {
      const title = ((await holder.locator('.bi-dash-chart__title').textContent()) ?? '').trim();
      charts.push({ holder, title, button: holder.getByRole('button', { name: `More options for ${title}` }) });
    }
    return charts;
  }

  for (const theme of THEMES) {
    it(`opens one at a time, closes on Escape and outside, works from the keyboard and downloads its own chart (${theme})`, async () => {
      await withPage(VIEWPORTS[0], async (page, errors) => {
        await openSalesDashboard(page);
        await applyTheme(page, theme);
        const [a, b] = await twoCharts(page);
        const menus = page.getByRole('menu');

        // Pointer: opens, is fully on screen and not clipped by the card, closes on Escape with focus back.
        await a.button.click();
        await menus.first().waitFor();
        expect(await a.button.getAttribute('aria-expanded')).toBe('true');
        const items = menus.getByRole('menuitem');
        expect(await items.allTextContents()).toContain('Download as image');
        for (const item of await items.all()) {
          expect(await item.evaluate((el) => {
            const r = el.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return r.width > 0 && r.bottom <= innerHeight && (hit === el || el.contains(hit));
          }), `${await item.textContent()} is visible and not covered`).toBe(true);
        }
        await shot(page, `chart-menu-1440-${theme}`);
        expect(await seriousViolations(page, '.bi-menu')).toEqual([]);
        await page.keyboard.press('Escape');
        await menus.first().waitFor({ state: 'detached' });
        expect(await a.button.evaluate((el) => el === document.activeElement)).toBe(true);

        // A press outside closes it.
        await a.button.click();
        await menus.first().waitFor();
        await page.locator('.bi-dash-header-bar h1').click();
        await menus.first().waitFor({ state: 'detached' });

        // Opening another chart's menu closes the first: one menu at a time.
        await a.button.click();
        await menus.first().waitFor();
        await b.button.click();
        await expect.poll(() => menus.count()).toBe(1);
        expect(await menus.getAttribute('aria-label')).toBe(`Options for ${b.title}`);
        expect(await a.button.getAttribute('aria-expanded')).toBe('false');

        // ...and 'Download as image' saves that chart, not the other.
        const [download] = await Promise.all([page.waitForEvent('download', { timeout: SLOW }), menus.getByRole('menuitem', { name: 'Download as image' }).click()]);
        const stem = b.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
        expect(download.suggestedFilename()).toMatch(new RegExp(`^${stem}-\\d{4}-\\d{2}-\\d{2}\\.png$`));
        await expect.poll(() => menus.count()).toBe(0);

        // Keyboard: ArrowDown opens on the first item, arrows/Home/End move, Escape closes back on the button.
        await a.button.focus();
        await page.keyboard.press('ArrowDown');
        await menus.first().waitFor();
        const focused = () => page.evaluate(() => (document.activeElement?.getAttribute('role') === 'menuitem' ? document.activeElement.textContent : null));
        expect(await focused()).toBe('Force refresh');
        await page.keyboard.press('ArrowDown');
        expect(await focused()).toMatch(/fullscreen/);
        await page.keyboard.press('End');
        const last = (await items.allTextContents()).at(-1);
        expect(await focused()).toBe(last);
        await page.keyboard.press('ArrowDown');
        expect(await focused()).toBe('Force refresh');
        await page.keyboard.press('ArrowUp');
        expect(await focused()).toBe(last);
        await page.keyboard.press('Home');
        expect(await focused()).toBe('Force refresh');
        await page.keyboard.press('Escape');
        await menus.first().waitFor({ state: 'detached' });
        expect(await a.button.evaluate((el) => el === document.activeElement)).toBe(true);
        // Enter on the button opens it too, and choosing 'View as table' with Enter opens a dialog that
        // gives focus back to the button when it closes.
        await page.keyboard.press('Enter');
        await menus.first().waitFor();
        await page.keyboard.press('v');
        expect(await focused()).toBe('View query');
        await page.keyboard.press('v');
        expect(await focused()).toBe('View as table');
        await page.keyboard.press('Enter');
        const table = page.getByRole('dialog', { name: `Data: ${a.title}` });
        await table.waitFor({ timeout: SLOW });
        expect(await seriousViolations(page, '.bi-modal')).toEqual([]);
        await page.keyboard.press('Escape');
        await table.waitFor({ state: 'detached' });
        expect(await a.button.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(errors).toEqual([]);
      });
    });
  }
});

describe('dataset editor', () => {
  for (const viewport of [...VIEWPORTS, { name: '800x600', width: 800, height: 600 } as const]) {
    for (const theme of THEMES) {
      it(`keeps Cancel and Save on screen while its body scrolls (${viewport.name}, ${theme})`, async () => {
        await withPage(viewport as Viewport, async (page, errors) => {
          await page.goto(`${server.url}/tablemodelview/list/`);
          const search = page.getByRole('searchbox', { name: 'Search' });
          await search.fill('cleaned_sales_data');
          await search.press('Enter');
          const edit = page.getByRole('button', { name: 'Edit cleaned_sales_data' });
          await edit.waitFor({ timeout: SLOW });
          await applyTheme(page, theme);
          await edit.click();
          const dialog = page.getByRole('dialog', { name: /^Edit Dataset/ });
          await dialog.getByRole('tab', { name: 'Columns', exact: true }).waitFor({ timeout: SLOW });
          let facts = await overlayFacts(dialog);
          expect(facts).toMatchObject({ inPortal: true, dialogInViewport: true, onTop: true, unreachableButtons: [] });
          expect(facts.surface).toBe(theme === 'dark' ? DARK_SURFACE : LIGHT_SURFACE);
          await shot(page, `dataset-editor-${viewport.name}-${theme}`);
          expect(await seriousViolations(page, '.bi-modal')).toEqual([]);

          // The long Columns tab: the body is the one scroller, the footer stays where it was.
          await dialog.getByRole('tab', { name: 'Columns', exact: true }).click();
          const body = dialog.locator('.bi-modal__body');
          const sizes = await body.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
          expect(sizes.scroll).toBeGreaterThan(sizes.client);
          await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
          facts = await overlayFacts(dialog);
          expect(facts.unreachableButtons).toEqual([]);
          expect(facts.dialogInViewport).toBe(true);
          await shot(page, `dataset-editor-columns-${viewport.name}-${theme}`);
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          await dialog.waitFor({ state: 'detached' });
          expect(await edit.evaluate((el) => el === document.activeElement)).toBe(true);
          expect(errors).toEqual([]);
        });
      });
    }
  }
});

describe("Explore's Save chart dialog", () => {
  for (const viewport of VIEWPORTS) {
    for (const theme of THEMES) {
      it(`does not cover its button nor its own buttons, and saves and goes to the dashboard (${viewport.name} px, ${theme})`, async () => {
        const charts = await api<{ result: { id: number; slice_name: string }[] }>('GET', `/api/v1/chart/?q=(filters:!((col:slice_name,opr:eq,value:'Yearly births per state')))`);
        const chart = charts.result[0];
        await withPage(viewport, async (page, errors) => {
          await page.goto(`${server.url}/explore/?slice_id=${chart.id}`);
          await page.locator('[data-chart-status="rendered"]').waitFor({ timeout: SLOW });
          await applyTheme(page, theme);
          const opener = page.locator('.bi-explore__header').getByRole('button', { name: 'Save', exact: true });
          await opener.click();
          const dialog = page.getByRole('dialog', { name: 'Save chart' });
          await dialog.waitFor();
          const facts = await overlayFacts(dialog);
          expect(facts).toMatchObject({ inPortal: true, dialogInViewport: true, onTop: true, unreachableButtons: [], bareControls: [] });
          expect(facts.surface).toBe(theme === 'dark' ? DARK_SURFACE : LIGHT_SURFACE);
          const [button, box] = [(await opener.boundingBox())!, (await dialog.boundingBox())!];
          const overlaps = button.x < box.x + box.width && box.x < button.x + button.width && button.y < box.y + box.height && box.y < button.y + button.height;
          expect(overlaps, 'the dialog covers the Save button that opened it').toBe(false);
          // The chart's own dashboard is chosen already.
          await expect.poll(() => dialog.getByRole('button', { name: 'Save & go to dashboard' }).isEnabled()).toBe(true);

          // The dashboards' options open inside the dialog: its buttons stay visible and clickable.
          await dialog.getByRole('radio', { name: /Save as/ }).check();
          await dialog.getByRole('textbox', { name: /Chart name/ }).fill(`Births e2e ${viewport.name} ${theme}`);
          const dashboards = dialog.getByRole('combobox', { name: 'Add to dashboard' });
          await dashboards.click();
          await dashboards.fill('Sales Dash');
          await dialog.getByRole('option', { name: 'Sales Dashboard', exact: true }).waitFor();
          expect((await overlayFacts(dialog)).unreachableButtons).toEqual([]);
          await shot(page, `explore-save-${viewport.name}-${theme}`);
          expect(await seriousViolations(page, '.bi-modal')).toEqual([]);
          await dialog.getByRole('option', { name: 'Sales Dashboard', exact: true }).click();
          expect((await overlayFacts(dialog)).unreachableButtons).toEqual([]);

          await dialog.getByRole('button', { name: 'Save & go to dashboard' }).click();
          await page.waitForURL((url) => url.pathname === `/superset/dashboard/${salesId}/`, { timeout: SLOW });
          await page.getByRole('heading', { name: 'Sales Dashboard', level: 1 }).waitFor({ timeout: SLOW });
          const saved = await api<{ result: { id: number; dashboards: { id: number }[] }[] }>(
            'GET',
            `/api/v1/chart/?q=(filters:!((col:slice_name,opr:eq,value:'Births e2e ${viewport.name} ${theme}')))`,
          );
          expect(saved.result).toHaveLength(1);
          expect(errors).toEqual([]);
        });
      });
    }
  }
});
