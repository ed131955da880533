/**
 * Dashboard edit mode in real Chromium (issue 16, "Dashboard editing"): a drop indicator while dragging,
 * markdown edited on double-click or its Edit button and left with Escape or a click outside, edit controls
 * never drawn over the markdown editor, and adding a chart never recolours the charts already there.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type AdminApi } from './support/admin-api';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { withSignedInPage } from './support/signed-in-page';

let server: LumenServer;
let browser: Browser;
let api: AdminApi;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
  api = await adminApi(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** CI runs on 2 cores: every wait on the browser is generous. */
const SLOW = 60_000;

async function idOf(resource: 'dashboard' | 'chart', column: string, name: string): Promise<number> {
  const q = `(filters:!((col:${column},opr:eq,value:'${name}')),columns:!(id,${column}))`;
  const { result } = await api<{ result: ({ id: number } & Record<string, unknown>)[] }>('GET', `/api/v1/${resource}/?q=${encodeURIComponent(q)}`);
  const found = result.find((r) => r[column] === name);
  if (!found) throw new Error(`No ${resource} '${name}'`);
  return found.id;
}

/** Opens a dashboard and switches it to edit mode; resolves with the builder pane. */
async function openInEditMode(page: Page, dashboardId: number): Promise<Locator> {
  await page.goto(`${server.url}/superset/dashboard/${dashboardId}/`);
  await page.getByRole('button', { name: 'Edit dashboard' }).click({ timeout: SLOW });
  const pane = page.getByRole('complementary', { name: 'Dashboard components' });
  await pane.waitFor({ timeout: SLOW });
  return pane;
}

