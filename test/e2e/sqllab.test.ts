import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOption } from './support/choose-option';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';

let server: LumenServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});


const editor = (page: Page) => page.locator('.bi-sql-editor .cm-content');

/** Replaces the editor's text by typing (CodeMirror sees real key events). */
async function typeSql(page: Page, sql: string, { keepCompletion = false } = {}): Promise<void> {
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(sql);
  // Close the completion list, which would otherwise take the next Enter.
  if (!keepCompletion) await page.keyboard.press('Escape');
}

const resultsState = (page: Page) => page.locator('.bi-results[data-query-state]').first().getAttribute('data-query-state');

describe('SQL Lab in Chromium', () => {
  it('autocompletes, runs, stops, saves, reopens a saved query and opens a permalink', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      await signIn(page, server);
      await page.goto(`${server.url}/sqllab/`);
      await page.locator('.bi-sql-editor[data-ready="true"]').waitFor({ timeout: 30_000 });
      await chooseOption(page, 'Database', 'examples');
      await expect.poll(() => page.getByRole('combobox', { name: 'Schema', exact: true }).getAttribute('data-value').catch(() => null), { timeout: 15_000 }).not.toBeNull();

      // Autocomplete of a table name from the selected schema.
      await typeSql(page, 'SELECT * FROM bi', { keepCompletion: true });
      const option = page.locator('.cm-tooltip-autocomplete li', { hasText: 'birth_names' }).first();
      await option.waitFor({ timeout: 15_000 });
      await option.click();
      await expect.poll(() => editor(page).textContent()).toContain('SELECT * FROM birth_names');

      // Run: Ctrl-Enter, results in the grid.
      await page.keyboard.press('ControlOrMeta+Enter');
      await page.locator('.bi-results[data-query-state="success"]').waitFor({ timeout: 60_000 });
      expect(await page.locator('.bi-grid [role="gridcell"]').count()).toBeGreaterThan(0);
      const rowsInDom = await page.locator('.bi-grid .bi-grid__row').count();
      expect(rowsInDom).toBeLessThan(100);

      // A long query, stopped.
      await typeSql(page, 'SELECT count(*) FROM range(1000000000) a, range(10) b');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await page.getByRole('button', { name: 'Stop', exact: true }).waitFor({ timeout: 15_000 });
      await page.waitForTimeout(500);
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
      await page.locator('.bi-toast__text', { hasText: 'Query was stopped.' }).waitFor({ timeout: 15_000 });
      await expect.poll(() => resultsState(page), { timeout: 15_000 }).toBe('stopped');

      // Save it, then reopen from the saved query list.
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Save query' });
      await dialog.getByLabel('Name').fill('E2E long count');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await page.locator('.bi-toast__text', { hasText: 'Your query was saved' }).waitFor();
      const list = await page.request.get(`${server.url}/api/v1/saved_query/?q=(filters:!((col:label,opr:eq,value:'E2E long count')))`);
      expect(list.status()).toBe(200);
      const saved = ((await list.json()) as { result: { id: number; sql: string }[] }).result[0]!;
      expect(saved.sql).toContain('range(1000000000)');

      await page.goto(`${server.url}/sqllab/?savedQueryId=${saved.id}`);
      await page.locator('.bi-sql-editor[data-ready="true"]').waitFor({ timeout: 30_000 });
      await expect.poll(() => editor(page).textContent()).toContain('range(1000000000)');
      expect(await page.getByRole('tab', { selected: true }).first().textContent()).toContain('E2E long count');

      // Share a permalink and open it.
      await typeSql(page, 'SELECT 42 AS answer');
      await page.getByRole('button', { name: 'Copy link' }).click();
      await page.locator('.bi-toast__text', { hasText: 'Copied to clipboard!' }).waitFor();
      const link = await page.evaluate(() => navigator.clipboard.readText());
      expect(link).toMatch(/\/sqllab\/p\/[^/]+$/);
      await page.goto(link);
      await page.locator('.bi-sql-editor[data-ready="true"]').waitFor({ timeout: 30_000 });
      await expect.poll(() => editor(page).textContent()).toContain('SELECT 42 AS answer');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
