/**
 * What a host controls on an embedded dashboard, in real Chromium, on both routes (inline elements from the
 * lite bundle, embedDashboard from the IIFE bundle), the host on another origin than Lumen: one guest-token
 * fetch per provider, bi-chart-state only on change, the default tabs, report mode, Share, and filters set
 * by name. Plus the weight of embedDashboard alone.
 *
 * CI runs on 2 cores: every wait is on a condition, with generous timeouts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Frame, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chartsRendered } from './support/charts-rendered';
import { findId } from './support/embed-fixtures';
import type { EmbedHost } from './support/embed-host';
import { startEmbeddingStage, TOKEN_LIFETIME_S, type EmbeddingStage } from './support/embedding-stage';
import { REPO_ROOT } from './support/repo-root';

const RENDER_TIMEOUT = 90_000;
const TEST_TIMEOUT = 240_000;

let stage: EmbeddingStage;
let host: EmbedHost;

beforeAll(async () => {
  stage = await startEmbeddingStage();
  host = stage.host;
  host.tokenRequest = { resources: [{ type: 'dashboard', id: stage.sales.uuid }], rls: [] };
});

afterAll(async () => {
  await stage?.stop();
});

/** The host page with the lite elements bundle and the IIFE SDK; `window.events` records the elements' events. */
async function openHost(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await stage.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${host.origin}/`);
  await page.addScriptTag({ url: '/embed/lumen-embed.iife.js' });
  await page.addScriptTag({ url: '/elements/bi-elements.lite.js', type: 'module' });
  await page.waitForFunction(() => Boolean(customElements.get('bi-dashboard')) && 'LumenEmbed' in window);
  await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    w.events = [];
    w.tokenCalls = { shared: 0, other: 0 };
    const fetchToken = () => fetch('/guest-token', { method: 'POST' }).then((r) => r.json()).then((j: { token: string }) => j.token);
    // Two providers that count their calls: elements given the same one must share its fetches.
    w.sharedProvider = () => ((w.tokenCalls as { shared: number }).shared++, fetchToken());
    w.otherProvider = () => ((w.tokenCalls as { other: number }).other++, fetchToken());
  });
  return { context, page, errors };
}

/** Adds an element whose token comes from a provider of the page (`sharedProvider` or `otherProvider`). */
async function addElement(page: Page, id: string, tag: 'bi-dashboard' | 'bi-chart', attributes: Record<string, string>, provider = 'sharedProvider'): Promise<Locator> {
  await page.evaluate(
    ({ id, tag, attributes, provider }) => {
      const w = window as unknown as Record<string, unknown> & { events: unknown[] };
      const element = document.createElement(tag) as HTMLElement & { fetchGuestToken?: unknown };
      element.id = id;
      element.style.display = 'block';
      element.style.height = tag === 'bi-chart' ? '260px' : '';
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      element.fetchGuestToken = w[provider];
      for (const type of ['bi-ready', 'bi-data-mask', 'bi-chart-state', 'bi-error']) {
        element.addEventListener(type, (event) => {
          const detail = (event as CustomEvent).detail as Record<string, unknown>;
          const state = detail.state as { status?: string; rowCount?: number } | undefined;
          w.events.push({ id, type, detail: type === 'bi-chart-state' ? { chartId: detail.chartId, status: state?.status, rowCount: state?.rowCount } : type === 'bi-error' ? { code: detail.code } : detail });
        });
      }
      document.body.append(element);
    },
    { id, tag, attributes: { 'api-url': stage.server.url, ...attributes }, provider },
  );
  return page.locator(`#${id}`);
}

interface RecordedEvent {
  id: string;
  type: string;
  detail: Record<string, unknown>;
}

const eventsOf = (page: Page, id: string, type: string) =>
  page.evaluate(({ id, type }) => (window as unknown as { events: RecordedEvent[] }).events.filter((e) => e.id === id && e.type === type), { id, type });

async function waitForEvent(page: Page, id: string, type: string, containing = ''): Promise<RecordedEvent> {
  const handle = await page.waitForFunction(
    ({ id, type, containing }) => (window as unknown as { events: RecordedEvent[] }).events.find((e) => e.id === id && e.type === type && JSON.stringify(e.detail).includes(containing)),
    { id, type, containing },
    { timeout: RENDER_TIMEOUT },
  );
  return (await handle.jsonValue()) as RecordedEvent;
}

