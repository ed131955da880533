/**
 * Issue 22, the annotation layer screens in real Chromium against the real server, as a newcomer uses them:
 * Settings → Manage → Annotation Layers from the menu, '+ Annotation Layer' (name, description), the layer in
 * the list, its annotations page, two annotations added through the dialog (short and long description,
 * start and end, JSON metadata) and listed with their times, one edited, an end before its start refused
 * with a message naming the problem and nothing saved, one deleted after the confirmation, and the API
 * answering the same. axe on both pages and their dialogs; screenshots at 1440x900 and 800 px wide, light
 * and dark, in /tmp/annotation-shots/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';

const SHOTS = '/tmp/annotation-shots';
const TEST_TIMEOUT = 240_000;
const LAYER = 'Release events';
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

interface ApiAnnotation {
  id: number;
  short_descr: string;
  long_descr: string | null;
  start_dttm: string;
  end_dttm: string;
  json_metadata: string | null;
}

let server: LumenServer;
let browser: Browser;
/** The layer the first test creates, for the screenshots of the others. */
let layerId = 0;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Runs `body` signed in as admin, in a fresh context of the given theme and width (900 px high). */
async function withPage(theme: Theme, width: number, body: (page: Page, pageErrors: string[]) => Promise<void>): Promise<void> {
  // bypassCSP: the app's CSP allows no inline script, and axe-core is injected as one.
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  await context.addInitScript((mode) => localStorage.setItem('lumen-bi.theme-mode', mode), theme === 'dark' ? 'dark' : 'default');
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  try {
    await signIn(page, server);
    await body(page, pageErrors);
  } catch (error) {
    await page.screenshot({ path: join(SHOTS, `failure-${theme}-${width}.png`) }).catch(() => undefined);
    throw new Error(`${(error as Error).message}\n--- page: ${page.url()}\n--- server output:\n${server.output()}`, { cause: error });
  } finally {
    await context.close();
  }
}

/** axe on the open dialog at rest, the pointer off its buttons. */
const dialogViolations = async (page: Page) => {
  await page.mouse.move(0, 0);
  return seriousViolations(page, '[role="dialog"]');
};
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
const toast = (page: Page, text: string) => page.locator('.bi-toast').filter({ hasText: text }).first().waitFor();
/** The annotation rows as drawn: [label, start, end] each. */
const annotationRows = (page: Page) =>
  page.locator('tbody tr[data-row-id]').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')));
