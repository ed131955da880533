/**
 * The incumbent's example dashboards as a migrating team sees them (issue 17): each of the 7 dashboards of its
 * example bundle is opened in the app and embedded as <bi-dashboard> on another origin, tab by tab, and every
 * chart on it must report rendered, with no error panel (its three world maps too, issue 20).
 */
import type { Locator, Page } from 'playwright-core';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSupersetBundle, readSupersetBundle } from '../../packages/server/src/examples/superset-examples';
import { findId, registerEmbedding } from './support/embed-fixtures';
import { startEmbeddingStage, type EmbeddingStage } from './support/embedding-stage';
import { signIn } from './support/sign-in';

const SLOW = 90_000;
const TEST_TIMEOUT = 300_000;

let stage: EmbeddingStage;
let vizTypeOf: Map<number, string>;

/** The dashboard titles of the incumbent's bundle. */
function bundleDashboardTitles(): string[] {
  const bundleDir = findSupersetBundle();
  if (!bundleDir) throw new Error("The incumbent's example bundle was not found (shared/reference/superset-examples)");
  const files = readSupersetBundle(bundleDir);
  return [...files]
    .filter(([path]) => path.startsWith('dashboards/'))
    .map(([, text]) => String((parse(String(text)) as { dashboard_title: string }).dashboard_title))
    .sort();
}

beforeAll(async () => {
  stage = await startEmbeddingStage();
  vizTypeOf = new Map();
  for (let page = 0; ; page += 1) {
    const q = encodeURIComponent(`(columns:!(id,viz_type),page:${page},page_size:100)`);
    const response = await fetch(`${stage.lumen.url}/api/v1/chart/?q=${q}`, { headers: { authorization: `Bearer ${stage.lumen.accessToken}` } });
    if (!response.ok) throw new Error(`GET /api/v1/chart/: ${response.status} ${await response.text()}`);
    const { result } = (await response.json()) as { result: { id: number; viz_type: string }[] };
    for (const chart of result) vizTypeOf.set(chart.id, chart.viz_type);
    if (result.length < 100) break;
  }
}, 240_000);

afterAll(async () => {
  await stage?.stop();
});

interface ChartOutcome {
  id: number;
  status: string;
  error: string;
}

/**
 * Scrolls each shown chart of `scope` into view (dashboards load charts lazily) and waits until it has drawn
 * or failed; returns each one's outcome.
 */
async function settleShownCharts(scope: Locator): Promise<ChartOutcome[]> {
  const charts = scope.locator('.bi-dash-chart[data-chart-id]');
  for (const chart of await charts.all()) {
    if (!(await chart.isVisible())) continue;
    await chart.scrollIntoViewIfNeeded();
    await chart.locator('[data-chart-status="rendered"], [data-chart-status="failed"]').first().waitFor({ state: 'attached', timeout: SLOW });
  }
  return charts.evaluateAll((elements) =>
    elements
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => ({
        id: Number(el.getAttribute('data-chart-id')),
        status: el.querySelector('[data-chart-status]')?.getAttribute('data-chart-status') ?? '',
        error: (el.querySelector('.bi-chart-container__error, .bi-error-panel')?.textContent ?? '').slice(0, 200),
      })),
  );
}

/**
 * Visits every tab of the dashboard in `scope` (nested tabs too, each tab once) and returns the charts that
 * did not render, as 'viz_type chart id: status error'; map types are left to issue 20.
 */
async function chartsNotRendered(scope: Locator): Promise<{ seen: number; problems: string[] }> {
  const outcomes = new Map<number, ChartOutcome>();
  const record = (found: ChartOutcome[]) => {
    for (const outcome of found) if (outcomes.get(outcome.id)?.status !== 'failed') outcomes.set(outcome.id, outcome);
  };
  await scope.locator('.bi-dash-chart[data-chart-id]').first().waitFor({ timeout: SLOW });
  record(await settleShownCharts(scope));
  const tabs = scope.getByRole('tab');
  for (let i = 0; i < (await tabs.count()); i += 1) {
    if (!(await tabs.nth(i).isVisible())) continue;
    await tabs.nth(i).click();
    await expect.poll(() => tabs.nth(i).getAttribute('aria-selected')).toBe('true');
    record(await settleShownCharts(scope));
  }
  const problems = [...outcomes.values()]
    .filter((outcome) => outcome.status !== 'rendered' || outcome.error)
    .map((outcome) => `${vizTypeOf.get(outcome.id)} chart ${outcome.id}: ${outcome.status} ${outcome.error}`);
  return { seen: outcomes.size, problems };
}

describe("The incumbent's example dashboards", () => {
  const titles = bundleDashboardTitles();

  it('the bundle has its 7 dashboards', () => {
    expect(titles).toHaveLength(7);
  });

  it.each(titles)('%s draws every chart in the app', async (title) => {
    const id = await findId(stage.lumen, 'dashboard', 'dashboard_title', title);
    const context = await stage.browser.newContext({ viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(SLOW);
    const page = await context.newPage();
    try {
      await signIn(page, stage.server);
      await page.goto(`${stage.server.url}/superset/dashboard/${id}/`);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: SLOW });
      const { seen, problems } = await chartsNotRendered(page.locator('body'));
      expect(seen).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);

  it.each(titles)('%s draws every chart embedded as <bi-dashboard> on another origin', async (title) => {
    const id = await findId(stage.lumen, 'dashboard', 'dashboard_title', title);
    const uuid = await registerEmbedding(stage.lumen, id, [stage.host.origin]);
    const token = await stage.host.mint({ resources: [{ type: 'dashboard', id: uuid }], rls: [] });
    const context = await stage.browser.newContext({ viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(SLOW);
    const page: Page = await context.newPage();
    try {
      await page.goto(`${stage.host.origin}/`);
      await page.addScriptTag({ type: 'module', url: '/elements/bi-elements.lite.js' });
      await page.waitForFunction(() => Boolean(customElements.get('bi-dashboard')));
      await page.evaluate(
        ({ apiUrl, uuid, token }) => {
          const element = document.createElement('bi-dashboard');
          element.id = 'mount';
          element.style.display = 'block';
          for (const [name, value] of Object.entries({ 'api-url': apiUrl, 'dashboard-id': uuid, 'guest-token': token })) element.setAttribute(name, value);
          document.body.append(element);
        },
        { apiUrl: stage.server.url, uuid, token },
      );
      const { seen, problems } = await chartsNotRendered(page.locator('#mount'));
      expect(seen).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, TEST_TIMEOUT);
});