/** Embeds the Sales Dashboard in the page's #mount with embedDashboard; `window.embedded` is the handle. */
async function embed(page: Page, options: { uiConfig?: Record<string, unknown>; resolver?: boolean } = {}): Promise<Frame> {
  await page.evaluate(
    ({ uuid, domain, uiConfig, resolver }) => {
      const w = window as unknown as Record<string, unknown> & { LumenEmbed: { embedDashboard(o: unknown): Promise<unknown> }; masks: unknown[]; resolvedKeys: string[] };
      w.masks = [];
      w.resolvedKeys = [];
      void w.LumenEmbed.embedDashboard({
        id: uuid,
        domain,
        mountPoint: document.getElementById('mount'),
        fetchGuestToken: w.sharedProvider,
        dashboardUiConfig: { emitDataMasks: true, ...uiConfig },
        ...(resolver ? { resolvePermalinkUrl: ({ key }: { key: string }) => (w.resolvedKeys.push(key), `${location.origin}/reports/sales?permalink=${key}`) } : {}),
      }).then((embedded) => {
        w.embedded = embedded;
        (embedded as { observeDataMask(cb: (m: unknown) => void): void }).observeDataMask((mask) => w.masks.push(mask));
      });
    },
    { uuid: stage.sales.uuid, domain: stage.server.url, uiConfig: options.uiConfig ?? {}, resolver: options.resolver ?? false },
  );
  await page.waitForFunction(() => 'embedded' in window, undefined, { timeout: RENDER_TIMEOUT });
  return page.frames().find((f) => f.url().includes('/embedded/'))!;
}

