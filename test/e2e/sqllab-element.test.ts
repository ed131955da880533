/**
 * <bi-sqllab> in real Chromium, from both element bundles (React build, lite build): a host page listens for
 * bi-query-success and bi-query-error, runs queries through the element's UI and gets the row count of a
 * success and the engine's message for a failing SQL.
 *
 * <bi-sqllab> works with the session of a signed-in user, which a browser sends only to Lumen's own origin,
 * so the host page is served on that origin (as a reverse proxy in front of Lumen would): Playwright answers
 * /e2e-host/ with the page and the bundles, every other request goes to the real server.
 *
 * The host can also drive it: database-id and sql open the host's query in a tab of its own, run() runs it,
 * and a new sql replaces the editor's content.
 *
 * CI runs on 2 cores: every wait is on a condition, with generous timeouts.
 */
import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium';
import { REPO_ROOT } from './support/repo-root';
import { bundleReactElementsHost } from './support/react-host-bundle';
import { withSignedInPage } from './support/signed-in-page';
import { startLumenServer, type LumenServer } from './support/lumen-server';

const BUNDLE_DIR = join(REPO_ROOT, 'packages', 'elements', 'dist', 'bundle');
const HOST_PATH = '/e2e-host/';
const HOST_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>SQL Lab host</title></head>
<body><h1>Host with SQL Lab</h1></body></html>`;
const SCRIPTS = { react: 'react-host.js', lite: 'bi-elements.lite.js' } as const;
type Flavor = keyof typeof SCRIPTS;

let server: LumenServer;
let browser: Browser;
let reactHost: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
  reactHost = await bundleReactElementsHost();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface RecordedEvent {
  type: string;
  detail: Record<string, unknown>;
}

/** Serves the host page and the bundles under /e2e-host/ on Lumen's origin. */
async function serveHost(page: Page): Promise<void> {
  await page.route(`${server.url}${HOST_PATH}**`, async (route) => {
    const path = new URL(route.request().url()).pathname.slice(HOST_PATH.length);
    if (path === '') return route.fulfill({ contentType: 'text/html; charset=utf-8', body: HOST_PAGE });
    if (path === SCRIPTS.react) return route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: reactHost });
    const file = normalize(join(BUNDLE_DIR, path));
    if (!file.startsWith(BUNDLE_DIR)) return route.fulfill({ status: 404, body: 'outside the bundle directory' });
    return route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: await readFile(file) });
  });
}

/** Loads a bundle into the host page and adds <bi-sqllab> with those attributes; its events land in window.events. */
async function addSqlLab(page: Page, flavor: Flavor, attributes: Record<string, string> = {}): Promise<void> {
  await page.evaluate(({ src, attributes }) => {
    const events: RecordedEvent[] = [];
    (window as unknown as { events: RecordedEvent[] }).events = events;
    // The host listens on the document: the events bubble out of the element and cross its shadow root.
    for (const type of ['bi-ready', 'bi-query-success', 'bi-query-error']) {
      document.addEventListener(type, (event) => events.push({ type, detail: (event as CustomEvent).detail as Record<string, unknown> }));
    }
    const script = Object.assign(document.createElement('script'), { type: 'module', src });
    document.head.append(script);
    const element = document.createElement('bi-sqllab');
    element.style.cssText = 'display: block; height: 800px';
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.body.append(element);
  }, { src: `${HOST_PATH}${SCRIPTS[flavor]}`, attributes });
}

/** The first recorded event of that type whose JSON contains `containing`. */
async function waitForEvent(page: Page, type: string, containing = ''): Promise<RecordedEvent> {
  const handle = await page.waitForFunction(
    ({ type, containing }) => (window as unknown as { events: RecordedEvent[] }).events.find((e) => e.type === type && JSON.stringify(e.detail).includes(containing)),
    { type, containing },
    { timeout: 60_000 },
  );
  return (await handle.jsonValue()) as RecordedEvent;
}

const recorded = (page: Page) => page.evaluate(() => (window as unknown as { events: RecordedEvent[] }).events.map((e) => e.type));

/** Replaces the editor's text by typing (CodeMirror sees real key events) and runs it with Ctrl/Cmd-Enter. */
async function runSql(page: Page, sql: string): Promise<void> {
  await page.locator('bi-sqllab .bi-sql-editor .cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(sql);
  await page.keyboard.press('Escape'); // closes the completion list, which would take the Enter
  await page.keyboard.press('ControlOrMeta+Enter');
}

describe.each(['react', 'lite'] as const)('<bi-sqllab> query events (%s bundle)', (flavor) => {
  it('tells the host about a query that succeeds and one that fails', async () => {
    await withSignedInPage(browser, server, async (page, pageErrors) => {
      await serveHost(page);
      await page.goto(`${server.url}${HOST_PATH}`);
      await addSqlLab(page, flavor);
      await waitForEvent(page, 'bi-ready');
      await page.locator('bi-sqllab .bi-sql-editor[data-ready="true"]').waitFor({ timeout: 60_000 });
      const database = page.getByRole('combobox', { name: 'Database', exact: true });
      if ((await database.getAttribute('data-value')) === null) {
        // No default database configured: pick the examples one as a user would.
        await database.click();
        await database.fill('examples');
        await page.getByRole('option', { name: 'examples', exact: true }).first().waitFor();
        await database.press('Enter');
      }
      await expect.poll(() => database.getAttribute('data-value'), { timeout: 15_000 }).not.toBeNull();
      await expect.poll(() => page.getByRole('combobox', { name: 'Schema', exact: true }).getAttribute('data-value').catch(() => null), { timeout: 15_000 }).not.toBeNull();

      await runSql(page, 'SELECT range AS n FROM range(7)');
      const success = await waitForEvent(page, 'bi-query-success');
      expect(success.detail).toMatchObject({ state: 'success', sql: 'SELECT range AS n FROM range(7)', rowCount: 7, isDataPreview: false });
      expect((success.detail.columns as { column_name: string }[]).map((c) => c.column_name)).toEqual(['n']);
      expect(success.detail.databaseId).toEqual(expect.any(Number));
      expect(success.detail.durationMs).toEqual(expect.any(Number));
      await page.locator('bi-sqllab .bi-results[data-query-state="success"]').waitFor();

      await runSql(page, 'SELECT * FROM no_such_table_e2e');
      const failure = await waitForEvent(page, 'bi-query-error');
      expect(failure.detail).toMatchObject({ state: 'failed', sql: 'SELECT * FROM no_such_table_e2e' });
      expect(failure.detail.message).toContain('no_such_table_e2e');
      const errors = failure.detail.errors as { message: string; error_type: string }[];
      expect(errors.length).toBeGreaterThan(0);
      expect(errors[0].error_type).toMatch(/[A-Z_]+_ERROR/);
      // Once per query: one success, one failure, nothing repeated.
      expect(await recorded(page)).toEqual(['bi-ready', 'bi-query-success', 'bi-query-error']);
      expect(pageErrors).toEqual([]);
    });
  });
});

/** The examples database's id, as SQL Lab lists it to the signed-in user. */
async function examplesDatabaseId(page: Page): Promise<number> {
  const databases = await page.evaluate(async () => {
    const response = await fetch('/api/v1/sqllab/');
    return Object.values(((await response.json()) as { result: { databases: Record<string, { id: number; database_name: string }> } }).result.databases);
  });
  const examples = databases.find((d) => d.database_name === 'examples');
  if (!examples) throw new Error(`no examples database in SQL Lab: ${JSON.stringify(databases)}`);
  return examples.id;
}

const editorText = (page: Page) => page.locator('bi-sqllab .bi-sql-editor .cm-content').textContent();

describe.each(['react', 'lite'] as const)('<bi-sqllab> driven by the host (%s bundle)', (flavor) => {
  it('shows the host SQL on its database, runs it with run(), and follows a new sql attribute', async () => {
    await withSignedInPage(browser, server, async (page, pageErrors) => {
      await serveHost(page);
      await page.goto(`${server.url}${HOST_PATH}`);
      const databaseId = await examplesDatabaseId(page);
      const sql = 'SELECT range AS n FROM range(5)';
      await addSqlLab(page, flavor, { 'database-id': String(databaseId), sql, 'tab-title': `Host query ${flavor}` });
      await page.locator('bi-sqllab .bi-sql-editor[data-ready="true"]').waitFor({ timeout: 60_000 });
      await expect.poll(() => editorText(page), { timeout: 15_000 }).toBe(sql);
      await expect.poll(() => page.getByRole('tab', { name: `Host query ${flavor}` }).getAttribute('aria-selected'), { timeout: 15_000 }).toBe('true');
      await expect.poll(() => page.getByRole('combobox', { name: 'Database', exact: true }).getAttribute('data-value'), { timeout: 15_000 }).toBe('examples');

      const outcome = await page.evaluate(() => (document.querySelector('bi-sqllab') as HTMLElement & { run(): Promise<unknown> }).run());
      expect(outcome).toMatchObject({ state: 'success', sql, databaseId, rowCount: 5 });
      const success = await waitForEvent(page, 'bi-query-success');
      expect(success.detail).toMatchObject({ state: 'success', sql, databaseId, rowCount: 5 });
      await page.locator('bi-sqllab .bi-results[data-query-state="success"]').waitFor();

      // A new sql replaces the editor content and runs nothing.
      await page.evaluate(() => document.querySelector('bi-sqllab')!.setAttribute('sql', 'SELECT 42 AS answer'));
      await expect.poll(() => editorText(page), { timeout: 15_000 }).toBe('SELECT 42 AS answer');
      expect(await recorded(page)).toEqual(['bi-ready', 'bi-query-success']);
      expect(pageErrors).toEqual([]);
    });
  });
});
