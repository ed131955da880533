/**
 * Theming and accessibility of the embedded elements in real Chromium: axe-core's WCAG 2 A/AA rules
 * (colour contrast and ARIA included) on an embedded dashboard with every viz type (the Lumen Showcase,
 * tab by tab), an embedded chart and SQL Lab, in the light and the dark theme, with zero violations. axe
 * walks open shadow roots, so it checks what is drawn inside the elements.
 *
 * The host page sets the inherited properties a host stylesheet typically sets on body (letter-spacing, font,
 * line-height, text-transform, colour): none of them may reach the elements' shadow trees. A host-provided
 * theme token (setThemeConfig) must change the rendered colours.
 *
 * Dashboard and chart use guest tokens from a host on another origin (as embedding.test.ts); SQL Lab uses the
 * signed-in session on Lumen's origin (as sqllab-element.test.ts). CI runs on 2 cores: every wait is on a
 * condition, with generous timeouts.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartsRendered } from './support/charts-rendered';
import { findId, registerEmbedding } from './support/embed-fixtures';
import { startEmbeddingStage, type EmbeddingStage } from './support/embedding-stage';
import { REPO_ROOT } from './support/repo-root';
import { withSignedInPage } from './support/signed-in-page';

const RENDER_TIMEOUT = 90_000;
const TEST_TIMEOUT = 300_000;
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/** Where screenshots go when LUMEN_E2E_SCREENSHOTS names a directory (for looking at the result by eye). */
const SCREENSHOTS = process.env.LUMEN_E2E_SCREENSHOTS;

/** Host styles that must not leak into the shadow roots. */
const HOSTILE_HOST_CSS = `body { letter-spacing: 3px; font: italic 22px/3 "Courier New", monospace; text-transform: uppercase;
  color: #ff00ff; word-spacing: 12px; text-align: center; }`;

let stage: EmbeddingStage;
let browser: Browser;
let axeSource: string;
let showcaseUuid: string;
let tableChartId: number;

beforeAll(async () => {
  stage = await startEmbeddingStage();
  browser = stage.browser;
  axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const showcaseId = await findId(stage.lumen, 'dashboard', 'dashboard_title', 'Lumen Showcase');
  showcaseUuid = await registerEmbedding(stage.lumen, showcaseId, [stage.host.origin]);
  tableChartId = await findId(stage.lumen, 'chart', 'slice_name', 'Top names');
}, 240_000);

afterAll(async () => {
  await stage?.stop();
});

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core (WCAG 2 A and AA) on the element, its shadow root included (the host page is the host's
 * business); returns readable violations.
 */
async function axeViolations(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document.querySelector(selector), { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] });
    return result.violations;
  }, selector);
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.help}): ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`.slice(0, 400)));
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/** Opens the host page (hostile body styles) with the lite element bundle loaded. */
async function openHost(viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${stage.host.origin}/`);
  await page.addStyleTag({ content: HOSTILE_HOST_CSS });
  await page.addScriptTag({ type: 'module', url: '/elements/bi-elements.lite.js' });
  await page.waitForFunction(() => Boolean(customElements.get('bi-dashboard')));
  return page;
}

/** Adds an element with those attributes and a guest token for the given dashboard. */
async function addElement(page: Page, tag: 'bi-dashboard' | 'bi-chart', attributes: Record<string, string>, dashboard: string): Promise<Locator> {
  const token = await stage.host.mint({ resources: [{ type: 'dashboard', id: dashboard }], rls: [] });
  await page.evaluate(
    ({ tag, attributes, token }) => {
      document.querySelector('#mount')?.remove();
      const element = document.createElement(tag);
      element.id = 'mount';
      // A dashboard takes its content's height, so that every chart of a tab is in the (tall) viewport and draws.
      element.style.cssText = `display: block; ${tag === 'bi-chart' ? 'height: 420px' : ''}`;
      for (const [name, value] of Object.entries({ ...attributes, 'guest-token': token })) element.setAttribute(name, value);
      document.body.append(element);
    },
    { tag, attributes: { 'api-url': stage.server.url, ...attributes }, token },
  );
  return page.locator('#mount');
}

/**
 * Scrolls each chart of the shown tab into view (charts out of view stay idle: dashboards load them lazily)
 * and waits until it has drawn or failed, so that axe sees every chart drawn.
 */
async function settleEveryChart(dashboard: Locator): Promise<void> {
  for (const chart of await dashboard.locator('.bi-dash-chart').all()) {
    if (!(await chart.isVisible())) continue;
    await chart.scrollIntoViewIfNeeded();
    await chart.locator('[data-chart-status="rendered"], [data-chart-status="failed"]').first().waitFor({ state: 'attached', timeout: RENDER_TIMEOUT });
  }
  await dashboard.evaluate((el) => el.scrollIntoView({ block: 'start' }));
}