describe('one guest-token fetch per provider', () => {
  it('4 <bi-chart> with one provider make one token call, and one per refresh; another provider stays apart', async () => {
    const { context, page, errors } = await openHost();
    try {
      const ids = ['c1', 'c2', 'c3', 'c4'];
      const itemsSold = await findId(stage.lumen, 'chart', 'slice_name', 'Items Sold');
      for (const id of ids) await addElement(page, id, 'bi-chart', { 'chart-id': String(itemsSold) });
      await addElement(page, 'apart', 'bi-chart', { 'chart-id': String(itemsSold) }, 'otherProvider');
      for (const id of [...ids, 'apart']) await waitForEvent(page, id, 'bi-ready');
      const calls = () => page.evaluate(() => (window as unknown as { tokenCalls: { shared: number; other: number } }).tokenCalls);
      expect(await calls()).toEqual({ shared: 1, other: 1 });
      // Tokens live TOKEN_LIFETIME_S (15 s) and are refreshed 5 s before they end: one refresh for all four.
      await expect.poll(async () => (await calls()).shared, { timeout: (TOKEN_LIFETIME_S + 30) * 1000, interval: 500 }).toBe(2);
      await page.waitForTimeout(2_000);
      expect((await calls()).shared).toBe(2);
      expect((await calls()).other).toBeLessThanOrEqual(2);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);
});

describe('<bi-dashboard> (inline)', () => {
  it('fires bi-chart-state only for the chart that changed, and answers the default tabs', async () => {
    const { context, page, errors } = await openHost();
    try {
      const dashboard = await addElement(page, 'dash', 'bi-dashboard', { 'dashboard-id': stage.sales.uuid });
      await waitForEvent(page, 'dash', 'bi-ready');
      expect(await chartsRendered(dashboard, RENDER_TIMEOUT)).toBeGreaterThan(0);
      const states = await eventsOf(page, 'dash', 'bi-chart-state');
      const byChart = new Map<unknown, string[]>();
      for (const { detail } of states) byChart.set(detail.chartId, [...(byChart.get(detail.chartId) ?? []), JSON.stringify(detail)]);
      expect(byChart.size).toBeGreaterThan(1);
      for (const [chart, list] of byChart) {
        // Each event of a chart is a change of that chart: never the same state twice in a row.
        for (let i = 1; i < list.length; i += 1) expect(list[i], `chart ${String(chart)}`).not.toBe(list[i - 1]);
      }

      const selected = await dashboard.locator('[role="tab"][aria-selected="true"]').first().getAttribute('id');
      expect(selected).toBeTruthy();
      const tabs = await dashboard.evaluate((el) => (el as unknown as { getActiveTabs(): string[] }).getActiveTabs());
      expect(tabs).toContain(selected!.replace(/-button$/, ''));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);

  it('report mode shows no chart menus, no header actions and no filter bar', async () => {
    const { context, page } = await openHost();
    try {
      const dashboard = await addElement(page, 'report', 'bi-dashboard', { 'dashboard-id': stage.sales.uuid, 'display-mode': 'report' });
      expect(await chartsRendered(dashboard, RENDER_TIMEOUT)).toBeGreaterThan(0);
      expect(await dashboard.getByRole('button', { name: /^More options for / }).count()).toBe(0);
      expect(await dashboard.locator('.bi-dash-header-bar').count()).toBe(0);
      expect(await dashboard.getByRole('button', { name: 'Apply filters' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);

  it('Share: hidden for a guest by default, the host URL from resolvePermalinkUrl otherwise', async () => {
    const { context, page } = await openHost();
    try {
      const plain = await addElement(page, 'plain', 'bi-dashboard', { 'dashboard-id': stage.sales.uuid });
      await plain.getByRole('button', { name: 'Refresh dashboard' }).waitFor({ timeout: RENDER_TIMEOUT });
      expect(await plain.getByRole('button', { name: 'Share' }).count()).toBe(0);

      await page.evaluate(() => {
        const w = window as unknown as { resolvedKeys: string[]; copied?: string };
        w.resolvedKeys = [];
        // Headless Chromium may refuse the real clipboard to an unfocused page: record what is written instead.
        Object.defineProperty(navigator.clipboard, 'writeText', { configurable: true, value: async (text: string) => void (w.copied = text) });
        const el = document.createElement('bi-dashboard') as HTMLElement & Record<string, unknown>;
        el.id = 'shared';
        el.resolvePermalinkUrl = ({ key }: { key: string }) => (w.resolvedKeys.push(key), `${location.origin}/reports/sales?permalink=${key}`);
        document.getElementById('plain')!.replaceWith(el);
      });
      await addElementAttributes(page, 'shared', { 'api-url': stage.server.url, 'dashboard-id': stage.sales.uuid });
      const shared = page.locator('#shared');
      await shared.getByRole('button', { name: 'Share' }).click({ timeout: RENDER_TIMEOUT });
      const key = await (await page.waitForFunction(() => (window as unknown as { resolvedKeys: string[] }).resolvedKeys[0], undefined, { timeout: RENDER_TIMEOUT })).jsonValue();
      const expected = `${host.origin}/reports/sales?permalink=${key}`;
      // What reached the clipboard (recorded by the stub below): the host's URL, not Lumen's permalink.
      await expect.poll(() => page.evaluate(() => (window as unknown as { copied?: string }).copied), { timeout: 30_000 }).toBe(expected);
      expect(await shared.evaluate((el) => (el as unknown as { getDashboardPermalink(): Promise<string> }).getDashboardPermalink())).toMatch(/\/reports\/sales\?permalink=/);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);

  it('setFilter by name or column applies the filter; an unknown name rejects, listing the known filters', async () => {
    const { context, page } = await openHost();
    try {
      const dashboard = await addElement(page, 'filters', 'bi-dashboard', { 'dashboard-id': stage.sales.uuid });
      const call = (name: string, values: unknown) =>
        dashboard.evaluate(
          (el, [name, values]) =>
            (el as unknown as { setFilter(n: unknown, v: unknown): Promise<void> }).setFilter(name, values).then(
              () => 'ok',
              (error: { code?: string; message: string; knownFilters?: string[] }) => JSON.stringify({ code: error.code, message: error.message, known: error.knownFilters }),
            ),
          [name, values] as const,
        );
      // Called before the dashboard has loaded: applied once it has.
      expect(await call('Country', ['France'])).toBe('ok');
      await waitForEvent(page, 'filters', 'bi-data-mask', 'France');
      expect(await call('country', ['Spain'])).toBe('ok');
      await waitForEvent(page, 'filters', 'bi-data-mask', 'Spain');
      const refused = JSON.parse(await call('Planet', ['Mars'])) as { code: string; message: string; known: string[] };
      expect(refused.code).toBe('UNKNOWN_FILTER');
      expect(refused.message).toContain('Unknown filter "Planet"');
      expect(refused.known).toContain('Country (country)');
      expect(refused.message).toContain('Country (country)');
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);
});

/** Sets attributes on an element already in the page (after its properties, so its first render has them). */
async function addElementAttributes(page: Page, id: string, attributes: Record<string, string>): Promise<void> {
  await page.evaluate(
    ({ id, attributes }) => {
      const el = document.getElementById(id) as HTMLElement & { fetchGuestToken?: unknown };
      el.style.display = 'block';
      el.fetchGuestToken = (window as unknown as { sharedProvider: unknown }).sharedProvider;
      for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    },
    { id, attributes },
  );
}

describe('embedDashboard (iframe)', () => {
  it('answers the default tabs, sets filters by name (rejecting unknown ones) and hides Share without a resolver', async () => {
    const { context, page } = await openHost();
    try {
      const frame = await embed(page);
      expect(await chartsRendered(frame, RENDER_TIMEOUT)).toBeGreaterThan(0);
      const selected = await frame.locator('[role="tab"][aria-selected="true"]').first().getAttribute('id');
      const tabs = await page.evaluate(() => (window as unknown as { embedded: { getActiveTabs(): Promise<string[]> } }).embedded.getActiveTabs());
      expect(tabs).toContain(selected!.replace(/-button$/, ''));
      await frame.getByRole('button', { name: 'Refresh dashboard' }).waitFor({ timeout: RENDER_TIMEOUT });
      expect(await frame.getByRole('button', { name: 'Share' }).count()).toBe(0);

      const setFilter = (name: string, values: unknown) =>
        page.evaluate(
          ([name, values]) =>
            (window as unknown as { embedded: { setFilter(n: unknown, v: unknown): Promise<void> } }).embedded.setFilter(name, values).then(
              () => 'ok',
              (error: { code?: string; message: string; knownFilters?: string[] }) => JSON.stringify({ code: error.code, message: error.message, known: error.knownFilters }),
            ),
          [name, values] as const,
        );
      expect(await setFilter('Country', ['France'])).toBe('ok');
      await page.waitForFunction(() => (window as unknown as { masks: unknown[] }).masks.some((m) => JSON.stringify(m).includes('France')), undefined, { timeout: RENDER_TIMEOUT });
      const refused = JSON.parse(await setFilter('Planet', ['Mars'])) as { code: string; message: string; known: string[] };
      expect(refused).toMatchObject({ code: 'UNKNOWN_FILTER' });
      expect(refused.message).toContain('Unknown filter "Planet"');
      expect(refused.known).toContain('Country (country)');
      const invalid = JSON.parse(await setFilter('Country', [{ nested: true }])) as { code: string };
      expect(invalid.code).toBe('INVALID_FILTER_VALUE');
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);

  it("Share copies the host's URL from resolvePermalinkUrl; report mode (standalone=3) shows no chart menus", async () => {
    const { context, page } = await openHost();
    try {
      const frame = await embed(page, { resolver: true });
      await frame.getByRole('button', { name: 'Share' }).click({ timeout: RENDER_TIMEOUT });
      const key = await (await page.waitForFunction(() => (window as unknown as { resolvedKeys: string[] }).resolvedKeys[0], undefined, { timeout: RENDER_TIMEOUT })).jsonValue();
      expect(String(key)).toMatch(/^[\w-]+$/);
      await frame.getByText('Link Copied!').or(frame.getByText(`${host.origin}/reports/sales?permalink=${key}`)).first().waitFor({ timeout: 30_000 });

      await page.evaluate(() => (window as unknown as { embedded: { unmount(): void } }).embedded.unmount());
      await page.evaluate(() => delete (window as unknown as { embedded?: unknown }).embedded);
      const report = await embed(page, { uiConfig: { urlParams: { standalone: 3 } } });
      expect(await chartsRendered(report, RENDER_TIMEOUT)).toBeGreaterThan(0);
      expect(await report.getByRole('button', { name: /^More options for / }).count()).toBe(0);
      expect(await report.locator('.bi-dash-header-bar').count()).toBe(0);
      expect(await report.getByRole('button', { name: 'Apply filters' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);
});

describe('weight', () => {
  it('embedDashboard alone (lumen-embed-dashboard.js and the chunks it imports) is within 5 KB min+gzip', () => {
    const dir = join(REPO_ROOT, 'packages', 'embed', 'dist', 'bundle');
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(join(dir, file), 'utf8');
      // Static imports only: lazy chunks (jose's decoder, the failure panel) are not part of the first load.
      for (const [, spec] of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[^'"()]*?from\s*)?["'](\.[^"']+)["']/g)) visit(join(file, '..', spec));
    };
    visit('lumen-embed-dashboard.js');
    const gzip = [...seen].reduce((total, file) => total + gzipSync(readFileSync(join(dir, file)), { level: 9 }).length, 0);
    expect(seen.size).toBeGreaterThan(1);
    expect(gzip).toBeLessThanOrEqual(5 * 1024);
  });
});
