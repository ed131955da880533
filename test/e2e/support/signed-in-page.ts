import type { Browser, Page } from 'playwright-core';
import type { LumenServer } from './lumen-server';
import { signIn } from './sign-in';

/**
 * Runs `body` in a page of a fresh 1400x1000 context signed in as the server's admin. Uncaught page errors
 * are collected for the body to assert on; a failure carries the page's URL and the server's output; the
 * context is closed whatever happens.
 */
export async function withSignedInPage(browser: Browser, server: LumenServer, body: (page: Page, pageErrors: string[]) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  try {
    await signIn(page, server);
    await body(page, pageErrors);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- page: ${page.url()}\n--- server output:\n${server.output()}`, { cause: error });
  } finally {
    await context.close();
  }
}
