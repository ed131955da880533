import type { BrowserContext, Route } from 'playwright-core';
import type { OutboundPolicy } from './outbound-guard';
import { outboundRequest } from './outbound-request';

/**
 * The report renderer's browser opens Lumen's own pages, but what they show is user-authored (markdown
 * images and iframes, dashboard CSS): left alone, Chromium would fetch http://169.254.169.254/ or an
 * intranet page and the capture would mail it out. Every request of the browser context to another
 * origin than the app's is therefore made by the server through the outbound guard (internal addresses
 * refused unless allow-listed, the checked address pinned) and handed back to the page; refused ones fail
 * in the page like a blocked request. Requests to the app itself go straight through.
 */
const DROPPED_REQUEST_HEADERS = new Set(['host', 'connection', 'content-length', 'accept-encoding', 'cookie', 'proxy-authorization']);
/** Headers that describe the transfer, not the body the page gets. */
const DROPPED_RESPONSE_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'set-cookie', 'keep-alive']);

/** Time one third-party request of a page may take. */
const REQUEST_TIMEOUT_MS = 15_000;

function requestHeaders(headers: Record<string, string>): Record<string, string> {
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !DROPPED_REQUEST_HEADERS.has(name.toLowerCase())));
  // Uncompressed answers: the body is handed to the page as it arrives.
  return { ...kept, 'accept-encoding': 'identity' };
}

function responseHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || DROPPED_RESPONSE_HEADERS.has(name)) continue;
    flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

async function proxyThroughGuard(route: Route, policy: OutboundPolicy): Promise<void> {
  const request = route.request();
  const url = new URL(request.url());
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return route.abort('blockedbyclient');
  try {
    const response = await outboundRequest({
      url: url.toString(),
      method: request.method(),
      headers: requestHeaders(request.headers()),
      body: request.postDataBuffer() ?? undefined,
      timeoutMs: REQUEST_TIMEOUT_MS,
      policy,
    });
    await route.fulfill({ status: response.status, headers: responseHeaders(response.headers), body: response.body });
  } catch {
    await route.abort('blockedbyclient').catch(() => undefined);
  }
}

/**
 * @example
 * const context = await browser.newContext();
 * await guardBrowserRequests(context, 'http://127.0.0.1:8088', { allow: config.outboundAllowList });
 */
export async function guardBrowserRequests(context: BrowserContext, appBaseUrl: string, policy: OutboundPolicy): Promise<void> {
  const appOrigin = new URL(appBaseUrl).origin;
  await context.route(
    () => true,
    async (route) => {
      if (new URL(route.request().url()).origin === appOrigin) return route.continue();
      return proxyThroughGuard(route, policy);
    },
  );
}
