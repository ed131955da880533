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

type RoleRow = { id: number; name: string; permission_ids: number[] };
const roleNamed = async (name: string) =>
  (await api<{ result: RoleRow[] }>('GET', `/api/v1/security/roles/search/?q=(filters:!((col:name,opr:eq,value:'${encodeURIComponent(name)}')))`)).result[0];

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

describe('Roles and the profile in Chromium', () => {
  it('an admin copies Gamma, adds a pair to the copy and renames it; Admin cannot be deleted', async () => {
    await page.goto(`${server.url}/superset/welcome/`);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'List Roles' }).click();
    await page.waitForURL((url) => url.pathname === '/roles/list/');
    const gamma = await roleNamed('Gamma');
    await page.getByRole('button', { name: 'Copy Gamma', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Edit role: Copy of Gamma' });
    await dialog.getByText(`${gamma.permission_ids.length} of `).waitFor();
    expect((await roleNamed('Copy of Gamma')).permission_ids).toEqual(gamma.permission_ids);
    await dialog.getByRole('searchbox', { name: 'Search permissions' }).fill('write chart');
    await dialog.getByRole('checkbox', { name: 'can_write on Chart' }).check();
    await dialog.getByLabel('Name').fill('Gamma writers');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Gamma writers', exact: true }).waitFor();

    const pairs = await api<{ result: { id: number; permission: { name: string }; view_menu: { name: string } }[] }>(
      'GET',
      "/api/v1/security/permissions-resources/?q=(filters:!((col:permission.name,opr:eq,value:can_write),(col:view_menu.name,opr:eq,value:Chart)))",
    );
    const writers = await roleNamed('Gamma writers');
    expect([...writers.permission_ids].sort((a, b) => a - b)).toEqual([...gamma.permission_ids, pairs.result[0].id].sort((a, b) => a - b));
    expect(await roleNamed('Copy of Gamma')).toBeUndefined();

    await page.getByRole('button', { name: 'Delete Admin', exact: true }).click();
    await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText(/Admin is built in and cannot be deleted/).waitFor();
  });

  it('a user renames themself and changes their password on their profile, then signs in with it', async () => {
    const writers = await roleNamed('Gamma writers');
    await api('POST', '/api/v1/security/users/', { username: 'lin', first_name: 'Lin', last_name: 'Writer', email: 'lin@example.org', password: 'first-harbour-41', roles: [writers.id], active: true });
    const linContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const lin = await linContext.newPage();
      await signIn(lin, server, 'lin', 'first-harbour-41');
      await lin.getByRole('button', { name: 'Lin Writer' }).click();
      await lin.getByRole('menuitem', { name: 'Profile' }).click();
      await lin.waitForURL((url) => url.pathname === '/user_info/');
      await lin.getByText('Gamma writers').waitFor();

      // A new first name shows in the user menu at once.
      const names = lin.getByRole('form', { name: 'Name and e-mail' });
      await names.getByLabel(/^First name/).fill('Lina');
      await names.getByRole('button', { name: 'Save' }).click();
      await lin.getByRole('button', { name: 'Lina Writer' }).waitFor();

      const form = lin.getByRole('form', { name: 'Change password' });
      await form.getByLabel('Current password').fill('not-my-password');
      await form.getByLabel(/^New password/).fill('second-harbour-52');
      await form.getByLabel('Confirm new password').fill('second-harbour-52');
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect.poll(() => form.getByRole('alert').textContent()).toBe('The current password is not correct');

      await form.getByLabel('Current password').fill('first-harbour-41');
      await form.getByRole('button', { name: 'Change password' }).click();
      await lin.getByText('Password changed. Your other sessions were signed out.').waitFor();
      // This session stays signed in.
      await lin.reload();
      await lin.getByRole('form', { name: 'Change password' }).waitFor();
    } finally {
      await linContext.close();
    }

    const again = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const lin = await again.newPage();
      await signIn(lin, server, 'lin', 'second-harbour-52');
      await lin.waitForURL((url) => url.pathname === '/superset/welcome/');
      await lin.getByRole('button', { name: 'Lina Writer' }).waitFor();
    } finally {
      await again.close();
    }
  });
});
