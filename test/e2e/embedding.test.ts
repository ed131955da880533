/**
 * Embedding in real Chromium, with the host page on a different origin from Lumen (host:
 * http://localhost:PORT, Lumen: http://127.0.0.1:PORT): the iframe SDK (embedDashboard from the IIFE bundle)
 * and the inline <bi-dashboard>/<bi-chart> elements from both element bundles (React build, lite build).
 * Inline elements call Lumen directly (api-url = Lumen's origin) with X-GuestToken: Lumen answers CORS for
 * origins in an embedded dashboard's allowed_domains (packages/server/src/embedding/cors.ts).
 *
 * CI runs on 2 cores: every wait is on a condition, with generous timeouts.
 */
import type { Browser, BrowserContext, Frame, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleReactElementsHost } from './support/react-host-bundle';
import { findId, type LumenApi } from './support/embed-fixtures';
import type { EmbedHost } from './support/embed-host';
import { chartsRendered } from './support/charts-rendered';
import { startEmbeddingStage, TOKEN_LIFETIME_S, type EmbeddingStage } from './support/embedding-stage';
import type { LumenServer } from './support/lumen-server';

/** How long a dashboard may take to draw its first charts on a loaded CI machine. */
const RENDER_TIMEOUT = 90_000;
/** Per-test timeout: first load of the bundles, the dashboard and its charts, twice over on a slow machine. */
const TEST_TIMEOUT = 240_000;

let server: LumenServer;
let browser: Browser;
let host: EmbedHost;
let lumen: LumenApi;
let sales: { id: number; uuid: string };
let otherDashboardId: number;
let itemsSoldChartId: number;

let stage: EmbeddingStage | undefined;

beforeAll(async () => {
  stage = await startEmbeddingStage();
  ({ server, browser, lumen, host, sales } = stage);
  otherDashboardId = await findId(lumen, 'dashboard', 'dashboard_title', 'Video Game Sales');
  itemsSoldChartId = await findId(lumen, 'chart', 'slice_name', 'Items Sold');
  host.files.set('/react-host.js', { type: 'text/javascript', body: await bundleReactElementsHost() });
});

afterAll(async () => {
  await stage?.stop();
});

const SCRIPTS = {
  iframe: '<script src="/embed/lumen-embed.iife.js"></script>',
  react: '<script type="module" src="/react-host.js"></script>',
  lite: '<script type="module" src="/elements/bi-elements.lite.js"></script>',
  'chart-lite': '<script type="module" src="/elements/bi-chart.lite.js"></script>',
} as const;
type Flavor = keyof typeof SCRIPTS;

/**
 * Opens the host page with one SDK bundle loaded; page errors are collected. `initScript` runs in every frame
 * (the host page and the iframes) before their own scripts.
 */
async function openHost(flavor: Flavor, origin = host.origin, initScript?: () => void): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${origin}/`);
  await page.evaluate((script) => {
    const holder = document.createElement('div');
    holder.innerHTML = script;
    const source = holder.firstElementChild as HTMLScriptElement;
    const tag = document.createElement('script');
    if (source.type) tag.type = source.type;
    tag.src = source.src;
    document.head.append(tag);
    (window as unknown as { events: unknown[] }).events = [];
  }, SCRIPTS[flavor]);
  if (flavor === 'iframe') await page.waitForFunction(() => 'LumenEmbed' in window);
  else await page.waitForFunction((tag) => Boolean(customElements.get(tag)), flavor === 'chart-lite' ? 'bi-chart' : 'bi-dashboard');
  return { context, page, errors };
}

interface ElementOptions {
  tag?: 'bi-dashboard' | 'bi-chart';
  attributes: Record<string, string>;
  /** Use the host backend through the fetchGuestToken property (refreshing) instead of a guest-token attribute. */
  fetchToken?: boolean;
}

/** Adds an element to the host page; its events are recorded in window.events as {id, type, detail}. */
async function addElement(page: Page, id: string, options: ElementOptions): Promise<Locator> {
  await page.evaluate(
    ({ id, tag, attributes, fetchToken }) => {
      const element = document.createElement(tag) as HTMLElement & { fetchGuestToken?: () => Promise<string> };
      element.id = id;
      element.style.display = 'block';
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      if (fetchToken) element.fetchGuestToken = () => fetch('/guest-token', { method: 'POST' }).then((r) => r.json()).then((j: { token: string }) => j.token);
      const events = (window as unknown as { events: unknown[] }).events;
      for (const type of ['bi-ready', 'bi-data-mask', 'bi-error']) {
        element.addEventListener(type, (event) => {
          const detail = (event as CustomEvent).detail as Record<string, unknown>;
          events.push({ id, type, detail: type === 'bi-error' ? { code: detail.code, source: detail.source, message: detail.message } : detail });
        });
      }
      document.body.append(element);
    },
    { id, tag: options.tag ?? 'bi-dashboard', attributes: options.attributes, fetchToken: options.fetchToken ?? false },
  );
  return page.locator(`#${id}`);
}

