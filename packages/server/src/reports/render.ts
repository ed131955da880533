import type { Browser, BrowserContext, Page } from 'playwright-core';
import { guardBrowserRequests } from '../net/browser-request-guard';
import type { OutboundPolicy } from '../net/outbound-guard';

/**
 * PNG and PDF reports: headless Chromium (playwright-core) opens the dashboard or chart page of the app as
 * the report's executing user and captures it once every chart has settled. One browser per process,
 * launched on first use and closed with the app; each render gets its own context (cookies, cache).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const DEFAULT_WIDTH = 1600;
/** Upper bound of a full-page capture; taller dashboards are cut (Chromium's texture limit is 16384). */
const MAX_HEIGHT = 12_000;

export interface RenderRequest {
  /** Base URL of a server process, e.g. http://127.0.0.1:8088 */
  baseUrl: string;
  /** Path and query to open, e.g. /superset/dashboard/7/?standalone=3 */
  path: string;
  kind: 'dashboard' | 'chart';
  format: 'PNG' | 'PDF';
  width?: number;
  /** The executing user's session cookie. */
  cookie: { name: string; value: string };
  timeoutMs: number;
}

/** Settled chart states (chart-container.tsx, chart-area.tsx). */
const DONE = ['rendered', 'failed', 'stopped'];

/** The little of the DOM the page-side predicates use (the server is compiled without DOM types). */
interface PageElement {
  querySelector(selector: string): PageElement | null;
  getAttribute(name: string): string | null;
  getClientRects(): { length: number };
  getBoundingClientRect(): { top: number };
}
interface PageGlobals {
  document: PageElement & { querySelectorAll(selector: string): ArrayLike<PageElement> };
  location: { pathname: string };
  innerHeight: number;
}

/**
 * Page-side predicates, handed to waitForFunction as functions with their argument: Playwright calls them
 * through the DevTools protocol, which the app's Content-Security-Policy allows. A string predicate is
 * eval'ed in the page, which that policy (script-src 'self', no 'unsafe-eval') refuses.
 */
function viewArrived(rootSelector: string): boolean {
  const { document, location } = globalThis as unknown as PageGlobals;
  return Boolean(document.querySelector(rootSelector) || location.pathname.startsWith('/login') || document.querySelector('[role="alert"]'));
}

/**
 * True when the view is mounted and every chart in view has settled. A chart in a hidden tab stays idle, and
 * so does one below the viewport (dashboards load charts as they come into view) until render() grows the
 * viewport to the whole page and waits again.
 */
function viewSettled({ rootSelector, done }: { rootSelector: string; done: string[] }): boolean {
  const { document, innerHeight } = globalThis as unknown as PageGlobals;
  const root = document.querySelector(rootSelector);
  if (!root || root.querySelector('[aria-label="Loading dashboard"]')) return false;
  return Array.from(document.querySelectorAll('[data-chart-status]')).every((el) => {
    const status = el.getAttribute('data-chart-status') || '';
    const outOfView = el.getClientRects().length === 0 || el.getBoundingClientRect().top >= innerHeight;
    return done.includes(status) || (status === 'idle' && outOfView);
  });
}

export class ReportRenderer {
  private browser: Promise<Browser> | null = null;
  private closed = false;

  /** `policy`: which non-public addresses the pages' third-party requests may reach (net/browser-request-guard.ts). */
  constructor(
    private readonly chromiumPath: string,
    private readonly policy: OutboundPolicy = { allow: [] },
  ) {}

  private async launch(): Promise<Browser> {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: this.chromiumPath, headless: true, args: CHROMIUM_ARGS });
    browser.on('disconnected', () => {
      this.browser = null;
    });
    return browser;
  }

  private async getBrowser(): Promise<Browser> {
    if (this.closed) throw new Error('The report renderer is shut down');
    if (!this.browser) {
      this.browser = this.launch();
      this.browser.catch(() => {
        this.browser = null;
      });
    }
    return this.browser;
  }

  /**
   * Opens the page, waits for the charts, returns the PNG or PDF bytes.
   *
   * @example
   * const png = await renderer.render({ baseUrl, path: '/superset/dashboard/1/?standalone=3', kind: 'dashboard', format: 'PNG', cookie, timeoutMs: 60_000 });
   */
  async render(request: RenderRequest): Promise<Buffer> {
    const browser = await this.getBrowser();
    const width = request.width ?? DEFAULT_WIDTH;
    const context: BrowserContext = await browser.newContext({ viewport: { width, height: 1200 }, deviceScaleFactor: 1 });
    try {
      await context.addCookies([{ name: request.cookie.name, value: request.cookie.value, url: request.baseUrl }]);
      await guardBrowserRequests(context, request.baseUrl, this.policy);
      const page = await context.newPage();
      page.setDefaultTimeout(request.timeoutMs);
      await page.goto(new URL(request.path, request.baseUrl).toString(), { waitUntil: 'load' });
      const rootSelector = request.kind === 'dashboard' ? '.bi-dash' : '.bi-chart-area';
      await waitSettled(page, rootSelector, request.timeoutMs);
      // Grow the viewport to the whole page so lazily loaded charts below the fold load too, then settle again.
      const height = Math.min(MAX_HEIGHT, await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollHeight: number } } }).document.documentElement.scrollHeight));
      if (height > 1200) {
        await page.setViewportSize({ width, height });
        await waitSettled(page, rootSelector, request.timeoutMs);
      }
      // Animations (chart transitions, spinners fading out) finish before the capture.
      await page.waitForTimeout(300);
      if (request.format === 'PDF') {
        await page.addStyleTag({ content: '.bi-shell > :not(.bi-shell__main) { display: none !important; }' });
        await page.emulateMedia({ media: 'screen' });
        return await page.pdf({ printBackground: true, width: `${width}px`, height: `${Math.max(height, 800)}px` });
      }
      return await page.locator(rootSelector).first().screenshot({ type: 'png', animations: 'disabled' });
    } finally {
      await context.close().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const pending = this.browser;
    this.browser = null;
    if (pending) await (await pending.catch(() => null))?.close().catch(() => undefined);
  }
}

async function waitSettled(page: Page, rootSelector: string, timeoutMs: number): Promise<void> {
  // Mounted view, sign-in page or a page-level error: whichever comes first.
  await page.waitForFunction(viewArrived, rootSelector, { timeout: timeoutMs, polling: 250 });
  if (!(await page.$(rootSelector))) {
    if (new URL(page.url()).pathname.startsWith('/login')) throw new Error('The report could not sign in as its owner');
    const alert = await page.textContent('[role="alert"]').catch(() => null);
    throw new Error(`The ${rootSelector === '.bi-dash' ? 'dashboard' : 'chart'} could not be opened: ${alert?.trim() || 'unknown error'}`);
  }
  await page.waitForFunction(viewSettled, { rootSelector, done: DONE }, { timeout: timeoutMs, polling: 250 });
}