/** Series marks (bars, bubbles, funnel steps, pie slices) and legend swatches: what a reader must tell apart. */
const SERIES_MARKS = '.bi-bar, .bi-bubble, .bi-funnel-step, .bi-legend i, svg[aria-label^="Pie chart"] path, svg[aria-label^="Donut chart"] path';

/**
 * How many series marks of the shown charts were checked, and those that do not stand out at 3:1 (WCAG 1.4.11, graphical objects) against
 * the chart's surface, as 'colour on surface (ratio)'.
 */
async function faintSeriesMarks(dashboard: Locator): Promise<{ checked: number; faint: string[] }> {
  return dashboard.evaluate((host, selector) => {
    const luminance = (rgb: string) => {
      const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
        const s = Number(v) / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const root = host.shadowRoot ?? host;
    const faint: string[] = [];
    let checked = 0;
    for (const chart of root.querySelectorAll<HTMLElement>('.bi-chart')) {
      if (chart.offsetParent === null) continue;
      // The surface is the nearest painted background up the tree (chart roots themselves are transparent).
      let surface = 'rgb(255, 255, 255)';
      for (let node: Element | null = chart; node; node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host ?? null)) {
        const background = getComputedStyle(node).backgroundColor;
        if (!/^rgba\(.*, 0\)$|^transparent$/.test(background)) {
          surface = background;
          break;
        }
      }
      for (const mark of chart.querySelectorAll<HTMLElement | SVGElement>(selector)) {
        const style = getComputedStyle(mark);
        const colour = mark instanceof HTMLElement ? style.backgroundColor : style.fill;
        const [a, b] = [luminance(colour), luminance(surface)];
        const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        checked += 1;
        if (ratio < 3) faint.push(`${colour} on ${surface} (${ratio.toFixed(2)})`);
      }
    }
    return { checked, faint };
  }, SERIES_MARKS);
}

const themeAttributes = (theme: Theme): Record<string, string> => (theme === 'dark' ? { theme: 'dark' } : {});

