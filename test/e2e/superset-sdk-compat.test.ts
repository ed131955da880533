/**
 * Wire compatibility with the incumbent's published embedding SDK: a host page written for
 * @superset-ui/embedded-sdk (its real UMD bundle from node_modules, global `supersetEmbeddedSdk`), pointed at
 * Lumen, embeds a Lumen dashboard unchanged. The host page is served by the embed-host support on another
 * origin (http://localhost:PORT) than Lumen (http://127.0.0.1:PORT) and mints guest tokens at POST
 * /guest-token, as a host backend does.
 *
 * Covered: the iframe URL the SDK builds (uiConfig bitmask, show_filters/expand_filters, urlParams), the
 * port-transfer handshake on the iframe's load event, the guestToken emit and its refresh (tokens live 15 s
 * here), observeDataMask, the get requests (getDataMask, getScrollSize, getActiveTabs, getChartStates,
 * getChartDataPayloads, getDashboardPermalink) and the guest's resolvePermalinkUrl request to the host,
 * and a permalink key passed back through urlParams.permalink_key.
 *
 * CI runs on 2 cores: every wait is on a condition, with generous timeouts.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LumenApi } from './support/embed-fixtures';
import type { EmbedHost } from './support/embed-host';
import { REPO_ROOT } from './support/repo-root';
import { chartsRendered } from './support/charts-rendered';
import { startEmbeddingStage, TOKEN_LIFETIME_S, type EmbeddingStage } from './support/embedding-stage';
import type { LumenServer } from './support/lumen-server';

const RENDER_TIMEOUT = 90_000;
const TEST_TIMEOUT = 240_000;

let server: LumenServer;
let browser: Browser;
let host: EmbedHost;
let lumen: LumenApi;
let sales: { id: number; uuid: string };
let sdkVersion: string;

let stage: EmbeddingStage | undefined;

beforeAll(async () => {
  stage = await startEmbeddingStage();
  ({ server, browser, lumen, host, sales } = stage);
  host.tokenRequest = { resources: [{ type: 'dashboard', id: sales.uuid }], rls: [] };
  // The package's "main" is its UMD bundle (a `supersetEmbeddedSdk` global in a browser).
  const require = createRequire(join(REPO_ROOT, 'package.json'));
  const packageJson = require.resolve('@superset-ui/embedded-sdk/package.json');
  const pkg = JSON.parse(await readFile(packageJson, 'utf8')) as { version: string; main: string };
  sdkVersion = pkg.version;
  host.files.set('/superset-embedded-sdk.js', { type: 'text/javascript; charset=utf-8', body: await readFile(join(dirname(packageJson), pkg.main)) });
});

afterAll(async () => {
  await stage?.stop();
});

interface HostOptions {
  dashboardUiConfig?: Record<string, unknown>;
  /** Give the SDK a resolvePermalinkUrl callback mapping a key to a host-page URL. */
  resolvePermalink?: boolean;
}

/**
 * Opens the host page, loads the real SDK bundle and calls embedDashboard exactly as a Superset host does.
 * window.embedded is the SDK's returned object, window.masks what observeDataMask received, window.fetched
 * how many guest tokens the host fetched.
 */
