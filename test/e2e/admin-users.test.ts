import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type AdminApi } from './support/admin-api';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';

let server: LumenServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let api: AdminApi;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
  api = await adminApi(server);
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  await signIn(page, server);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('Settings screens in Chromium', () => {
  it('an admin creates a Gamma user through the modal, and that user signs in and lands on the home page', async () => {
    await page.goto(`${server.url}/superset/welcome/`);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'List Users' }).click();
    await page.waitForURL((url) => url.pathname === '/users/list/');
    await page.getByRole('cell', { name: server.admin.username, exact: true }).waitFor();

    await page.getByRole('button', { name: '+ User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('Username').fill('grace');
    await dialog.getByLabel('First name').fill('Grace');
    await dialog.getByLabel('Last name').fill('Hopper');
    await dialog.getByLabel('E-mail').fill('grace@example.org');
    await dialog.getByRole('combobox', { name: 'Roles' }).fill('Gamma');
    await page.getByRole('option', { name: 'Gamma', exact: true }).click();

    // A weak password is refused by the server, and its reason shows on the field.
    await dialog.getByLabel('Password').fill('short');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toMatch(/^Password is too weak: /);

    await dialog.getByLabel('Password').fill('harbour-lights-42');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.locator('tr', { has: page.getByRole('cell', { name: 'grace', exact: true }) });
    await row.getByRole('cell', { name: 'Gamma', exact: true }).waitFor();
    const stored = await api<{ result: { username: string; roles: { name: string }[]; active: boolean }[] }>('GET', '/api/v1/security/users/?q=(filters:!((col:username,opr:eq,value:grace)))');
    expect(stored.result).toMatchObject([{ username: 'grace', roles: [{ name: 'Gamma' }], active: true }]);

    const graceContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const gracePage = await graceContext.newPage();
      await signIn(gracePage, server, 'grace', 'harbour-lights-42');
      await gracePage.waitForURL((url) => url.pathname === '/superset/welcome/');
      await gracePage.getByRole('button', { name: 'Grace Hopper' }).waitFor();
      // Gamma does not manage users: its Settings menu (Manage > Annotation Layers, which Gamma reads) offers no List Users.
      await gracePage.getByRole('button', { name: 'Settings' }).click();
      await gracePage.getByRole('menuitem', { name: 'Annotation Layers' }).waitFor();
      expect(await gracePage.getByRole('menuitem', { name: 'List Users' }).count()).toBe(0);
    } finally {
      await graceContext.close();
    }
  });

  it('an admin creates a row-level security rule through its screen, and it shows in the list', async () => {
    const tables = await api<{ result: { value: number; text: string }[] }>('GET', '/api/v1/rowlevelsecurity/related/tables');
    const dataset = tables.result[0].text;
    await page.goto(`${server.url}/superset/welcome/`);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Row Level Security' }).click();
    await page.waitForURL((url) => url.pathname === '/rowlevelsecurity/list/');
    await page.getByRole('button', { name: '+ Rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add rule' });
    await dialog.getByLabel('Name').fill('gamma sees little');
    await dialog.getByLabel('Filter type').selectOption('Regular');
    await dialog.getByRole('combobox', { name: 'Datasets' }).fill(dataset);
    await page.getByRole('option', { name: dataset, exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Roles' }).fill('Gamma');
    await page.getByRole('option', { name: 'Gamma', exact: true }).click();
    await dialog.getByLabel('Group key').fill('limit');

    // A clause the dataset's engine rejects is refused, and the reason shows under the clause.
    await dialog.getByLabel('Clause').fill('no_such_column_here = 1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toMatch(/^The clause is not valid for dataset /);

    await dialog.getByLabel('Clause').fill('1 = 1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.locator('tr', { has: page.getByRole('cell', { name: 'gamma sees little', exact: true }) });
    await row.getByRole('cell', { name: 'Gamma', exact: true }).waitFor();
    expect(await row.getByRole('cell', { name: '1 = 1', exact: true }).count()).toBe(1);
    const stored = await api<{ result: { name: string; filter_type: string; group_key: string; roles: { name: string }[] }[] }>('GET', '/api/v1/rowlevelsecurity/');
    expect(stored.result).toMatchObject([{ name: 'gamma sees little', filter_type: 'Regular', group_key: 'limit', roles: [{ name: 'Gamma' }] }]);
  });
});