describe.each(THEMES)('Embedded elements in the %s theme', (theme) => {
  it('an embedded dashboard with every viz type has no WCAG A/AA violation on any tab', async () => {
    const page = await openHost();
    try {
      const dashboard = await addElement(page, 'bi-dashboard', { 'dashboard-id': showcaseUuid, ...themeAttributes(theme) }, showcaseUuid);
      await chartsRendered(dashboard, RENDER_TIMEOUT);
      const tabs = dashboard.getByRole('tab');
      const tabCount = await tabs.count();
      expect(tabCount).toBeGreaterThanOrEqual(2);
      const violations: string[] = [];
      const faint: string[] = [];
      let checkedMarks = 0;
      for (let i = 0; i < tabCount; i += 1) {
        await tabs.nth(i).click();
        await expect.poll(() => tabs.nth(i).getAttribute('aria-selected')).toBe('true');
        await chartsRendered(dashboard, RENDER_TIMEOUT);
        await settleEveryChart(dashboard);
        await screenshot(page, `dashboard-${theme}-tab${i}`);
        violations.push(...(await axeViolations(page, '#mount')).map((v) => `tab ${i}: ${v}`));
        if (theme === 'dark') {
          const marks = await faintSeriesMarks(dashboard);
          checkedMarks += marks.checked;
          faint.push(...marks.faint.map((mark) => `tab ${i}: ${mark}`));
        }
      }
      expect(violations).toEqual([]);
      expect(faint).toEqual([]);
      if (theme === 'dark') expect(checkedMarks).toBeGreaterThan(20);
    } finally {
      await page.context().close();
    }
  }, TEST_TIMEOUT);

  it('an embedded chart has no WCAG A/AA violation', async () => {
    const page = await openHost();
    try {
      const chart = await addElement(page, 'bi-chart', { 'chart-id': String(tableChartId), ...themeAttributes(theme) }, showcaseUuid);
      await chart.locator('[data-chart-status="rendered"]').waitFor({ state: 'attached', timeout: RENDER_TIMEOUT });
      await screenshot(page, `chart-${theme}`);
      expect(await axeViolations(page, '#mount')).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, TEST_TIMEOUT);
});

describe('Host styles, theme modes and host tokens', () => {
  it('keeps the host page’s inherited text styles out of the shadow root', async () => {
    const page = await openHost();
    try {
      const dashboard = await addElement(page, 'bi-dashboard', { 'dashboard-id': showcaseUuid }, showcaseUuid);
      await chartsRendered(dashboard, RENDER_TIMEOUT);
      const title = dashboard.locator('h1, .bi-dash-header__title').first();
      const style = await title.evaluate((el) => {
        const s = getComputedStyle(el);
        return { letterSpacing: s.letterSpacing, textTransform: s.textTransform, fontStyle: s.fontStyle, fontFamily: s.fontFamily, wordSpacing: s.wordSpacing, textAlign: s.textAlign };
      });
      expect(style).toMatchObject({ letterSpacing: 'normal', textTransform: 'none', fontStyle: 'normal', wordSpacing: '0px' });
      expect(style.fontFamily).not.toContain('Courier');
      expect(style.textAlign).not.toBe('center');
    } finally {
      await page.context().close();
    }
  }, TEST_TIMEOUT);

  it('setThemeMode and theme-mode system switch a drawn chart to the dark theme and back', async () => {
    const page = await openHost();
    try {
      const chart = await addElement(page, 'bi-chart', { 'chart-id': String(tableChartId) }, showcaseUuid);
      const cell = chart.locator('[data-chart-status="rendered"] td').first();
      await cell.waitFor({ timeout: RENDER_TIMEOUT });
      const colour = () => cell.evaluate((el) => getComputedStyle(el).color);
      const light = await colour();
      await chart.evaluate((el) => (el as HTMLElement & { setThemeMode(mode: string): void }).setThemeMode('dark'));
      await expect.poll(colour).toBe('rgb(230, 230, 230)');
      await chart.evaluate((el) => (el as HTMLElement & { setThemeMode(mode: string): void }).setThemeMode('system'));
      await page.emulateMedia({ colorScheme: 'light' });
      await expect.poll(colour).toBe(light);
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(colour).toBe('rgb(230, 230, 230)');
    } finally {
      await page.context().close();
    }
  }, TEST_TIMEOUT);

  it('a token the host sets with setThemeConfig changes the colour of chart text', async () => {
    const page = await openHost();
    try {
      const chart = await addElement(page, 'bi-chart', { 'chart-id': String(tableChartId) }, showcaseUuid);
      const cell = chart.locator('[data-chart-status="rendered"] td').first();
      await cell.waitFor({ timeout: RENDER_TIMEOUT });
      const colour = () => cell.evaluate((el) => getComputedStyle(el).color);
      expect(await colour()).not.toBe('rgb(170, 0, 34)');
      await chart.evaluate((el) => (el as HTMLElement & { setThemeConfig(theme: object): void }).setThemeConfig({ colorText: '#aa0022' }));
      await expect.poll(colour).toBe('rgb(170, 0, 34)');
    } finally {
      await page.context().close();
    }
  }, TEST_TIMEOUT);
});

/** Serves a host page and the lite bundle under /e2e-host/ on Lumen's origin, where the session cookie goes. */
async function serveSqlLabHost(page: Page, theme: Theme): Promise<void> {
  const bundleDir = join(REPO_ROOT, 'packages', 'elements', 'dist', 'bundle');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SQL Lab host</title><style>${HOSTILE_HOST_CSS}</style></head>
<body><bi-sqllab ${theme === 'dark' ? 'theme-mode="dark"' : ''} style="display:block;height:800px"></bi-sqllab>
<script type="module" src="bi-elements.lite.js"></script></body></html>`;
  await page.route(`${stage.server.url}/e2e-host/**`, async (route) => {
    const path = new URL(route.request().url()).pathname.slice('/e2e-host/'.length);
    if (path === '') return route.fulfill({ contentType: 'text/html; charset=utf-8', body: html });
    return route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: await readFile(join(bundleDir, path.replace(/\.\./g, ''))) });
  });
}

describe.each(THEMES)('SQL Lab element in the %s theme', (theme) => {
  it('has no WCAG A/AA violation with a query result shown', async () => {
    await withSignedInPage(browser, stage.server, async (page) => {
      await serveSqlLabHost(page, theme);
      await page.goto(`${stage.server.url}/e2e-host/`);
      await page.locator('bi-sqllab .bi-sql-editor[data-ready="true"]').waitFor({ timeout: 60_000 });
      const database = page.getByRole('combobox', { name: 'Database', exact: true });
      if ((await database.getAttribute('data-value')) === null) {
        await database.click();
        await database.fill('examples');
        await page.getByRole('option', { name: 'examples', exact: true }).first().waitFor();
        await database.press('Enter');
      }
      await page.locator('bi-sqllab .bi-sql-editor .cm-content').click();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('SELECT range AS n, range * 2 AS twice FROM range(5)');
      await page.keyboard.press('Escape');
      await page.keyboard.press('ControlOrMeta+Enter');
      await page.locator('bi-sqllab .bi-results[data-query-state="success"]').waitFor({ timeout: 60_000 });
      await screenshot(page, `sqllab-${theme}`);
      expect(await axeViolations(page, 'bi-sqllab')).toEqual([]);
    });
  }, TEST_TIMEOUT);
});
