/**
 * The dashboard's Embed dialog end to end, in real Chromium: the admin enables embedding for a host origin
 * from the header's "..." menu, copies the snippets the dialog shows, and a third-party page on another
 * origin (http://localhost:PORT, Lumen being http://127.0.0.1:PORT) pastes each one with only its
 * guest-token function replaced by the host backend's: the dashboard draws, inline and in the iframe.
 *
 * CI runs on 2 cores: every wait is on a condition, with generous timeouts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartsRendered } from './support/charts-rendered';
import { launchChromium } from './support/chromium';
import { findId, type LumenApi } from './support/embed-fixtures';
import { lumenAccessToken, startEmbedHost, type EmbedHost } from './support/embed-host';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { withSignedInPage } from './support/signed-in-page';

/** How long a dashboard may take to draw its first charts on a loaded CI machine. */
const RENDER_TIMEOUT = 90_000;
const TEST_TIMEOUT = 300_000;

let server: LumenServer;
let browser: Browser;
let host: EmbedHost;
let lumen: LumenApi;
let salesId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
  lumen = { url: server.url, accessToken: await lumenAccessToken(server.url, server.admin) };
  host = await startEmbedHost(lumen);
  salesId = await findId(lumen, 'dashboard', 'dashboard_title', 'Sales Dashboard');
}, 180_000);

afterAll(async () => {
  await host?.stop();
  await browser?.close();
  await server?.stop();
});

/** The snippets' guest-token function, which a host replaces with a call to its own backend. */
const GUEST_TOKEN_FUNCTION = /async function fetchGuestToken\(\) \{\n[\s\S]*?\n {2}\}/;
/** This host's backend: POST /guest-token mints a token for host.tokenRequest (support/embed-host.ts). */
const HOST_TOKEN_FUNCTION = `async function fetchGuestToken() {
    const response = await fetch('/guest-token', { method: 'POST' });
    return (await response.json()).token;
  }`;

/** A host page holding the snippet as pasted, with its guest-token function swapped for the host's. */
function hostPage(snippet: string): string {
  expect(snippet).toMatch(GUEST_TOKEN_FUNCTION);
  const pasted = snippet.replace(GUEST_TOKEN_FUNCTION, HOST_TOKEN_FUNCTION);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pasted snippet</title><link rel="icon" href="data:,"></head>
<body><h1>A third-party page</h1>
${pasted}
</body></html>`;
}

/** Enables embedding from the dialog and reads back the embedded id and both snippets. */
async function enableFromDialog(page: Page): Promise<{ uuid: string; element: string; iframe: string }> {
  await page.goto(`${server.url}/superset/dashboard/${salesId}/`);
  await page.getByRole('button', { name: 'More dashboard actions' }).click({ timeout: RENDER_TIMEOUT });
  await page.getByRole('menuitem', { name: 'Embed dashboard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed dashboard' });
  const domains = dialog.getByRole('textbox', { name: 'Allowed domains' });
  await domains.waitFor({ timeout: RENDER_TIMEOUT });

  // A bad entry is refused by name, before anything is sent.
  await domains.fill(`${host.origin}\nlocalhost:${host.port}`);
  await dialog.getByRole('button', { name: 'Enable embedding' }).click();
  await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(`localhost:${host.port} must use http or https`);

  await domains.fill(host.origin);
  await dialog.getByRole('button', { name: 'Enable embedding' }).click();
  const uuidField = dialog.getByRole('textbox', { name: 'Embedded id' });
  await uuidField.waitFor({ timeout: RENDER_TIMEOUT });
  const uuid = await uuidField.inputValue();
  expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
  const element = (await dialog.getByRole('region', { name: 'Inline element (<bi-dashboard>)' }).locator('pre').textContent()) ?? '';
  const iframe = (await dialog.getByRole('region', { name: 'Iframe SDK (embedDashboard)' }).locator('pre').textContent()) ?? '';
  // Escape closes the dialog and gives focus back to the menu's button.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('More dashboard actions');
  return { uuid, element, iframe };
}

/** Opens a host page in a fresh context (no Lumen session: the guest token is all it has); page errors are collected. */
async function openHostPage(path: string, body: (page: Page, errors: string[]) => Promise<void>): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(`${host.origin}${path}`);
    await body(page, errors);
  } finally {
    await context.close();
  }
}

describe('Embed dashboard dialog', () => {
  it(
    'enables embedding for a host origin, and both snippets it gives draw the dashboard on that host',
    async () => {
      let snippets: { uuid: string; element: string; iframe: string } | undefined;
      await withSignedInPage(browser, server, async (page, pageErrors) => {
        snippets = await enableFromDialog(page);
        expect(pageErrors).toEqual([]);
      });
      const { uuid, element, iframe } = snippets!;
      // What the dialog saved is what the server now serves to the guest page.
      const registered = (await (await fetch(`${server.url}/api/v1/embedded_dashboard/${uuid}`)).json()) as { result: { allowed_domains: string[]; dashboard_id: string } };
      expect(registered.result).toMatchObject({ allowed_domains: [host.origin], dashboard_id: String(salesId) });

      host.tokenRequest = { resources: [{ type: 'dashboard', id: uuid }], rls: [] };
      host.files.set('/inline.html', { type: 'text/html; charset=utf-8', body: hostPage(element) });
      host.files.set('/iframe.html', { type: 'text/html; charset=utf-8', body: hostPage(iframe) });

      await openHostPage('/inline.html', async (page, errors) => {
        const dashboard = page.locator('bi-dashboard#lumen-dashboard');
        expect(await chartsRendered(dashboard, RENDER_TIMEOUT)).toBeGreaterThan(0);
        expect(await dashboard.getAttribute('dashboard-id')).toBe(uuid);
        expect(host.minted.length).toBeGreaterThan(0);
        expect(errors).toEqual([]);
      });

      await openHostPage('/iframe.html', async (page, errors) => {
        await page.locator('#lumen-dashboard iframe').waitFor({ timeout: RENDER_TIMEOUT });
        await expect.poll(() => page.frames().some((f) => f.url().includes(`/embedded/${uuid}`)), { timeout: RENDER_TIMEOUT }).toBe(true);
        const frame = page.frames().find((f) => f.url().includes(`/embedded/${uuid}`))!;
        expect(new URL(frame.url()).origin).toBe(server.url);
        expect(await chartsRendered(frame, RENDER_TIMEOUT)).toBeGreaterThan(0);
        expect(errors).toEqual([]);
      });
    },
    TEST_TIMEOUT,
  );
});
