import { randomBytes, scryptSync } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Frame, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium';
import { chartsRendered } from './support/charts-rendered';
import { registerEmbedding } from './support/embed-fixtures';
import { lumenAccessToken, startEmbedHost } from './support/embed-host';
import { adminApi, type AdminApi } from './support/admin-api';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';

let server: LumenServer;
let browser: Browser;
let api: AdminApi;

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
  api = await adminApi(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** CI runs on 2 cores: every wait on the browser is generous. */
const SLOW = 60_000;

/**
 * A user with the given role written straight into the server's SQLite metadata (the server has no user
 * management API yet); the password hash has the server's scrypt$N$r$p$salt$hash format.
 */
function addUser(username: string, role: string): { username: string; password: string } {
  const password = `${username}-pw-${randomBytes(4).toString('hex')}`;
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  const db = new Database(join(server.dataDir, 'lumen.db'));
  try {
    db.pragma('busy_timeout = 10000');
    const now = new Date().toISOString();
    const { id } = db
      .prepare(
        `INSERT INTO ab_user (username, first_name, last_name, email, password_hash, active, login_count, last_login, created_on, changed_on)
         VALUES (?, ?, 'E2E', ?, ?, 1, 0, NULL, ?, ?) RETURNING id`,
      )
      .get(username, username, `${username}@lumen.invalid`, ['scrypt', 32768, 8, 1, salt.toString('base64url'), hash.toString('base64url')].join('$'), now, now) as { id: number };
    const roleRow = db.prepare('SELECT id FROM ab_role WHERE name = ?').get(role) as { id: number } | undefined;
    if (!roleRow) throw new Error(`No role ${role}`);
    db.prepare('INSERT INTO ab_user_role (user_id, role_id) VALUES (?, ?)').run(id, roleRow.id);
  } finally {
    db.close();
  }
  return { username, password };
}

interface ChartDataBody {
  form_data?: { slice_id?: number; viz_type?: string };
  queries: { filters?: { col: unknown; op: string; val?: unknown }[] }[];
}

/** The chart-data requests of dashboard charts (filter option queries have no slice_id). */
function recordChartRequests(page: Page) {
  const requests: { sliceId: number; body: ChartDataBody; request: Request }[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !new URL(request.url()).pathname.startsWith('/api/v1/chart/data')) return;
    const body = request.postDataJSON() as ChartDataBody | null;
    const sliceId = body?.form_data?.slice_id;
    if (body && typeof sliceId === "number") requests.push({ sliceId, body, request });
  });
  return requests;
}

const chartsOnPage = (page: Page) => page.locator('.bi-dash-chart[data-chart-id]');
const SETTLED = '[data-chart-status="rendered"], [data-chart-status="failed"]';

/** Scrolls every chart of the open tab into view (they load lazily) and waits until each rendered or failed. */
async function waitForChartsSettled(page: Page): Promise<{ id: number; status: string; error: string }[]> {
  await chartsOnPage(page).first().waitFor({ timeout: SLOW });
  const holders = await chartsOnPage(page).all();
  for (const holder of holders) {
    await holder.scrollIntoViewIfNeeded();
    await holder.locator(SETTLED).waitFor({ timeout: SLOW });
  }
  return chartsOnPage(page).evaluateAll((els) =>
    els.map((el) => ({
      id: Number(el.getAttribute('data-chart-id')),
      status: el.querySelector('[data-chart-status]')?.getAttribute('data-chart-status') ?? '',
      error: el.querySelector('.bi-chart-container__error')?.textContent ?? '',
    })),
  );
}

interface ReceivedResult {
  data?: Record<string, unknown>[];
  colnames?: string[];
  columns?: unknown[][];
}

