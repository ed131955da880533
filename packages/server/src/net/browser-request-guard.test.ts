import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS } from '../reports/render';
import { guardBrowserRequests } from './browser-request-guard';

const CHROMIUM_PATH = process.env.LUMEN_CHROMIUM_PATH ?? '/usr/bin/chromium';

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as AddressInfo).port;
}

/**
 * The renderer's pages may name internal URLs (a markdown image of the metadata service); Chromium must
 * not fetch them. The "app" and the "internal service" are both on loopback, on different ports, so they
 * are different origins: the app's own requests pass, the other one is refused unless allow-listed.
 */
describe.skipIf(!existsSync(CHROMIUM_PATH))('report renderer browser: outbound requests', () => {
  let browser: Browser;
  let app: Server;
  let internal: Server;
  let appUrl: string;
  let internalHits = 0;

  beforeAll(async () => {
    internal = createServer((_req, res) => {
      internalHits += 1;
      res.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' }).end('secret');
    });
    const internalPort = await listen(internal);
    app = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end(
        `<body><img src="http://127.0.0.1:${internalPort}/latest/meta-data/"><script>
          fetch('http://127.0.0.1:${internalPort}/fetch').then((r) => r.text(), () => 'blocked').then((t) => { document.body.dataset.result = t; });
        </script></body>`,
      );
    });
    appUrl = `http://127.0.0.1:${await listen(app)}`;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    app?.close();
    internal?.close();
  });

  const open = async (allow: string[]) => {
    const context = await browser.newContext();
    await guardBrowserRequests(context, appUrl, { allow });
    const page = await context.newPage();
    await page.goto(appUrl);
    await page.waitForFunction('document.body.dataset.result !== undefined');
    const result = await page.evaluate<string>('document.body.dataset.result');
    await context.close();
    return result;
  };

  it('refuses requests to internal addresses from the page', async () => {
    expect(await open([])).toBe('blocked');
    expect(internalHits).toBe(0);
  });

  it('lets allow-listed addresses through', async () => {
    expect(await open(['127.0.0.1'])).toBe('secret');
    expect(internalHits).toBeGreaterThan(0);
  });
});
