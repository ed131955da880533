/**
 * Entry points and navigation of issue 16, in Chromium against the real server: '+ Dashboard', '+ Chart'
 * ('Create a new chart'), '+ Dataset' ('New dataset' from a database table), the top navigation's '+' menu
 * (keyboard and permissions), the Tags list and tag chips, the success toasts of the database modal, and a
 * top navigation that still reaches every screen at 800 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { adminApi, type AdminApi } from './support/admin-api';
import { chooseOption } from './support/choose-option';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';
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


const toast = (page: Page, text: string) => page.locator('.bi-toast').filter({ hasText: text }).first().waitFor();

/** The labels of the open menu named `name`. */
const menuLabels = (page: Page, name: string) => page.getByRole('menu', { name }).getByRole('menuitem').allTextContents();

describe('entry points', () => {
  it("'+ Dashboard' creates an untitled dashboard and opens it in edit mode", async () => {
    await withSignedInPage(browser, server, async (page, pageErrors) => {
      await page.goto(`${server.url}/dashboard/list/`);
      await page.getByRole('link', { name: '+ Dashboard' }).click();
      await page.waitForURL((url) => /^\/superset\/dashboard\/\d+\/$/.test(url.pathname) && url.searchParams.get('edit') === 'true');
      // Edit mode: the editor's Discard and Save, not the viewer's 'Edit dashboard'.
      await page.getByRole('button', { name: 'Discard' }).waitFor();
      const id = Number(/\/dashboard\/(\d+)\//.exec(page.url())![1]);
      const saved = await api<{ result: { dashboard_title: string } }>('GET', `/api/v1/dashboard/${id}`);
      expect(saved.result.dashboard_title).toBe('[ untitled dashboard ]');
      // Back does not return to /dashboard/new/ (which would make another one).
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/dashboard/list/');
      expect(pageErrors).toEqual([]);
    });
  });

  it("'+ Chart' opens 'Create a new chart': a searchable dataset, a viz type gallery by category, then Explore", async () => {
    await withSignedInPage(browser, server, async (page, pageErrors) => {
      await page.goto(`${server.url}/chart/list/`);
      await page.getByRole('link', { name: '+ Chart' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/chart/add'));
      await page.getByRole('heading', { name: 'Create a new chart' }).waitFor();
      const create = page.getByRole('button', { name: 'Create new chart' });
      expect(await create.isDisabled()).toBe(true);

      // The dataset select searches the server by name; options name the schema too.
      const dataset = page.getByRole('combobox', { name: 'Dataset', exact: true });
      await dataset.click();
      await dataset.fill('birth_n');
      await page.getByRole('option', { name: 'birth_names (main)', exact: true }).click();
      expect(await dataset.getAttribute('data-value')).toBe('birth_names (main)');
      // The gallery groups the registry's chart types under their categories.
      for (const category of ['Evolution', 'Part of a Whole', 'KPI']) await page.getByRole('region', { name: category }).waitFor();
      await page.getByRole('searchbox', { name: 'Search all charts' }).fill('pie');
      expect(await page.locator('.bi-create__viz-item').allTextContents()).toEqual(['Pie Chart']);
      await page.getByRole('button', { name: 'Pie Chart' }).click();
      expect(await page.getByRole('button', { name: 'Pie Chart' }).getAttribute('aria-pressed')).toBe('true');

      await create.click();
      await page.waitForURL((url) => url.pathname === '/explore/' && url.searchParams.get('viz_type') === 'pie');
      const datasetId = Number(new URL(page.url()).searchParams.get('datasource_id'));
      const chosen = await api<{ result: { table_name: string } }>('GET', `/api/v1/dataset/${datasetId}`);
      expect(chosen.result.table_name).toBe('birth_names');
      await page.getByRole('button', { name: 'Chart type: Pie Chart' }).waitFor();
      expect(pageErrors).toEqual([]);
    });
  });

  it("'+ Dataset' makes a dataset from a database table, with a preview of its columns", async () => {
    // The examples' datasets name no schema, so the 'main' schema's table is a new dataset.
    const db = (await api<{ result: { id: number; database_name: string }[] }>('GET', '/api/v1/database/')).result[0];
    const table = 'channels';
    await withSignedInPage(browser, server, async (page, pageErrors) => {
      await page.goto(`${server.url}/tablemodelview/list/`);
      await page.getByRole('link', { name: '+ Dataset' }).click();
      await page.waitForURL((url) => url.pathname === '/dataset/add/');
      await page.getByRole('heading', { name: 'New dataset' }).waitFor();
      await chooseOption(page, 'Database', db.database_name);
      await chooseOption(page, 'Schema', 'main');
      await chooseOption(page, 'Table', table);
      const preview = page.getByRole('table', { name: `Columns of ${table}` });
      await preview.getByRole('row').nth(1).waitFor();
      const metadata = await api<{ columns: { name: string }[] }>('GET', `/api/v1/database/${db.id}/table_metadata/?name=${table}&schema=main`);
      expect(await preview.locator('tbody td:first-child').allTextContents()).toEqual(metadata.columns.map((c) => c.name));

      await page.getByRole('button', { name: 'Create dataset and create chart' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/chart/add') && url.searchParams.has('dataset'));
      const id = Number(new URL(page.url()).searchParams.get('dataset'));
      const created = await api<{ result: { table_name: string; schema: string; database: { id: number } } }>('GET', `/api/v1/dataset/${id}`);
      expect(created.result).toMatchObject({ table_name: table, schema: 'main', database: { id: db.id } });
      // 'Create a new chart' starts with the new dataset chosen.
      const dataset = page.getByRole('combobox', { name: 'Dataset', exact: true });
      await page.waitForFunction(() => document.querySelector('[role="combobox"][aria-label="Dataset"]')?.getAttribute('data-value') === 'channels (main)');
      expect(await dataset.getAttribute('data-value')).toBe(`${table} (main)`);
      expect(pageErrors).toEqual([]);
    });
  });
});

describe('the top navigation', () => {
  it("offers a keyboard-accessible '+' menu whose entries open their pages and dialogs", async () => {
    await withSignedInPage(browser, server, async (page) => {
      await page.goto(`${server.url}/superset/welcome/`);
      const button = page.getByRole('button', { name: 'New', exact: true });
      expect(await button.getAttribute('aria-haspopup')).toBe('menu');
      await button.focus();
      await page.keyboard.press('ArrowDown');
      const menu = page.getByRole('menu', { name: 'New' });
      await menu.waitFor();
      expect(await menuLabels(page, 'New')).toEqual([
        'Connect database',
        'Create dataset',
        'Upload CSV to database',
        'Upload Excel to database',
        'Upload Columnar file to database',
        'SQL query',
        'Chart',
        'Dashboard',
      ]);
      // Focus starts on the first entry; arrow keys move it, Escape closes and returns focus to the button.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Connect database');
      await page.keyboard.press('ArrowUp');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Dashboard');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await button.getAttribute('aria-expanded')).toBe('false');

      // Enter on an entry opens it: the upload modal, then 'Chart' goes to 'Create a new chart'.
      await page.keyboard.press('Enter');
      await menu.getByRole('menuitem', { name: 'Upload CSV to database' }).click();
      const upload = page.getByRole('dialog', { name: 'CSV Upload' });
      await upload.waitFor();
      await page.keyboard.press('Escape');
      await upload.waitFor({ state: 'detached' });
      await button.click();
      await menu.getByRole('menuitem', { name: 'Chart', exact: true }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/chart/add'));
      await page.getByRole('heading', { name: 'Create a new chart' }).waitFor();
    });
  });

  it("shows a user only the '+' entries their roles allow", async () => {
    const roles = (await api<{ result: { id: number; name: string }[] }>('GET', '/api/v1/security/roles/?q=(page_size:100)')).result;
    const roleId = (name: string) => roles.find((role) => role.name === name)!.id;
    const users = [
      { username: 'e2e_alpha', roles: [roleId('Alpha')], expected: ['Create dataset', 'Upload CSV to database', 'Upload Excel to database', 'Upload Columnar file to database', 'SQL query', 'Chart', 'Dashboard'] },
      { username: 'e2e_gamma_sql', roles: [roleId('Gamma'), roleId('sql_lab')], expected: ['SQL query'] },
      { username: 'e2e_gamma', roles: [roleId('Gamma')], expected: null },
    ];
    for (const user of users) {
      const password = 'entry-points-41';
      await api('POST', '/api/v1/security/users/', { username: user.username, first_name: 'E2E', last_name: user.username, email: `${user.username}@example.org`, password, roles: user.roles, active: true });
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      try {
        const page = await context.newPage();
        await signIn(page, server, user.username, password);
        await page.goto(`${server.url}/superset/welcome/`);
        await page.getByRole('navigation', { name: 'Main' }).waitFor();
        const button = page.getByRole('button', { name: 'New', exact: true });
        if (user.expected === null) {
          expect(await button.count()).toBe(0);
          continue;
        }
        await button.click();
        await page.getByRole('menu', { name: 'New' }).waitFor();
        expect(await menuLabels(page, 'New')).toEqual(user.expected);
      } finally {
        await context.close();
      }
    }
  });

  it('reaches every screen at 800 px through its Menu button', async () => {
    const context = await browser.newContext({ viewport: { width: 800, height: 900 } });
    try {
      const page = await context.newPage();
      await signIn(page, server);
      await page.goto(`${server.url}/chart/list/`);
      // Nothing in the bar is cut off: it fits the viewport without scrolling.
      const bar = page.locator('.bi-topnav');
      expect(await bar.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      expect(await page.getByRole('link', { name: 'Reports' }).isVisible()).toBe(false);
      const menuButton = page.getByRole('button', { name: /^Menu/ });
      expect(await menuButton.textContent()).toBe('Menu: Charts');
      await menuButton.click();
      expect(await menuLabels(page, 'Main')).toEqual(['Home', 'Charts', 'Dashboards', 'SQL', 'Datasets', 'Databases', 'Reports', 'Tags']);
      const box = await page.getByRole('menu', { name: 'Main' }).boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(800);
      await page.getByRole('menuitem', { name: 'Reports' }).click();
      await page.waitForURL((url) => url.pathname === '/report/list/');
      expect(await menuButton.textContent()).toBe('Menu: Reports');
      for (const name of ['New', 'Settings', 'Admin User']) expect(await page.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('tags', () => {
  it('lists tags at /superset/tags/, and tag chips in lists link to the tag page', async () => {
    const chart = (await api<{ result: { id: number; slice_name: string }[] }>('GET', '/api/v1/chart/?q=(order_column:slice_name,order_direction:asc,page_size:1)')).result[0];
    await api('POST', '/api/v1/tag/bulk_create', { tags: ['e2e-entry-tag'], objects_to_tag: [['chart', chart.id]] });
    await withSignedInPage(browser, server, async (page, pageErrors) => {
      await page.goto(`${server.url}/chart/list/?viewMode=table&sortColumn=slice_name&sortOrder=asc`);
      const chip = page.getByRole('link', { name: 'Tag: e2e-entry-tag' });
      await chip.click();
      await page.waitForURL((url) => url.pathname === '/superset/all_entities/' && url.searchParams.has('id'));
      await page.getByRole('link', { name: chart.slice_name }).first().waitFor();

      await page.goto(`${server.url}/superset/tags/`);
      await page.getByRole('heading', { name: 'Tags', level: 1 }).waitFor();
      const link = page.getByRole('link', { name: 'e2e-entry-tag', exact: true });
      await link.waitFor();
      // System tags (owner:, type:) are not the users' and are not listed.
      expect(await page.getByRole('link', { name: /^(owner|type):/ }).count()).toBe(0);
      await link.click();
      await page.waitForURL((url) => url.pathname === '/superset/all_entities/');
      await page.getByRole('link', { name: chart.slice_name }).first().waitFor();
      expect(pageErrors).toEqual([]);
    });
  });
});

describe('database toasts', () => {
  it("says 'Database connected' after connecting and 'Database settings updated' after editing", async () => {
    await withSignedInPage(browser, server, async (page) => {
      await page.goto(`${server.url}/superset/welcome/`);
      await page.getByRole('button', { name: 'New', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Connect database' }).click();
      const modal = page.getByRole('dialog', { name: 'Connect a database' });
      await modal.getByLabel('Supported databases').selectOption('postgresql');
      await modal.getByRole('tab', { name: 'SQLAlchemy URI' }).click();
      await modal.getByLabel('Display name').fill('e2e toast postgres');
      await modal.getByLabel(/^SQLAlchemy URI/).fill('postgresql://postgres@127.0.0.1:5432/test');
      await modal.getByRole('button', { name: 'Connect', exact: true }).click();
      await toast(page, 'Database connected');

      await page.goto(`${server.url}/databaseview/list/`);
      await page.getByRole('button', { name: 'Edit e2e toast postgres', exact: true }).click();
      const edit = page.getByRole('dialog', { name: 'Edit database' });
      await edit.getByLabel('Display name').fill('e2e toast postgres 2');
      await edit.getByRole('button', { name: 'Finish' }).click();
      await toast(page, 'Database settings updated');
      await page.getByRole('cell', { name: 'e2e toast postgres 2', exact: true }).waitFor();
    });
  });
});

describe('accessibility of the new pages', () => {
  it("has no serious axe violations on 'Create a new chart', 'New dataset', Tags and the open '+' menu, light and dark", async () => {
    for (const mode of ['light', 'dark']) {
      // bypassCSP: the app's script-src 'self' would refuse axe's injected script.
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
      await context.addInitScript((theme) => localStorage.setItem('lumen-bi.theme-mode', theme), mode);
      try {
        const page = await context.newPage();
        await signIn(page, server);
        const found: string[] = [];
        for (const path of ['/chart/add', '/dataset/add/', '/superset/tags/']) {
          await page.goto(`${server.url}${path}`);
          await page.getByRole('heading', { level: 1 }).waitFor();
          await page.waitForLoadState('networkidle');
          found.push(...(await seriousViolations(page)).map((v) => `${mode} ${path}: ${v}`));
        }
        await page.getByRole('button', { name: 'New', exact: true }).click();
        await page.getByRole('menu', { name: 'New' }).waitFor();
        found.push(...(await seriousViolations(page)).map((v) => `${mode} '+' menu: ${v}`));
        expect(found).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