const annotationsOf = async (page: Page, id: number): Promise<{ count: number; result: ApiAnnotation[] }> => {
  const response = await page.request.get(`${server.url}/api/v1/annotation_layer/${id}/annotation/?q=(order_column:start_dttm,order_direction:asc)`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { count: number; result: ApiAnnotation[] };
};

/** The theme the page really drew: the body's background lightness (0 black .. 255 white). */
const backgroundLightness = (page: Page) =>
  page.evaluate(() => {
    // The first painted background from the list up (body and html may be transparent).
    for (let el: Element | null = document.querySelector('.bi-security-list'); el; el = el.parentElement) {
      const colour = getComputedStyle(el).backgroundColor;
      const [r, g, b, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
      if (a > 0 && r !== undefined) return (r + g! + b!) / 3;
    }
    return 255; // nothing painted: the canvas's white
  });

describe('annotation layer screens in Chromium', () => {
  it(
    'creates a layer from Settings → Annotation Layers, adds, edits, refuses and deletes its annotations',
    async () => {
      await withPage('light', 1440, async (page, pageErrors) => {
        await page.goto(`${server.url}/superset/welcome/`);
        await page.getByRole('button', { name: 'Settings' }).click();
        expect(await page.getByRole('group', { name: 'Manage' }).getByRole('menuitem', { name: 'Annotation Layers' }).isVisible()).toBe(true);
        await page.getByRole('menuitem', { name: 'Annotation Layers' }).click();
        await page.waitForURL((url) => url.pathname === '/annotationlayer/list/');
        await page.getByRole('heading', { name: 'Annotation Layers' }).waitFor();

        // An empty name is refused in the dialog, naming the field.
        await page.getByRole('button', { name: '+ Annotation Layer' }).click();
        const layerDialog = page.getByRole('dialog', { name: 'Add annotation layer' });
        await layerDialog.waitFor();
        await layerDialog.getByRole('button', { name: 'Add', exact: true }).click();
        expect(await layerDialog.getByRole('alert').textContent()).toBe('Name is required');
        await layerDialog.getByLabel('Annotation layer name').fill(LAYER);
        // The refusal goes once the name is typed.
        expect(await layerDialog.getByRole('alert').count()).toBe(0);
        await layerDialog.getByLabel('Description').fill('Product releases and freezes');
        await shot(page, 'layer-modal-1440-light');
        expect(await dialogViolations(page)).toEqual([]);
        await layerDialog.getByRole('button', { name: 'Add', exact: true }).click();
        await toast(page, `Saved: ${LAYER}`);
        await layerDialog.waitFor({ state: 'hidden' });

        const link = page.getByRole('link', { name: LAYER, exact: true });
        await link.waitFor();
        const row = page.locator('tbody tr[data-row-id]').filter({ has: link });
        expect(await row.getByRole('cell', { name: 'Product releases and freezes' }).count()).toBe(1);
        expect(await row.getByRole('cell', { name: 'Admin User', exact: true }).count()).toBe(1);
        await shot(page, 'layers-1440-light');
        expect(await seriousViolations(page)).toEqual([]);

        await link.click();
        await page.waitForURL((url) => /^\/annotationlayer\/\d+\/annotation\/$/.test(url.pathname));
        layerId = Number(/\/annotationlayer\/(\d+)\//.exec(new URL(page.url()).pathname)![1]);
        await page.getByRole('heading', { name: `Annotation layer: ${LAYER}` }).waitFor();

        const add = async (values: { short: string; long: string; start: string; end: string; json: string }) => {
          await page.getByRole('button', { name: '+ Annotation' }).click();
          const dialog = page.getByRole('dialog', { name: 'Add annotation' });
          await dialog.getByLabel('Short description').fill(values.short);
          await dialog.getByLabel('Long description').fill(values.long);
          await dialog.getByLabel('Start (UTC)').fill(values.start);
          await dialog.getByLabel('End (UTC)').fill(values.end);
          await dialog.getByLabel('JSON metadata').fill(values.json);
          return dialog;
        };
        const first = await add({ short: 'v1.0 release', long: 'First public release', start: '2024-03-01T09:30', end: '2024-03-01T10:00', json: '{"color": "#1f77b4"}' });
        await shot(page, 'annotation-modal-1440-light');
        expect(await dialogViolations(page)).toEqual([]);
        await first.getByRole('button', { name: 'Add', exact: true }).click();
        await toast(page, 'Saved: v1.0 release');
        await first.waitFor({ state: 'hidden' });
        const second = await add({ short: 'Code freeze', long: 'No merges to main', start: '2024-06-01T00:00', end: '2024-06-30T12:00', json: '{"owner": "release team"}' });
        await second.getByRole('button', { name: 'Add', exact: true }).click();
        await toast(page, 'Saved: Code freeze');
        await second.waitFor({ state: 'hidden' });

        // Newest first (the page's initial sort), each with its start and end.
        await expect.poll(() => annotationRows(page).then((rows) => rows.map((r) => r.slice(0, 3)))).toEqual([
          ['Code freeze', '2024-06-01 00:00:00', '2024-06-30 12:00:00'],
          ['v1.0 release', '2024-03-01 09:30:00', '2024-03-01 10:00:00'],
        ]);

        // Edit: the dialog shows what was saved; a new long description and end are stored.
        await page.getByRole('button', { name: 'Edit v1.0 release' }).click();
        const edit = page.getByRole('dialog', { name: 'Edit annotation: v1.0 release' });
        expect(await edit.getByLabel('Start (UTC)').inputValue()).toBe('2024-03-01T09:30');
        expect(await edit.getByLabel('Long description').inputValue()).toBe('First public release');
        expect(await edit.getByLabel('JSON metadata').inputValue()).toBe('{"color": "#1f77b4"}');
        await edit.getByLabel('Long description').fill('First public release, with the SDK');
        await edit.getByLabel('End (UTC)').fill('2024-03-01T18:00');
        await edit.getByRole('button', { name: 'Save', exact: true }).click();
        await toast(page, 'Saved: v1.0 release');
        await edit.waitFor({ state: 'hidden' });
        await expect.poll(() => annotationRows(page).then((rows) => rows.find((r) => r[0] === 'v1.0 release')?.slice(0, 3))).toEqual(['v1.0 release', '2024-03-01 09:30:00', '2024-03-01 18:00:00']);

        // An end before the start: refused in the dialog with a message naming it, on the End field, and nothing sent.
        /** What is stored, without the humanized 'a second ago' that moves with the clock. */
        const stored = async () => (await annotationsOf(page, layerId)).result.map(({ id, short_descr, long_descr, start_dttm, end_dttm, json_metadata }) => ({ id, short_descr, long_descr, start_dttm, end_dttm, json_metadata }));
        const before = await stored();
        expect(before).toHaveLength(2);
        const posts: string[] = [];
        page.on('request', (request) => {
          if (request.method() !== 'GET' && request.url().includes('/api/v1/annotation_layer/')) posts.push(`${request.method()} ${request.url()}`);
        });
        const backwards = await add({ short: 'Backwards', long: '', start: '2024-09-02T08:00', end: '2024-09-01T08:00', json: '' });
        await backwards.getByRole('button', { name: 'Add', exact: true }).click();
        const alert = backwards.getByRole('alert');
        await alert.waitFor();
        expect(await alert.textContent()).toBe('End date must be after start date');
        const end = backwards.getByLabel('End (UTC)');
        expect(await end.getAttribute('aria-invalid')).toBe('true');
        expect(await end.getAttribute('aria-describedby')).toBe(await alert.getAttribute('id'));
        await shot(page, 'annotation-error-1440-light');
        expect(await dialogViolations(page)).toEqual([]);
        await backwards.getByRole('button', { name: 'Cancel' }).click();
        await backwards.waitFor({ state: 'hidden' });
        expect(posts).toEqual([]);
        expect(await stored()).toEqual(before);

        // Delete one, after the confirmation.
        await page.getByRole('button', { name: 'Delete Code freeze' }).click();
        const confirm = page.getByRole('dialog', { name: 'Please confirm' });
        expect(await confirm.textContent()).toContain('Code freeze');
        await confirm.getByRole('button', { name: 'Delete' }).click();
        await toast(page, 'Deleted: Code freeze');
        await expect.poll(() => annotationRows(page).then((rows) => rows.map((r) => r[0]))).toEqual(['v1.0 release']);
        await shot(page, 'annotations-1440-light');
        expect(await seriousViolations(page)).toEqual([]);

        // The API agrees, from the page's session.
        const after = await annotationsOf(page, layerId);
        expect(after.count).toBe(1);
        expect(after.result).toEqual([
          expect.objectContaining({
            short_descr: 'v1.0 release',
            long_descr: 'First public release, with the SDK',
            start_dttm: expect.stringMatching(/^2024-03-01T09:30:00/),
            end_dttm: expect.stringMatching(/^2024-03-01T18:00:00/),
          }),
        ]);
        // The list leaves the metadata out (as the incumbent's does); the annotation itself has it.
        const one = await page.request.get(`${server.url}/api/v1/annotation_layer/${layerId}/annotation/${after.result[0]!.id}`);
        expect(((await one.json()) as { result: ApiAnnotation }).result.json_metadata).toBe('{"color": "#1f77b4"}');

        // Back to all layers.
        await page.getByRole('link', { name: 'Back to all' }).click();
        await page.waitForURL((url) => url.pathname === '/annotationlayer/list/');
        await page.getByRole('link', { name: LAYER, exact: true }).waitFor();
        expect(pageErrors).toEqual([]);
      });
    },
    TEST_TIMEOUT,
  );

  for (const [theme, width] of [['dark', 1440], ['light', 800], ['dark', 800]] as const) {
    it(
      `draws both pages and the dialog readably at ${width} px, ${theme}, with no serious axe violations`,
      async () => {
        expect(layerId).toBeGreaterThan(0);
        await withPage(theme, width, async (page, pageErrors) => {
          await page.goto(`${server.url}/annotationlayer/list/`);
          await page.getByRole('link', { name: LAYER, exact: true }).waitFor();
          const lightness = await backgroundLightness(page);
          if (theme === 'dark') expect(lightness).toBeLessThan(80);
          else expect(lightness).toBeGreaterThan(200);
          // Nothing wider than the window: the page does not scroll sideways.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await shot(page, `layers-${width}-${theme}`);
          expect(await seriousViolations(page)).toEqual([]);

          await page.getByRole('link', { name: LAYER, exact: true }).click();
          await page.getByRole('heading', { name: `Annotation layer: ${LAYER}` }).waitFor();
          await page.getByRole('cell', { name: 'v1.0 release', exact: true }).waitFor();
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          // The header's buttons keep their labels on one line (they broke as '+ / Annotation' at 800 px).
          for (const name of ['Bulk select', 'Back to all', '+ Annotation']) {
            const box = (await page.getByRole(name === 'Back to all' ? 'link' : 'button', { name, exact: true }).boundingBox())!;
            expect(box.height, name).toBeLessThan(40);
          }
          await shot(page, `annotations-${width}-${theme}`);
          expect(await seriousViolations(page)).toEqual([]);

          await page.getByRole('button', { name: 'Edit v1.0 release' }).click();
          const dialog = page.getByRole('dialog', { name: 'Edit annotation: v1.0 release' });
          await dialog.getByLabel('End (UTC)').fill('2024-02-01T00:00');
          await dialog.getByRole('button', { name: 'Save', exact: true }).click();
          expect(await dialog.getByRole('alert').textContent()).toBe('End date must be after start date');
          await shot(page, `annotation-error-${width}-${theme}`);
          expect(await dialogViolations(page)).toEqual([]);
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          expect(pageErrors).toEqual([]);
        });
      },
      TEST_TIMEOUT,
    );
  }
});
