import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardBrowserRequests } from './browser-request-guard';

/**
 * The renderer's request guard without a browser: a stand-in context records the route handler, and
 * stand-in routes record whether the request was let through, answered by the server, or aborted.
 */
type Outcome = { kind: 'continue' } | { kind: 'abort'; reason?: string } | { kind: 'fulfill'; status: number; headers: Record<string, string>; body: string };

async function handlerFor(appBaseUrl: string, allow: string[]) {
  let handler: ((route: Route) => Promise<void>) | null = null;
  const context = { route: async (_match: unknown, fn: (route: Route) => Promise<void>) => void (handler = fn) } as unknown as BrowserContext;
  await guardBrowserRequests(context, appBaseUrl, { allow });
  return async (url: string, method = 'GET'): Promise<Outcome> => {
    let outcome: Outcome | null = null;
    const route = {
      request: () => ({ url: () => url, method: () => method, headers: () => ({ accept: '*/*', cookie: 'session=secret', host: 'x' }), postDataBuffer: () => null }),
      continue: async () => void (outcome = { kind: 'continue' }),
      abort: async (reason?: string) => void (outcome = { kind: 'abort', reason }),
      fulfill: async (r: { status: number; headers: Record<string, string>; body: Buffer }) => void (outcome = { kind: 'fulfill', status: r.status, headers: r.headers, body: r.body.toString() }),
    } as unknown as Route;
    await handler!(route);
    return outcome!;
  };
}

describe('report renderer request guard', () => {
  let internal: Server;
  let port: number;
  const seen: { url?: string; cookie?: string; encoding?: string }[] = [];

  beforeAll(async () => {
    internal = createServer((req, res) => {
      seen.push({ url: req.url, cookie: req.headers.cookie, encoding: req.headers['accept-encoding'] });
      res.writeHead(200, { 'content-type': 'image/png', 'set-cookie': 'a=b', 'x-kept': 'yes' }).end('PNGDATA');
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', () => resolve()));
    port = (internal.address() as AddressInfo).port;
  });
  afterAll(async () => {
    internal.closeAllConnections();
    await new Promise((r) => internal.close(r));
  });

  it("lets the app's own requests through untouched", async () => {
    const guard = await handlerFor('http://127.0.0.1:8088', []);
    expect(await guard('http://127.0.0.1:8088/api/v1/chart/data')).toEqual({ kind: 'continue' });
  });

  it('aborts requests to internal addresses and other schemes', async () => {
    const guard = await handlerFor('http://127.0.0.1:8088', []);
    for (const url of [`http://127.0.0.1:${port}/x.png`, `http://0x7f.1:${port}/x.png`, 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', 'ftp://example.org/x']) {
      expect(await guard(url), url).toEqual({ kind: 'abort', reason: 'blockedbyclient' });
    }
    expect(seen).toHaveLength(0);
  });

  it('fetches allow-listed resources itself, without the browser cookies, and hands them to the page', async () => {
    const guard = await handlerFor('http://127.0.0.1:8088', ['127.0.0.1']);
    const outcome = await guard(`http://127.0.0.1:${port}/x.png`);
    expect(outcome).toMatchObject({ kind: 'fulfill', status: 200, body: 'PNGDATA' });
    const headers = (outcome as { headers: Record<string, string> }).headers;
    expect(headers['content-type']).toBe('image/png');
    expect(headers['x-kept']).toBe('yes');
    expect(headers['set-cookie']).toBeUndefined();
    expect(seen).toEqual([{ url: '/x.png', cookie: undefined, encoding: 'identity' }]);
  });
});