/** A chart-data result's rows as records, whether the page asked for records or for column arrays. */
function recordsOf(result: ReceivedResult): Record<string, unknown>[] {
  if (Array.isArray(result.data)) return result.data;
  const names = result.colnames ?? [];
  const columns = result.columns ?? [];
  const length = columns[0]?.length ?? 0;
  return Array.from({ length }, (_, i) => Object.fromEntries(names.map((name, c) => [name, columns[c][i]])));
}

/** A big number as drawn ('1.2k', '−3.4M', or with its saved currency: '$ 10.0M', '10.0M €'). */
function parseSi(text: string): number {
  const plain = text.trim().replace(/,/g, '').replace('−', '-').replace(/^[$€£¥]\s*|\s*[$€£¥]$/g, '');
  const match = /^(-?[\d.]+)\s*([kMGTµm]?)$/.exec(plain);
  if (!match) throw new Error(`Not an SI number: ${text}`);
  const scale: Record<string, number> = { '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, m: 1e-3, µ: 1e-6 };
  return Number(match[1]) * scale[match[2]];
}

async function salesDashboardId(): Promise<number> {
  const list = await api<{ result: { id: number; dashboard_title: string }[] }>('GET', `/api/v1/dashboard/?q=(filters:!((col:dashboard_title,opr:ct,value:Sales)))`);
  return list.result.find((d) => d.dashboard_title === 'Sales Dashboard')!.id;
}

/**
 * Clicks "Download as image" on the first rendered chart drawn on a <canvas> (uPlot) and checks the file:
 * a PNG (signature, IHDR) of the chart holder at twice or more its CSS size, whose canvas region holds the
 * drawing (many colours) rather than a blank rectangle.
 */
async function expectChartImageDownload(page: Page, scope: Page | Frame): Promise<void> {
  const holder = scope.locator('.bi-dash-chart[data-chart-id]', { has: scope.locator('[data-chart-status="rendered"] canvas') }).first();
  await holder.scrollIntoViewIfNeeded();
  const title = ((await holder.locator('.bi-dash-chart__title').textContent()) ?? '').trim();
  const box = (await holder.boundingBox())!;
  const canvasBox = (await holder.locator('canvas').first().boundingBox())!;
  await holder.getByRole('button', { name: `More options for ${title}` }).click();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: SLOW }), scope.getByRole('menuitem', { name: 'Download as image' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.png$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const scale = width / box.width;
  expect(scale).toBeGreaterThanOrEqual(1.95);
  expect(Math.abs(height / scale - box.height)).toBeLessThan(4);
  expect(bytes.length).toBeGreaterThan(10_000);
  const region = { x: (canvasBox.x - box.x) * scale, y: (canvasBox.y - box.y) * scale, w: canvasBox.width * scale, h: canvasBox.height * scale };
  const colours = await page.evaluate(
    async ({ base64, region }) => {
      // Decoded without fetch(): the app's Content-Security-Policy (connect-src 'self') refuses data: URLs.
      const png = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([png], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const data = ctx.getImageData(Math.round(region.x), Math.round(region.y), Math.round(region.w), Math.round(region.h)).data;
      const seen = new Set<number>();
      for (let i = 0; i < data.length; i += 4) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      return seen.size;
    },
    { base64: bytes.toString('base64'), region },
  );
  expect(colours).toBeGreaterThan(8);
}

describe('Dashboard in Chromium', () => {
  it('renders the Sales Dashboard, applies a native filter, edits, undoes, saves and reloads', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(`${error.message}\n${error.stack ?? ''}`));
    const requests = recordChartRequests(page);
    try {
      await signIn(page, server, server.admin.username, server.admin.password);
      const list = await page.request.get(`${server.url}/api/v1/dashboard/?q=(filters:!((col:dashboard_title,opr:ct,value:Sales)))`);
      expect(list.status()).toBe(200);
      const found = ((await list.json()) as { result: { id: number; dashboard_title: string }[] }).result.find((d) => d.dashboard_title === 'Sales Dashboard');
      expect(found).toBeDefined();
      const dashboardId = found!.id;
      const detail = await api<{ result: { json_metadata: string } }>('GET', `/api/v1/dashboard/${dashboardId}`);
      const filters = (JSON.parse(detail.result.json_metadata) as { native_filter_configuration: { id: string; name: string; chartsInScope?: number[] }[] }).native_filter_configuration;
      const country = filters.find((f) => f.name === 'Country')!;
      expect(country).toBeDefined();

      // 1. Every chart of the first tab reaches its rendered state; only unsupported viz types may fail.
      await page.goto(`${server.url}/superset/dashboard/${dashboardId}/`);
      await page.getByRole('heading', { name: 'Sales Dashboard', level: 1 }).waitFor({ timeout: SLOW });
      const first = await waitForChartsSettled(page);
      expect(first.length).toBeGreaterThanOrEqual(4);
      for (const chart of first) {
        if (chart.status === 'failed') expect(chart.error, `chart ${chart.id}`).toMatch(/Unknown viz type/);
      }
      const rendered = first.filter((c) => c.status === 'rendered').map((c) => c.id);
      expect(rendered.length).toBeGreaterThanOrEqual(4);
      // Each chart queried once on load, concurrently rather than one after another.
      for (const id of rendered) expect(requests.filter((r) => r.sliceId === id).length, `requests of chart ${id}`).toBe(1);
      expect(await page.locator('.bi-dash-chart canvas, .bi-dash-chart svg, .bi-dash-chart table, .bi-big-number').count()).toBeGreaterThanOrEqual(rendered.length);

      // 2. Native filter: pick a country, apply, every in-scope chart re-queries with it.
      const inScope = rendered.filter((id) => !country.chartsInScope || country.chartsInScope.includes(id));
      expect(inScope.length).toBeGreaterThan(0);
      const unfiltered = new Map<number, number>();
      for (const holder of await page.locator('.bi-dash-chart[data-chart-id]', { has: page.locator('.bi-big-number') }).all()) {
        unfiltered.set(Number(await holder.getAttribute('data-chart-id')), parseSi((await holder.locator('.bi-big-number-header').textContent()) ?? ''));
      }
      expect(unfiltered.size).toBeGreaterThan(0);
      const beforeApply = requests.length;
      const select = page.getByRole('combobox', { name: 'Country', exact: true });
      await select.click();
      await select.fill('France');
      await page.getByRole('option', { name: 'France', exact: true }).waitFor({ timeout: SLOW });
      await select.press('Enter');
      await page.keyboard.press('Escape');
      const responses = new Map<number, Promise<unknown>>();
      page.on('response', (response) => {
        // Only chart-data bodies are JSON: the event log's beacons are multipart and postDataJSON throws on them.
        if (!new URL(response.url()).pathname.startsWith('/api/v1/chart/data')) return;
        const body = response.request().postDataJSON() as ChartDataBody | null;
        if (typeof body?.form_data?.slice_id === 'number') {
          responses.set(body.form_data.slice_id, response.json());
        }
      });
      await page.getByRole('button', { name: 'Apply filters' }).click();
      const hasCountry = (body: ChartDataBody) =>
        body.queries.some((q) => (q.filters ?? []).some((f) => f.col === 'country' && f.op === 'IN' && JSON.stringify(f.val) === '["France"]'));
      await expect
        .poll(() => inScope.filter((id) => requests.slice(beforeApply).some((r) => r.sliceId === id && hasCountry(r.body))).length, { timeout: SLOW })
        .toBe(inScope.length);
      // Charts out of the filter's scope did not query again.
      for (const id of rendered.filter((x) => !inScope.includes(x))) expect(requests.slice(beforeApply).some((r) => r.sliceId === id)).toBe(false);
      await expect.poll(() => inScope.every((id) => responses.has(id)), { timeout: SLOW }).toBe(true);
      const after = await waitForChartsSettled(page);
      for (const chart of after.filter((c) => inScope.includes(c.id))) expect(chart.status, `chart ${chart.id} after filtering`).toBe('rendered');

      // 3. A big number equals a direct POST /api/v1/chart/data of its saved query context plus the filter.
      const bigNumber = page.locator('.bi-dash-chart[data-chart-id]', { has: page.locator('.bi-big-number') }).first();
      const bigNumberId = Number(await bigNumber.getAttribute('data-chart-id'));
      expect(inScope).toContain(bigNumberId);
      const saved = await api<{ result: { query_context: string } }>('GET', `/api/v1/chart/${bigNumberId}`);
      const queryContext = JSON.parse(saved.result.query_context) as { queries: { filters?: unknown[] }[]; form_data?: unknown };
      for (const query of queryContext.queries) query.filters = [...(query.filters ?? []), { col: 'country', op: 'IN', val: ['France'] }];
      const direct = await api<{ result: { data: Record<string, number | null>[]; colnames: string[] }[] }>('POST', '/api/v1/chart/data', { ...queryContext, force: true });
      const [result] = direct.result;
      const metric = result.colnames.find((c) => !/date|time|__timestamp/i.test(c))!;
      const values = result.data.map((row) => row[metric]).filter((v): v is number => typeof v === 'number');
      const expected = values[values.length - 1];
      const shown = parseSi((await bigNumber.locator('.bi-big-number-header').textContent()) ?? '');
      expect(Math.abs(shown - expected) / Math.abs(expected)).toBeLessThan(0.006);
      // And the page received exactly those rows for the chart.
      const received = (await responses.get(bigNumberId)) as { result: ReceivedResult[] };
      expect(recordsOf(received.result[0])).toEqual(result.data);
      // The filter really narrowed the number.
      expect(shown).toBeLessThan(unfiltered.get(bigNumberId)!);

      // 3b. The applied filter is stored server-side and its key written into the address (other parameters
      // kept); reloading that address shows the filter still applied.
      await expect.poll(() => new URL(page.url()).searchParams.get('native_filters_key'), { timeout: SLOW }).toBeTruthy();
      const filterKey = new URL(page.url()).searchParams.get('native_filters_key')!;
      expect(new URL(page.url()).pathname).toBe(`/superset/dashboard/${dashboardId}/`);
      const storedState = await api<{ value: string }>('GET', `/api/v1/dashboard/${dashboardId}/filter_state/${filterKey}`);
      expect((JSON.parse(storedState.value) as Record<string, { filterState?: { value?: unknown } }>)[country.id]?.filterState?.value).toEqual(['France']);
      const beforeReload = requests.length;
      await page.reload();
      await page.getByRole('heading', { name: 'Sales Dashboard', level: 1 }).waitFor({ timeout: SLOW });
      await waitForChartsSettled(page);
      const afterReload = requests.slice(beforeReload).filter((r) => r.sliceId === bigNumberId);
      expect(afterReload.length).toBeGreaterThan(0);
      expect(afterReload.every((r) => hasCountry(r.body))).toBe(true);
      await expect.poll(async () => parseSi((await bigNumber.locator('.bi-big-number-header').textContent()) ?? ''), { timeout: SLOW }).toBeCloseTo(shown, 0);
      // An unknown key falls back to the default filters without breaking the page.
      const beforeUnknown = requests.length;
      await page.goto(`${server.url}/superset/dashboard/${dashboardId}/?native_filters_key=NoSuchKeyAtAll1234567`);
      await page.getByRole('heading', { name: 'Sales Dashboard', level: 1 }).waitFor({ timeout: SLOW });
      await waitForChartsSettled(page);
      const unknownKey = requests.slice(beforeUnknown).filter((r) => r.sliceId === bigNumberId);
      expect(unknownKey.length).toBeGreaterThan(0);
      expect(unknownKey.some((r) => hasCountry(r.body))).toBe(false);

      // 4. The applied mask travels in a permalink: opening it restores the filter.
      const { url: permalinkUrl } = await api<{ url: string }>('POST', `/api/v1/dashboard/${dashboardId}/permalink`, {
        dataMask: { [country.id]: { filterState: { value: ['France'] } } },
        activeTabs: [],
        urlParams: [],
      });
      const beforePermalink = requests.length;
      await page.goto(new URL(permalinkUrl, server.url).toString());
      await waitForChartsSettled(page);
      expect(requests.slice(beforePermalink).filter((r) => r.sliceId === bigNumberId).every((r) => hasCountry(r.body))).toBe(true);
      expect(requests.slice(beforePermalink).some((r) => r.sliceId === bigNumberId)).toBe(true);
      await expect.poll(async () => parseSi((await bigNumber.locator('.bi-big-number-header').textContent()) ?? ''), { timeout: SLOW }).toBeCloseTo(shown, 0);

      // 5. Edit mode: drag a markdown element into the grid, type, undo, redo, save, reload.
      await page.goto(`${server.url}/superset/dashboard/${dashboardId}/`);
      await page.getByRole('button', { name: 'Edit dashboard' }).click();
      const pane = page.getByRole('complementary', { name: 'Dashboard components' });
      await pane.waitFor();
      // Each component's drag handle and delete button sit inside that component, not somewhere on the page.
      const strayControls = await page.locator('.bi-dash-edit-controls').evaluateAll((els) =>
        els.filter((el) => {
          const own = el.getBoundingClientRect();
          const host = el.parentElement!.getBoundingClientRect();
          return own.top < host.top - 1 || own.bottom > host.bottom + 1 || own.left < host.left - 1 || own.right > host.right + 1;
        }).map((el) => el.parentElement!.className),
      );
      expect(strayControls).toEqual([]);
      await pane.getByRole('tab', { name: 'Layout elements' }).click();
      const markdowns = page.locator('.bi-dash-main .bi-dash-markdown');
      const markdownCount = await markdowns.count();
      const grid = page.locator('.bi-dash-main [role="tabpanel"] > .bi-dash-grid').first();
      await pane.locator('li[data-new-type="MARKDOWN"]').dragTo(grid, { targetPosition: { x: 4, y: 4 } });
      await expect.poll(() => markdowns.count(), { timeout: SLOW }).toBe(markdownCount + 1);
      const added = markdowns.filter({ hasText: 'Click here to edit' });
      await added.locator('.bi-dash-markdown__body').dblclick(); // a single click no longer opens the editor
      const editor = page.getByRole('textbox', { name: 'Markdown source' });
      await editor.fill('## E2E note\n\nWritten by the dashboard e2e test.');
      await page.getByRole('heading', { name: 'Sales Dashboard', level: 1 }).click();
      await page.locator('.bi-dash-markdown h2', { hasText: 'E2E note' }).waitFor({ timeout: SLOW });

      const undo = page.getByRole('button', { name: 'Undo', exact: true });
      const redo = page.getByRole('button', { name: 'Redo', exact: true });
      await undo.click(); // the text edit
      await page.locator('.bi-dash-markdown h2', { hasText: 'E2E note' }).waitFor({ state: 'detached' });
      await undo.click(); // the drop
      await expect.poll(() => markdowns.count()).toBe(markdownCount);
      await redo.click();
      await redo.click();
      await page.locator('.bi-dash-markdown h2', { hasText: 'E2E note' }).waitFor();

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('This dashboard was saved successfully.').waitFor({ timeout: SLOW });
      await page.getByRole('button', { name: 'Edit dashboard' }).waitFor();
      const stored = await api<{ result: { position_json: string } }>('GET', `/api/v1/dashboard/${dashboardId}`);
      expect(stored.result.position_json).toContain('E2E note');

      await page.reload();
      await page.locator('.bi-dash-markdown h2', { hasText: 'E2E note' }).waitFor({ timeout: SLOW });
      expect(await markdowns.count()).toBe(markdownCount + 1);
      await waitForChartsSettled(page);
      expect(pageErrors).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: join(server.dataDir, '..', 'lumen-dashboard-e2e-failure.png') }).catch(() => undefined);
      throw new Error(`${(error as Error).message}\n--- page errors: ${pageErrors.join('\n')}\n--- page: ${page.url()}\n--- server output:\n${server.output()}`, { cause: error });
    } finally {
      await context.close();
    }
  });

  it('downloads a chart with a uPlot canvas as a PNG image from its header menu', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      await signIn(page, server, server.admin.username, server.admin.password);
      await page.goto(`${server.url}/superset/dashboard/${await salesDashboardId()}/`);
      await waitForChartsSettled(page);
      await expectChartImageDownload(page, page);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('downloads a chart image inside the embedded guest page, whose filters never rewrite an address', async () => {
    const lumen = { url: server.url, accessToken: await lumenAccessToken(server.url, server.admin) };
    const host = await startEmbedHost(lumen);
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      const uuid = await registerEmbedding(lumen, await salesDashboardId(), [host.origin]);
      host.tokenRequest = { resources: [{ type: 'dashboard', id: uuid }], rls: [] };
      await page.goto(`${host.origin}/`);
      await page.addScriptTag({ url: '/embed/lumen-embed.iife.js' });
      await page.waitForFunction(() => 'LumenEmbed' in window);
      await page.evaluate(
        ({ uuid, domain }) => {
          const w = window as unknown as { LumenEmbed: { embedDashboard(o: unknown): Promise<unknown> } };
          // The SDK sizes its iframe to 100% of the mount point: give it a real height.
          document.getElementById('mount')!.style.height = '900px';
          void w.LumenEmbed.embedDashboard({
            id: uuid,
            domain,
            mountPoint: document.getElementById('mount'),
            fetchGuestToken: () => fetch('/guest-token', { method: 'POST' }).then((r) => r.json()).then((j: { token: string }) => j.token),
          });
        },
        { uuid, domain: server.url },
      );
      await expect.poll(() => page.frames().some((f) => f.url().includes('/embedded/')), { timeout: SLOW }).toBe(true);
      const frame = page.frames().find((f) => f.url().includes('/embedded/'))!;
      const frameUrl = frame.url();
      await chartsRendered(frame, SLOW);
      await expectChartImageDownload(page, frame);

      // A guest applying a filter stores no filter state and rewrites neither the iframe's nor the host's URL.
      const hostUrl = page.url();
      let stored = 0;
      page.on('request', (request) => void (request.url().includes('/filter_state') && (stored += 1)));
      const combobox = frame.getByRole('combobox', { name: 'Country', exact: true });
      await combobox.click();
      await frame.getByRole('option').first().click();
      await frame.getByRole('button', { name: 'Apply filters' }).click();
      await chartsRendered(frame, SLOW);
      expect(frame.url()).toBe(frameUrl);
      expect(page.url()).toBe(hostUrl);
      expect(stored).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
      await host.stop();
    }
  });

  it('shows a Gamma user a clear error panel for an unpublished dashboard, not a blank page', async () => {
    const created = await api<{ id: number }>('POST', '/api/v1/dashboard/', { dashboard_title: 'E2E private draft', published: false });
    const gamma = addUser(`gamma_${randomBytes(3).toString('hex')}`, 'Gamma');
    const context = await browser.newContext();
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      await signIn(page, server, gamma.username, gamma.password);
      await page.goto(`${server.url}/superset/dashboard/${created.id}/`);
      const panel = page.getByRole('alert').filter({ hasText: 'Failed to load dashboard' });
      await panel.waitFor({ timeout: SLOW });
      const message = (await panel.locator('.bi-error-panel__message').textContent()) ?? '';
      expect(message.trim().length).toBeGreaterThan(0);
      expect(message).toMatch(/not found|forbidden|access|permission/i);
      expect(await page.getByRole('heading', { name: 'E2E private draft' }).count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