async function embed(options: HostOptions): Promise<{ context: BrowserContext; page: Page; errors: string[]; frame: Frame }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${host.origin}/`);
  await page.addScriptTag({ url: '/superset-embedded-sdk.js' });
  await page.waitForFunction(() => typeof (window as unknown as { supersetEmbeddedSdk?: { embedDashboard?: unknown } }).supersetEmbeddedSdk?.embedDashboard === 'function');
  await page.evaluate(
    ({ id, supersetDomain, dashboardUiConfig, resolvePermalink }) => {
      const w = window as unknown as Record<string, unknown> & {
        supersetEmbeddedSdk: { embedDashboard(o: unknown): Promise<{ observeDataMask(cb: (m: unknown) => void): void }> };
        masks: unknown[];
        fetched: number;
      };
      w.masks = [];
      w.fetched = 0;
      w.embedding = w.supersetEmbeddedSdk
        .embedDashboard({
          id,
          supersetDomain,
          mountPoint: document.getElementById('mount'),
          fetchGuestToken: async () => {
            const response = await fetch('/guest-token', { method: 'POST' });
            const { token } = (await response.json()) as { token: string };
            w.fetched += 1;
            return token;
          },
          dashboardUiConfig,
          ...(resolvePermalink ? { resolvePermalinkUrl: ({ key }: { key: string }) => `${location.origin}/shared/${key}` } : {}),
        })
        .then(
          (embedded) => {
            embedded.observeDataMask((mask) => w.masks.push(mask));
            w.embedded = embedded;
          },
          (error: unknown) => (w.embedError = String(error)),
        );
    },
    { id: sales.uuid, supersetDomain: server.url, dashboardUiConfig: options.dashboardUiConfig, resolvePermalink: options.resolvePermalink ?? false },
  );
  await page.locator('#mount iframe').waitFor({ timeout: RENDER_TIMEOUT });
  await expect.poll(() => page.frames().some((f) => f.url().includes('/embedded/')), { timeout: RENDER_TIMEOUT }).toBe(true);
  await page.waitForFunction(() => 'embedded' in window || 'embedError' in window, undefined, { timeout: RENDER_TIMEOUT });
  expect(await page.evaluate(() => (window as unknown as { embedError?: string }).embedError)).toBeUndefined();
  return { context, page, errors, frame: page.frames().find((f) => f.url().includes('/embedded/'))! };
}

/** Calls a method of the SDK's returned object in the page and returns its (awaited) result. */
function call<T>(page: Page, method: string, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    ({ method, args }) => (window as unknown as { embedded: Record<string, (...a: unknown[]) => unknown> }).embedded[method](...args),
    { method, args },
  ) as Promise<T>;
}


/** Picks the first value of the Country native filter and applies it. */
async function applyCountryFilter(frame: Frame, index = 0): Promise<string> {
  await frame.getByRole('combobox', { name: 'Country' }).click();
  const option = frame.getByRole('option').nth(index);
  await option.waitFor({ timeout: RENDER_TIMEOUT });
  const value = (await option.textContent())?.trim() ?? '';
  await option.click();
  await frame.getByRole('button', { name: 'Apply filters' }).click();
  return value;
}

type Mask = Record<string, { filterState?: { value?: unknown } } | boolean>;
const filterValues = (mask: Mask) => JSON.stringify(Object.values(mask).map((m) => (typeof m === 'object' ? m.filterState?.value : m)));

describe('@superset-ui/embedded-sdk (the published package) against Lumen', () => {
  it('embeds with the uiConfig bits, observes data masks and answers every request', async () => {
    const { context, page, errors, frame } = await embed({
      dashboardUiConfig: { hideTitle: true, hideTab: true, filters: { visible: true, expanded: true }, emitDataMasks: true },
      resolvePermalink: true,
    });
    try {
      console.info(`testing @superset-ui/embedded-sdk ${sdkVersion}`);
      // The iframe the SDK built: Lumen's origin, the bitmask 1 + 2 + 16 and the filter parameters.
      const src = new URL(frame.url());
      expect(src.origin).toBe(server.url);
      expect(src.pathname).toBe(`/embedded/${sales.uuid}`);
      expect(Object.fromEntries(src.searchParams)).toEqual({ uiConfig: '19', show_filters: 'true', expand_filters: 'true' });

      expect(await chartsRendered(frame, RENDER_TIMEOUT)).toBeGreaterThan(0);
      expect(await frame.locator('.bi-dash-header-bar').count()).toBe(0);
      expect(await frame.locator('.bi-dash-tabs__strip').count()).toBe(0);
      // No app shell (its top nav); charts may hold their own <nav> (a table's pagination).
      expect(await frame.locator('.bi-topnav, nav[aria-label="Main"]').count()).toBe(0);
      // Filter bar shown and expanded.
      await frame.locator('.bi-dash-filter-bar:not(.bi-dash-filter-bar--collapsed)').waitFor({ timeout: RENDER_TIMEOUT });

      const scroll = await call<{ width: number; height: number }>(page, 'getScrollSize');
      expect(scroll.width).toBeGreaterThan(0);
      expect(scroll.height).toBeGreaterThan(0);
      expect(Array.isArray(await call<unknown>(page, 'getActiveTabs'))).toBe(true);
      expect(typeof (await call<unknown>(page, 'getDataMask'))).toBe('object');
      const states = await call<Record<string, unknown>>(page, 'getChartStates');
      expect(Object.keys(states).length).toBeGreaterThan(0);
      const chartId = Number(Object.keys(states)[0]);
      const payloads = await call<Record<string, unknown>>(page, 'getChartDataPayloads', { chartId });
      expect(Object.keys(payloads)).toEqual([String(chartId)]);
      expect(payloads[String(chartId)]).toBeTruthy();

      const country = await applyCountryFilter(frame);
      const observed = (await (
        await page.waitForFunction(
          (country) => (window as unknown as { masks: Record<string, unknown>[] }).masks.find((m) => m.nativeFiltersChanged === true && JSON.stringify(m).includes(country)),
          country,
          { timeout: RENDER_TIMEOUT },
        )
      ).jsonValue()) as Mask;
      expect(filterValues(observed)).toContain(country);
      expect(observed.crossFiltersChanged).toBe(false);
      const mask = await call<Mask>(page, 'getDataMask');
      expect(Object.keys(mask).some((key) => key.startsWith('NATIVE_FILTER'))).toBe(true);
      expect(filterValues(mask)).toContain(country);

      // The guest asks the host's resolvePermalinkUrl for a host-page URL of the new key.
      const permalink = await call<string>(page, 'getDashboardPermalink', 'some-anchor');
      const match = new RegExp(`^${host.origin}/shared/([^/?#]+)$`).exec(permalink);
      expect(match, permalink).not.toBeNull();
      const key = match![1];
      const stored = await fetch(`${server.url}/api/v1/dashboard/permalink/${key}`, { headers: { authorization: `Bearer ${lumen.accessToken}` } });
      expect(stored.status).toBe(200);
      const body = JSON.stringify(await stored.json());
      expect(body).toContain(country);
      expect(body).toContain('some-anchor');

      // The theme emits are fire-and-forget; the dashboard keeps answering afterwards.
      await call(page, 'setThemeMode', 'dark');
      expect((await call<{ height: number }>(page, 'getScrollSize')).height).toBeGreaterThan(0);
      await call(page, 'unmount');
      expect(await page.locator('#mount iframe').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);

  it('without resolvePermalinkUrl returns Lumen’s own permalink URL, and urlParams.permalink_key restores it', async () => {
    const { context, page, errors, frame } = await embed({ dashboardUiConfig: { emitDataMasks: true } });
    let key: string;
    let country: string;
    try {
      expect(new URL(frame.url()).searchParams.get('uiConfig')).toBe('16');
      expect(await chartsRendered(frame, RENDER_TIMEOUT)).toBeGreaterThan(0);
      // No hide bits: the title is shown.
      expect(await frame.locator('.bi-dash-header-bar').count()).toBe(1);
      country = await applyCountryFilter(frame);
      await expect.poll(async () => filterValues(await call<Mask>(page, 'getDataMask')), { timeout: RENDER_TIMEOUT }).toContain(country);
      const permalink = await call<string>(page, 'getDashboardPermalink', '');
      const url = new URL(permalink);
      expect(url.origin).toBe(server.url);
      key = /\/p\/([^/?#]+)\/?$/.exec(url.pathname)?.[1] ?? '';
      expect(key, permalink).not.toBe('');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // A host that shares the link passes the key back through urlParams, as Superset's docs describe.
    const restored = await embed({ dashboardUiConfig: { emitDataMasks: true, urlParams: { permalink_key: key } } });
    try {
      expect(new URL(restored.frame.url()).searchParams.get('permalink_key')).toBe(key);
      expect(await chartsRendered(restored.frame, RENDER_TIMEOUT)).toBeGreaterThan(0);
      await expect.poll(async () => filterValues(await call<Mask>(restored.page, 'getDataMask')), { timeout: RENDER_TIMEOUT }).toContain(country);
      expect(restored.errors).toEqual([]);
    } finally {
      await restored.context.close();
    }
  }, TEST_TIMEOUT);

  it('refreshes the guest token through fetchGuestToken and keeps loading charts after the first token expired', async () => {
    const firstMint = host.minted.length;
    const { context, page, errors, frame } = await embed({ dashboardUiConfig: { emitDataMasks: true } });
    try {
      expect(await chartsRendered(frame, RENDER_TIMEOUT)).toBeGreaterThan(0);
      const first = host.minted[firstMint];
      expect(first).toBeTruthy();

      // Until Lumen refuses the first token (past its exp and the server's clock-skew allowance).
      const refused = async (token: string) => (await fetch(`${server.url}/api/v1/me/`, { headers: { 'x-guesttoken': token } })).status === 401;
      await expect.poll(() => refused(first), { timeout: (TOKEN_LIFETIME_S + 60) * 1000, interval: 1_000 }).toBe(true);
      // The SDK refreshed on its own schedule (lifetime - 5 s, at least 10 s apart) at least once.
      expect(await page.evaluate(() => (window as unknown as { fetched: number }).fetched)).toBeGreaterThanOrEqual(2);
      expect(host.minted.length - firstMint).toBeGreaterThanOrEqual(2);

      const used: string[] = [];
      page.on('request', (request) => {
        const token = request.headers()['x-guesttoken'];
        if (token && request.frame() === frame && request.url().includes('/api/v1/chart/data')) used.push(token);
      });
      const country = await applyCountryFilter(frame);
      await expect.poll(() => used.length, { timeout: RENDER_TIMEOUT }).toBeGreaterThan(0);
      expect(await chartsRendered(frame, RENDER_TIMEOUT)).toBeGreaterThan(0);
      expect(await frame.locator('[data-chart-status="failed"]').count()).toBe(0);
      expect(used.filter((token) => token === first)).toEqual([]);
      await expect.poll(async () => filterValues(await call<Mask>(page, 'getDataMask')), { timeout: RENDER_TIMEOUT }).toContain(country);
      // Requests after the refresh still answer.
      expect((await call<{ height: number }>(page, 'getScrollSize')).height).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);
});
