import type { Page } from 'playwright-core';
import type { LumenServer } from './lumen-server';

/**
 * Signs in through the real login form and waits until the app has left /login/. Defaults to the
 * server's admin account.
 */
export async function signIn(page: Page, server: LumenServer, username = server.admin.username, password = server.admin.password): Promise<void> {
  await page.goto(`${server.url}/login/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await Promise.all([page.waitForURL((url) => url.pathname !== '/login/'), page.getByRole('button', { name: 'Sign in' }).click()]);
}