describe('dashboard editing', () => {
  it('shows a drop indicator in the gap where a dragged component will land, and drops it there', async () => {
    await withSignedInPage(browser, server, async (page) => {
      const pane = await openInEditMode(page, await idOf('dashboard', 'dashboard_title', 'Sales Dashboard'));
      await pane.getByRole('tab', { name: 'Layout elements' }).click();
      const grid = page.locator('.bi-dash-main [role="tabpanel"] > .bi-dash-grid').first();
      const rows = grid.locator(':scope > [data-layout-id]');
      await expect.poll(() => rows.count(), { timeout: SLOW }).toBeGreaterThan(1);
      const first = (await rows.nth(0).boundingBox())!;
      const second = (await rows.nth(1).boundingBox())!;
      const gapY = (first.y + first.height + second.y) / 2;

      await pane.locator('li[data-new-type="MARKDOWN"]').hover();
      await page.mouse.down();
      await page.mouse.move(first.x + 40, gapY - 2, { steps: 4 });
      await page.mouse.move(first.x + 60, gapY, { steps: 2 });
      const indicator = page.locator('.bi-dash-drop-indicator');
      await indicator.waitFor({ timeout: SLOW });
      expect(await indicator.count()).toBe(1); // only the innermost container shows where the drop goes
      expect(await indicator.getAttribute('data-drop-index')).toBe('1');
      const line = (await indicator.boundingBox())!;
      // A horizontal line across the grid, between the first and the second row.
      expect(line.height).toBeLessThanOrEqual(6);
      expect(line.width).toBeGreaterThan(first.width * 0.9);
      expect(line.y).toBeGreaterThanOrEqual(first.y + first.height - 1);
      expect(line.y + line.height).toBeLessThanOrEqual(second.y + 1);
      await page.screenshot({ path: '/tmp/dashboard-editing-indicator.png' });

      await page.mouse.up();
      await indicator.waitFor({ state: 'detached' });
      await expect.poll(() => rows.nth(1).textContent(), { timeout: SLOW }).toContain('Click here to edit');
    });
  });

  it('edits markdown on double-click or the Edit button, leaves with Escape or a click outside, keeps controls off the editor', async () => {
    await withSignedInPage(browser, server, async (page) => {
      await openInEditMode(page, await idOf('dashboard', 'dashboard_title', 'Sales Dashboard'));
      const markdown = page.locator('.bi-dash-main .bi-dash-markdown', { hasText: 'Vehicle Sales' });
      const editor = page.getByRole('textbox', { name: 'Markdown source' });

      // A single click (e.g. to start a drag) does not open the editor; a double-click does.
      await markdown.locator('.bi-dash-markdown__body').click();
      expect(await editor.count()).toBe(0);
      await markdown.locator('.bi-dash-markdown__body').dblclick();
      await editor.waitFor();
      await expect.poll(() => editor.evaluate((el) => el === document.activeElement || el === (el.getRootNode() as ShadowRoot).activeElement)).toBe(true);

      // Nothing is drawn over the editor: each corner of the text area is the text area itself.
      const covered = await editor.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const corners = [
          [box.left + 6, box.top + 6],
          [box.right - 24, box.top + 6],
          [box.left + 6, box.bottom - 24],
          [box.right - 24, box.bottom - 24],
        ];
        const root = el.getRootNode() as Document | ShadowRoot;
        return corners.filter(([x, y]) => root.elementFromPoint(x, y) !== el).map(([x, y]) => `${Math.round(x)},${Math.round(y)}: ${root.elementFromPoint(x, y)?.className}`);
      });
      expect(covered).toEqual([]);
      // Nor over its toolbar, and no component's controls sit on another's (a row's on its last chart's).
      const overlaps = await page.locator('.bi-dash-main .bi-dash-edit-controls, .bi-dash-markdown__toolbar button').evaluateAll((els) => {
        const boxes = els.map((el) => ({ el, box: el.getBoundingClientRect() })).filter(({ box }) => box.width > 0);
        const hit = (a: DOMRect, b: DOMRect) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
        return boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => hit(a.box, b.box)).map((b) => `${a.el.parentElement!.className} / ${b.el.parentElement!.className}`));
      });
      expect(overlaps).toEqual([]);
      const builder = (await page.locator('.bi-dash-builder').boundingBox())!;
      const editorBox = (await editor.boundingBox())!;
      expect(editorBox.x + editorBox.width <= builder.x || builder.x + builder.width <= editorBox.x).toBe(true);
      await page.screenshot({ path: '/tmp/dashboard-editing-markdown.png' });

      // Escape leaves the editor and keeps the text; focus returns to the Edit button.
      await editor.fill('## Edited by Escape');
      await page.keyboard.press('Escape');
      await editor.waitFor({ state: 'detached' });
      await page.locator('.bi-dash-markdown h2', { hasText: 'Edited by Escape' }).waitFor();
      const edit = page.getByRole('button', { name: 'Edit markdown' }).first();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? (document.activeElement?.shadowRoot?.activeElement as Element | null)?.getAttribute('aria-label'))).toBe('Edit markdown');

      // The Edit button (keyboard: Enter) opens it again; a click outside leaves it, keeping the text.
      await page.keyboard.press('Enter');
      await editor.waitFor();
      await editor.fill('### Edited then clicked outside');
      await page.getByRole('heading', { name: 'Sales Dashboard', level: 1 }).click();
      await editor.waitFor({ state: 'detached' });
      await page.locator('.bi-dash-markdown h3', { hasText: 'Edited then clicked outside' }).waitFor();
      expect(await edit.isVisible()).toBe(true);
    });
  });

  it('adding a chart from the builder pane never recolours the series of the charts already shown', async () => {
    const platforms = await idOf('chart', 'slice_name', 'Most Dominant Platforms');
    await idOf('chart', 'slice_name', 'Pie');
    // One chart in the grid; shared_label_colors lists the labels of the chart to be added (as the
    // incumbent saves them for labels shown by several charts), not the ones of the chart already there.
    const position = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
      GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-a'], parents: ['ROOT_ID'] },
      'ROW-a': { type: 'ROW', id: 'ROW-a', children: ['CHART-a'], parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } },
      'CHART-a': { type: 'CHART', id: 'CHART-a', children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-a'], meta: { chartId: platforms, width: 6, height: 50 } },
    };
    const metadata = {
      color_scheme: 'supersetColors',
      label_colors: {},
      map_label_colors: {},
      shared_label_colors: ['Classic Cars', 'Vintage Cars', 'Motorcycles', 'Trucks and Buses', 'Planes', 'Ships', 'Trains'],
    };
    const { id } = await api<{ id: number }>('POST', '/api/v1/dashboard/', {
      dashboard_title: 'Colour stability',
      position_json: JSON.stringify(position),
      json_metadata: JSON.stringify(metadata),
      published: true,
    });

    await withSignedInPage(browser, server, async (page) => {
      const existing = page.locator(`.bi-dash-chart[data-chart-id="${platforms}"]`);
      const pane = await openInEditMode(page, id);
      const sliceColours = () =>
        existing.locator('.bi-chart svg path').evaluateAll((paths) =>
          Object.fromEntries(paths.filter((p) => p.querySelector('title')).map((p) => [p.querySelector('title')!.textContent!.split(':')[0], p.getAttribute('fill')])),
        );
      await expect.poll(async () => Object.keys(await sliceColours()).length, { timeout: SLOW }).toBeGreaterThan(2);
      const before = await sliceColours();

      await pane.getByRole('textbox', { name: 'Filter your charts' }).fill('Pie');
      const item = pane.locator('li', { has: page.locator('strong', { hasText: /^Pie$/ }) });
      await item.waitFor({ timeout: SLOW });
      await item.dragTo(page.locator('.bi-dash-main .bi-dash-grid').first(), { targetPosition: { x: 20, y: 6 } });
      const added = page.locator(`.bi-dash-chart[data-chart-id]:not([data-chart-id="${platforms}"])`);
      await expect.poll(() => page.locator('.bi-dash-chart[data-chart-id]').count(), { timeout: SLOW }).toBe(2);
      await expect.poll(() => added.last().locator('svg path title').count(), { timeout: SLOW }).toBeGreaterThan(2);

      // The existing chart draws again (a resize redraws every chart with a fresh colour scale).
      // The chart's own drawing: the card's controls are SVG icons too.
      await existing.locator('.bi-chart svg').first().evaluate((el) => el.setAttribute('data-drawn-before', ''));
      await page.setViewportSize({ width: 1200, height: 1000 });
      await expect.poll(() => existing.locator('.bi-chart svg[data-drawn-before]').count(), { timeout: SLOW }).toBe(0);
      await expect.poll(async () => Object.keys(await sliceColours()).length, { timeout: SLOW }).toBe(Object.keys(before).length);
      expect(await sliceColours()).toEqual(before);
    });
  });
});