interface RecordedEvent {
  id: string;
  type: string;
  detail: Record<string, unknown>;
}

/** The first event of that type from that element (whose JSON contains `containing`, when given). */
async function waitForEvent(page: Page, id: string, type: string, containing = '', timeout = RENDER_TIMEOUT): Promise<RecordedEvent> {
  const handle = await page.waitForFunction(
    ({ id, type, containing }) =>
      (window as unknown as { events: RecordedEvent[] }).events.find((e) => e.id === id && e.type === type && JSON.stringify(e.detail).includes(containing)),
    { id, type, containing },
    { timeout },
  );
  return (await handle.jsonValue()) as RecordedEvent;
}


/** Picks the first value of the Country native filter and applies it. */
async function applyCountryFilter(scope: Locator | Frame): Promise<string> {
  const combobox = scope.getByRole('combobox', { name: 'Country' });
  await combobox.click();
  const option = scope.getByRole('option').first();
  await option.waitFor({ timeout: RENDER_TIMEOUT });
  const value = (await option.textContent())?.trim() ?? '';
  await option.click();
  await scope.getByRole('button', { name: 'Apply filters' }).click();
  return value;
}

/** The paths of the scripts the page requests from now on (chunks fetched lazily included). */
function recordScriptPaths(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

describe('iframe embedding (embedDashboard from the IIFE bundle)', () => {
  it('renders the dashboard, hides the title and tabs, and reports filter changes through observeDataMask', async () => {
    host.tokenRequest = { resources: [{ type: 'dashboard', id: sales.uuid }], rls: [] };
    const { context, page, errors } = await openHost('iframe');
    try {
      await page.evaluate(
        ({ uuid, domain }) => {
          const w = window as unknown as { LumenEmbed: { embedDashboard(o: unknown): Promise<{ observeDataMask(cb: (m: unknown) => void): void }> }; masks: unknown[] };
          w.masks = [];
          void w.LumenEmbed.embedDashboard({
            id: uuid,
            domain,
            mountPoint: document.getElementById('mount'),
            fetchGuestToken: () => fetch('/guest-token', { method: 'POST' }).then((r) => r.json()).then((j: { token: string }) => j.token),
            dashboardUiConfig: { hideTitle: true, hideTab: true, emitDataMasks: true },
          }).then((embedded) => embedded.observeDataMask((mask) => w.masks.push(mask)));
        },
        { uuid: sales.uuid, domain: server.url },
      );
      const frame = page.frameLocator('#mount iframe');
      const iframe = await waitForFrame(page);
      expect(new URL(iframe.url()).origin).toBe(server.url);
      expect(await chartsRendered(iframe, RENDER_TIMEOUT)).toBeGreaterThan(0);
      expect(await frame.locator('.bi-dash-header-bar').count()).toBe(0);
      expect(await frame.locator('.bi-dash-tabs__strip').count()).toBe(0);
      expect(await frame.locator('.bi-topnav, nav[aria-label="Main"]').count()).toBe(0);

      const country = await applyCountryFilter(iframe);
      // The first observed mask is the dashboard's initial one; the one wanted carries the chosen country.
      const mask = (await (
        await page.waitForFunction(
          (country) => (window as unknown as { masks: Record<string, unknown>[] }).masks.find((m) => m.nativeFiltersChanged && JSON.stringify(m).includes(country)),
          country,
          { timeout: RENDER_TIMEOUT },
        )
      ).jsonValue()) as Record<string, { filterState?: { value?: unknown } }>;
      expect(JSON.stringify(Object.values(mask).map((m) => (typeof m === 'object' ? m.filterState?.value : m)))).toContain(country);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);

  it('is not shown inside a host whose origin is not an allowed domain (frame-ancestors)', async () => {
    host.tokenRequest = { resources: [{ type: 'dashboard', id: sales.uuid }], rls: [] };
    const { context, page } = await openHost('iframe', host.otherOrigin);
    try {
      await page.evaluate(
        ({ uuid, domain }) => {
          const w = window as unknown as { LumenEmbed: { embedDashboard(o: unknown): Promise<unknown> } };
          void w.LumenEmbed.embedDashboard({
            id: uuid,
            domain,
            mountPoint: document.getElementById('mount'),
            fetchGuestToken: () => fetch('/guest-token', { method: 'POST' }).then((r) => r.json()).then((j: { token: string }) => j.token),
          });
        },
        { uuid: sales.uuid, domain: server.url },
      );
      // The guest page's frame-ancestors names only the allowed domains, so the browser refuses to show it
      // in this host at all (the guest page's own handshake check is the wall behind it, for browsers
      // without CSP: its unit tests cover it).
      await page.locator('#mount iframe').waitFor({ timeout: RENDER_TIMEOUT });
      await expect.poll(() => page.frames().some((f) => f.url().startsWith('chrome-error://')), { timeout: RENDER_TIMEOUT }).toBe(true);
      for (const frame of page.frames()) {
        expect(await frame.locator('[data-chart-status]').count()).toBe(0);
        expect(await frame.locator('.bi-dash').count()).toBe(0);
      }
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);
});

async function waitForFrame(page: Page): Promise<Frame> {
  await page.locator('#mount iframe').waitFor({ timeout: RENDER_TIMEOUT });
  await expect.poll(() => page.frames().some((f) => f.url().includes('/embedded/')), { timeout: RENDER_TIMEOUT }).toBe(true);
  return page.frames().find((f) => f.url().includes('/embedded/'))!;
}

describe.each(['react', 'lite'] as const)('inline elements (%s bundle)', (flavor) => {
  it('renders <bi-dashboard> for an embedded uuid with a refreshing guest token, honours the hide flags and emits bi-data-mask', async () => {
    host.tokenRequest = { resources: [{ type: 'dashboard', id: sales.uuid }], rls: [] };
    const { context, page, errors } = await openHost(flavor);
    try {
      const plain = await addElement(page, 'plain', { attributes: { 'api-url': server.url, 'dashboard-id': sales.uuid }, fetchToken: true });
      const flagged = await addElement(page, 'flagged', {
        attributes: { 'api-url': server.url, 'dashboard-id': sales.uuid, 'hide-title': '', 'hide-tab': '', 'hide-chart-controls': '' },
        fetchToken: true,
      });
      const ready = await waitForEvent(page, 'plain', 'bi-ready');
      expect(ready.detail).toMatchObject({ element: 'bi-dashboard', dashboardId: sales.id });
      await waitForEvent(page, 'flagged', 'bi-ready');
      expect(await chartsRendered(plain, RENDER_TIMEOUT)).toBeGreaterThan(0);
      expect(await chartsRendered(flagged, RENDER_TIMEOUT)).toBeGreaterThan(0);
      // The views render in each element's shadow root, not in the page.
      expect(await page.evaluate(() => document.getElementById('plain')!.shadowRoot!.querySelector('.bi-dash') !== null)).toBe(true);
      expect(await page.evaluate(() => document.querySelector('.bi-dash'))).toBeNull();

      expect(await plain.locator('.bi-dash-header-bar').count()).toBe(1);
      expect(await flagged.locator('.bi-dash-header-bar').count()).toBe(0);
      expect(await plain.locator('.bi-dash-tabs__strip').count()).toBeGreaterThan(0);
      expect(await flagged.locator('.bi-dash-tabs__strip').count()).toBe(0);
      expect(await plain.getByRole('button', { name: /^More options for / }).count()).toBeGreaterThan(0);
      expect(await flagged.getByRole('button', { name: /^More options for / }).count()).toBe(0);

      // Removing the attribute shows the title again.
      await flagged.evaluate((el) => el.removeAttribute('hide-title'));
      await flagged.locator('.bi-dash-header-bar').waitFor();

      // The initial (default) masks are announced once, not once per internal update.
      expect(await page.evaluate(() => (window as unknown as { events: RecordedEvent[] }).events.filter((e) => e.id === 'plain' && e.type === 'bi-data-mask').length)).toBe(1);
      const country = await applyCountryFilter(plain);
      const event = await waitForEvent(page, 'plain', 'bi-data-mask', country);
      expect(Object.keys(event.detail).some((key) => key.startsWith('NATIVE_FILTER'))).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);

  it('refuses a token for another dashboard and a forged token with bi-error', async () => {
    const { context, page } = await openHost(flavor);
    try {
      const other = await host.mint({ resources: [{ type: 'dashboard', id: otherDashboardId }], rls: [] });
      const valid = await host.mint({ resources: [{ type: 'dashboard', id: sales.uuid }], rls: [] });
      const [head, payload, signature] = valid.split('.');
      const forged = `${head}.${payload}.${signature.slice(0, -4)}${signature.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
      await addElement(page, 'other', { attributes: { 'api-url': server.url, 'dashboard-id': sales.uuid, 'guest-token': other } });
      await addElement(page, 'forged', { attributes: { 'api-url': server.url, 'dashboard-id': String(sales.id), 'guest-token': forged } });
      const refused = await waitForEvent(page, 'other', 'bi-error');
      expect(refused.detail).toMatchObject({ source: 'dashboard', code: expect.stringMatching(/^HTTP_40[13]$/) });
      const bad = await waitForEvent(page, 'forged', 'bi-error');
      // The server names why the token is refused (here: its signature), not a bare 401.
      expect(bad.detail).toMatchObject({ source: 'dashboard', code: 'TOKEN_INVALID' });
      expect(await page.locator('#other [data-chart-status="rendered"]').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);

  it('applies the RLS clause of the token: <bi-chart> shows other numbers', async () => {
    const { context, page } = await openHost(flavor);
    try {
      const open = await host.mint({ resources: [{ type: 'dashboard', id: sales.uuid }], rls: [] });
      const restricted = await host.mint({ resources: [{ type: 'dashboard', id: sales.uuid }], rls: [{ clause: "country = 'France'" }] });
      const all = await addElement(page, 'all', { tag: 'bi-chart', attributes: { 'api-url': server.url, 'chart-id': String(itemsSoldChartId), 'guest-token': open } });
      const rls = await addElement(page, 'rls', { tag: 'bi-chart', attributes: { 'api-url': server.url, 'chart-id': String(itemsSoldChartId), 'guest-token': restricted } });
      await waitForEvent(page, 'all', 'bi-ready');
      await waitForEvent(page, 'rls', 'bi-ready');
      const text = (el: Locator) => el.locator('.bi-chart-container__host').innerText();
      const [allText, rlsText] = [await text(all), await text(rls)];
      expect(allText.trim()).not.toBe('');
      expect(rlsText.trim()).not.toBe('');
      expect(rlsText).not.toBe(allText);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);
});

describe('bi-chart.lite.js (only <bi-chart>)', () => {
  it('renders a saved chart, loading only the plugin of its viz type', async () => {
    const { context, page, errors } = await openHost('chart-lite');
    try {
      const scripts = recordScriptPaths(page);
      const token = await host.mint({ resources: [{ type: 'dashboard', id: sales.uuid }], rls: [] });
      const chart = await addElement(page, 'single', { tag: 'bi-chart', attributes: { 'api-url': server.url, 'chart-id': String(itemsSoldChartId), 'guest-token': token } });
      await waitForEvent(page, 'single', 'bi-ready');
      expect((await chart.locator('.bi-chart-container__host').innerText()).trim()).not.toBe('');
      expect(await page.evaluate(() => customElements.get('bi-dashboard'))).toBeUndefined();
      // One plugin family was fetched (Items Sold is a big number), not the other viz types.
      expect(scripts.filter((path) => /\/chunks\/big-number-/.test(path))).toHaveLength(1);
      expect(scripts.filter((path) => /\/chunks\/(table|pie|timeseries|pivot-table)-/.test(path))).toEqual([]);
      // The error panels load only when a chart fails.
      expect(scripts.filter((path) => /\/chunks\/error-panel-/.test(path))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);
  it('shows the error panel of a failed chart query, its code fetched only then', async () => {
    const { context, page, errors } = await openHost('chart-lite');
    try {
      const scripts = recordScriptPaths(page);
      const token = await host.mint({ resources: [{ type: 'dashboard', id: sales.uuid }], rls: [] });
      // Inline form data on a dataset that does not exist: the chart-data request fails on the server.
      const formData = { datasource: '987654__table', viz_type: 'big_number_total', metric: 'count' };
      const chart = await addElement(page, 'broken', { tag: 'bi-chart', attributes: { 'api-url': server.url, 'chart-id': JSON.stringify(formData), 'guest-token': token } });
      // The full panel (a titled alert from the lazy chunk), not only the fallback text, in the shadow root.
      const panel = chart.locator('.bi-error-panel[role="alert"]');
      await panel.locator('.bi-error-panel__title').waitFor({ timeout: RENDER_TIMEOUT });
      expect((await panel.locator('.bi-error-panel__message').innerText()).trim()).not.toBe('');
      expect(scripts.filter((path) => /\/chunks\/error-panel-/.test(path))).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);
});

describe('guest token refresh', () => {
  it('keeps the iframe and an element loading charts after the first token has expired', async () => {
    host.tokenRequest = { resources: [{ type: 'dashboard', id: sales.uuid }], rls: [] };
    const { context, page, errors } = await openHost('lite');
    try {
      await page.addScriptTag({ url: '/embed/lumen-embed.iife.js' });
      const firstMint = host.minted.length;
      await page.evaluate(
        ({ uuid, domain }) => {
          const w = window as unknown as { LumenEmbed: { embedDashboard(o: unknown): Promise<{ setDataMask(m: unknown): Promise<void> }> }; embedded: unknown };
          void w.LumenEmbed.embedDashboard({
            id: uuid,
            domain,
            mountPoint: document.getElementById('mount'),
            fetchGuestToken: () => fetch('/guest-token', { method: 'POST' }).then((r) => r.json()).then((j: { token: string }) => j.token),
            dashboardUiConfig: { emitDataMasks: true },
          }).then((embedded) => (w.embedded = embedded));
        },
        { uuid: sales.uuid, domain: server.url },
      );
      const element = await addElement(page, 'refreshing', { attributes: { 'api-url': server.url, 'dashboard-id': sales.uuid }, fetchToken: true });
      const iframe = await waitForFrame(page);
      expect(await chartsRendered(iframe, RENDER_TIMEOUT)).toBeGreaterThan(0);
      expect(await chartsRendered(element, RENDER_TIMEOUT)).toBeGreaterThan(0);
      const firstTokens = new Set(host.minted.slice(firstMint));

      // Until Lumen refuses every token minted so far (past their exp and the server's clock-skew allowance):
      // from then on only refreshed tokens work.
      const refused = async (token: string) => (await fetch(`${server.url}/api/v1/me/`, { headers: { 'x-guesttoken': token } })).status === 401;
      await expect
        .poll(async () => (await Promise.all([...firstTokens].map(refused))).every(Boolean), { timeout: (TOKEN_LIFETIME_S + 60) * 1000, interval: 1_000 })
        .toBe(true);
      expect(host.minted.length - firstMint).toBeGreaterThanOrEqual(firstTokens.size + 2);

      const used: { inFrame: boolean; token: string }[] = [];
      const frame = page.frames().find((f) => f.url().includes('/embedded/'))!;
      page.on('request', (request) => {
        const token = request.headers()['x-guesttoken'];
        if (token && request.url().includes('/api/v1/chart/data')) used.push({ inFrame: request.frame() === frame, token });
      });
      await applyCountryFilter(frame);
      await expect.poll(() => used.filter((u) => u.inFrame).length, { timeout: RENDER_TIMEOUT }).toBeGreaterThan(0);
      await applyCountryFilter(element);
      await expect.poll(() => used.filter((u) => !u.inFrame).length, { timeout: RENDER_TIMEOUT }).toBeGreaterThan(0);
      expect(await chartsRendered(frame, RENDER_TIMEOUT)).toBeGreaterThan(0);
      expect(await chartsRendered(element, RENDER_TIMEOUT)).toBeGreaterThan(0);
      expect(await frame.locator('[data-chart-status="failed"]').count()).toBe(0);
      expect(await element.locator('[data-chart-status="failed"]').count()).toBe(0);
      expect(used.filter((u) => firstTokens.has(u.token))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);
});

/**
 * Runs in every frame before the page's scripts: records the target origin of every window.postMessage the
 * page makes, on same-realm windows and through iframe.contentWindow / window.parent / window.opener (calls
 * on a cross-origin window do not go through Window.prototype, so those getters hand out a recording
 * wrapper). `window.top` is unforgeable and cannot be wrapped; nothing in Lumen or the SDK uses it.
 */
function recordPostMessageTargets(): void {
  const targets: string[] = [];
  (window as unknown as { postMessageTargets: string[] }).postMessageTargets = targets;
  const targetOf = (options: unknown) =>
    typeof options === 'string' ? options : ((options as { targetOrigin?: string } | undefined)?.targetOrigin ?? '/');
  const send = Window.prototype.postMessage;
  Window.prototype.postMessage = function (this: Window, message: unknown, options?: unknown, transfer?: Transferable[]) {
    targets.push(targetOf(options));
    return (send as (...args: unknown[]) => void).call(this, message, options, transfer);
  } as typeof Window.prototype.postMessage;
  const recording = (target: Window | null) =>
    target &&
    ({
      postMessage(message: unknown, options?: unknown, transfer?: Transferable[]) {
        targets.push(targetOf(options));
        (target.postMessage as (...args: unknown[]) => void)(message, options, transfer);
      },
    } as unknown as Window);
  const contentWindow = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow')!;
  Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
    configurable: true,
    get(this: HTMLIFrameElement) {
      return recording(contentWindow.get!.call(this) as Window | null);
    },
  });
  for (const name of ['parent', 'opener'] as const) {
    const real = window[name] as Window | null;
    if (real && real !== window) Object.defineProperty(window, name, { configurable: true, get: () => recording(real) });
  }
}

interface EmbedSalesOptions {
  /** Plain options of embedDashboard (serialisable: they cross into the page). */
  options?: Record<string, unknown>;
  /** Use a fetchGuestToken that never settles instead of the host backend's. */
  stallToken?: boolean;
}

/** Starts embedDashboard for the Sales Dashboard on the host page; onError goes to window.embedErrors. */
async function embedSales(page: Page, { options = {}, stallToken = false }: EmbedSalesOptions): Promise<void> {
  await page.evaluate(
    ({ uuid, domain, options, stallToken }) => {
      const w = window as unknown as { LumenEmbed: { embedDashboard(o: unknown): Promise<unknown> }; embedded: unknown; embedErrors: unknown[] };
      w.embedErrors = [];
      const fromBackend = () => fetch('/guest-token', { method: 'POST' }).then((r) => r.json()).then((j: { token: string }) => j.token);
      void w.LumenEmbed.embedDashboard({
        id: uuid,
        domain,
        mountPoint: document.getElementById('mount'),
        fetchGuestToken: stallToken ? () => new Promise<string>(() => undefined) : fromBackend,
        onError: (error: { code: string; message: string }) => w.embedErrors.push({ code: error.code, message: error.message }),
        ...options,
      }).then((embedded) => (w.embedded = embedded));
    },
    { uuid: sales.uuid, domain: server.url, options, stallToken },
  );
}

/** A CSS custom property's computed value on the guest page's root element. */
const rootProperty = (frame: Frame, name: string) => frame.evaluate((name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim(), name);

describe('iframe SDK options in Chromium', () => {
  it('puts the sandbox, allow and referrer options on the iframe, applies setThemeConfig and setThemeMode in the guest page, and posts nothing to "*"', async () => {
    host.tokenRequest = { resources: [{ type: 'dashboard', id: sales.uuid }], rls: [] };
    const { context, page, errors } = await openHost('iframe', host.origin, recordPostMessageTargets);
    try {
      await embedSales(page, {
        options: {
          iframeTitle: 'Sales for the board',
          iframeSandboxExtras: ['allow-popups-to-escape-sandbox'],
          iframeAllowExtras: ['geolocation'],
          referrerPolicy: 'no-referrer',
        },
      });
      const iframe = page.locator('#mount iframe');
      await iframe.waitFor({ timeout: RENDER_TIMEOUT });
      const attributes = await iframe.evaluate((el) => ({
        sandbox: el.getAttribute('sandbox')!.split(' '),
        allow: el.getAttribute('allow')!.split(/;\s*/),
        referrerPolicy: el.getAttribute('referrerpolicy'),
        title: el.getAttribute('title'),
      }));
      expect(attributes.sandbox).toEqual(
        expect.arrayContaining(['allow-same-origin', 'allow-scripts', 'allow-presentation', 'allow-downloads', 'allow-forms', 'allow-popups', 'allow-popups-to-escape-sandbox']),
      );
      expect(attributes.allow).toEqual(expect.arrayContaining(['fullscreen', 'clipboard-write', 'geolocation']));
      expect(attributes).toMatchObject({ referrerPolicy: 'no-referrer', title: 'Sales for the board' });

      const frame = await waitForFrame(page);
      expect(await chartsRendered(frame, RENDER_TIMEOUT)).toBeGreaterThan(0);
      await page.waitForFunction(() => 'embedded' in window);
      // The options take effect in the guest document, not only as attributes.
      expect(await frame.evaluate(() => document.referrer)).toBe('');
      expect(await frame.evaluate(() => (document as unknown as { featurePolicy?: { allowsFeature(f: string): boolean } }).featurePolicy?.allowsFeature('geolocation') ?? null)).not.toBe(false);

      // setThemeConfig: a --bi-* token from the host reaches the guest page's styles (the chart cards' background).
      const defaultSurface = await rootProperty(frame, '--bi-color-surface');
      await page.evaluate(() => (window as unknown as { embedded: { setThemeConfig(c: unknown): void } }).embedded.setThemeConfig({ '--bi-color-surface': 'rgb(1, 2, 3)' }));
      await expect.poll(() => rootProperty(frame, '--bi-color-surface'), { timeout: 10_000 }).toBe('rgb(1, 2, 3)');
      expect(await frame.evaluate(() => [...document.querySelectorAll('body, body *')].some((el) => getComputedStyle(el).backgroundColor === 'rgb(1, 2, 3)'))).toBe(true);

      // setThemeMode: the guest switches to the dark theme, whose tokens differ from the default ones.
      const defaultText = await rootProperty(frame, '--bi-color-text');
      await page.evaluate(() => (window as unknown as { embedded: { setThemeMode(m: string): void } }).embedded.setThemeMode('dark'));
      await expect.poll(() => frame.evaluate(() => document.documentElement.dataset.biTheme), { timeout: 10_000 }).toBe('dark');
      expect(await rootProperty(frame, '--bi-color-text')).not.toBe(defaultText);
      expect(defaultSurface).not.toBe('rgb(1, 2, 3)');
      await page.evaluate(() => (window as unknown as { embedded: { setThemeMode(m: string): void } }).embedded.setThemeMode('default'));
      await expect.poll(() => rootProperty(frame, '--bi-color-text'), { timeout: 10_000 }).toBe(defaultText);

      // Every postMessage of the host and the guest named an exact origin: the handshake went to Lumen's.
      const hostTargets = await page.evaluate(() => (window as unknown as { postMessageTargets: string[] }).postMessageTargets);
      const guestTargets = await frame.evaluate(() => (window as unknown as { postMessageTargets?: string[] }).postMessageTargets ?? null);
      expect(hostTargets.length).toBeGreaterThan(0);
      expect(new Set(hostTargets)).toEqual(new Set([server.url]));
      expect(guestTargets).not.toBeNull();
      expect(guestTargets).not.toContain('*');
      expect(await page.evaluate(() => (window as unknown as { embedErrors: unknown[] }).embedErrors)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);

  it('reports GUEST_TOKEN_TIMEOUT when fetchGuestToken never settles, and the guest page shows it is waiting instead of a blank', async () => {
    const { context, page } = await openHost('iframe');
    try {
      await embedSales(page, { stallToken: true, options: { guestTokenFetchTimeoutMs: 1500 } });
      const error = (await (
        await page.waitForFunction(() => (window as unknown as { embedErrors: { code: string }[] }).embedErrors[0], undefined, { timeout: 30_000 })
      ).jsonValue()) as { code: string; message: string };
      expect(error).toEqual({ code: 'GUEST_TOKEN_TIMEOUT', message: expect.stringContaining('1500 ms') });
      const frame = await waitForFrame(page);
      await frame.locator('[data-waiting-for-host]').waitFor({ timeout: RENDER_TIMEOUT });
      expect((await frame.locator('[data-waiting-for-host]').innerText()).trim()).not.toBe('');
      expect(await frame.locator('[data-chart-status]').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);
});
