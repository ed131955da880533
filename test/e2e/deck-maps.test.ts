/**
 * The map chart types draw in real Chromium. The deck.gl types draw with WebGL (SwiftShader: the e2e launch
 * flags, with --disable-gpu, already give a WebGL2 context, so this test needs no flags of its own): each
 * example deck chart in Explore and in <bi-chart> from the lite bundle reports its rendered status and its
 * canvas holds coloured pixels. The base map is drawn in greys, so coloured pixels are the chart's own layer.
 * The Lumen Maps dashboard embedded in <bi-dashboard> draws every map chart on it (world_map and
 * country_map as SVG, the deck types on canvases).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findId, registerEmbedding } from './support/embed-fixtures';
import { startEmbeddingStage, type EmbeddingStage } from './support/embedding-stage';
import { withSignedInPage } from './support/signed-in-page';
import { colouredPixels } from './support/coloured-pixels';

const SLOW = 90_000;
/** The map viz types the Lumen Maps dashboard shows (one chart of each at least), besides the deck ones. */
const CHOROPLETH_TYPES = ['world_map', 'country_map'];
/** The example deck charts (examples/lumen), by viz type. */
const DECK_CHARTS: Record<string, string> = {
  deck_scatter: 'Places by category',
  deck_arc: 'Flight routes by airline',
  deck_hex: 'Visits in hexagons',
  deck_grid: 'Visits in grid cells',
  deck_heatmap: 'Visit density',
  deck_screengrid: 'Visits on a screen grid',
  deck_contour: 'Visit contours',
  deck_path: 'Flight paths',
  deck_polygon: 'Route corridors by passengers',
  deck_geojson: 'Route corridors (GeoJSON)',
  // Layers two saved deck charts (read and queried with the page's own session or guest token).
  deck_multi: 'Places and flight routes',
};

let stage: EmbeddingStage;
let charts: { vizType: string; name: string; id: number }[];
let mapsId: number;
let mapsUuid: string;

/**
 * Guest tokens of 10 minutes, not the stage's 15 s (made to see refreshes happen): these tests are about
 * drawing, and a page drawing a dozen WebGL maps in software (SwiftShader) stalls its main thread for seconds,
 * so a 15-s token's refresh timer can fire after the token ended and a chart's request be refused.
 */
const TOKEN_LIFETIME = { LUMEN_GUEST_TOKEN_LIFETIME: '600' };

beforeAll(async () => {
  stage = await startEmbeddingStage({ env: TOKEN_LIFETIME });
  mapsId = await findId(stage.lumen, 'dashboard', 'dashboard_title', 'Lumen Maps');
  mapsUuid = await registerEmbedding(stage.lumen, mapsId, [stage.host.origin]);
  charts = await Promise.all(Object.entries(DECK_CHARTS).map(async ([vizType, name]) => ({ vizType, name, id: await findId(stage.lumen, 'chart', 'slice_name', name) })));
  // Starting Lumen and Chromium takes over a minute on a loaded 2-core machine.
}, 180_000);

afterAll(async () => {
  await stage?.stop();
});


describe('map charts in Chromium', () => {
  it('every deck type draws in Explore: rendered status and coloured pixels on its canvas', async () => {
    expect(charts.map((c) => c.vizType).sort()).toEqual(Object.keys(DECK_CHARTS).sort());
    await withSignedInPage(stage.browser, stage.server, async (page, pageErrors) => {
      const problems: string[] = [];
      for (const chart of charts) {
        await page.goto(`${stage.server.url}/explore/?slice_id=${chart.id}`);
        const host = page.locator('.bi-chart-area__host[data-chart-status="rendered"], .bi-chart-area__host[data-chart-status="failed"]');
        await host.waitFor({ state: 'attached', timeout: SLOW });
        const canvas = host.locator('canvas.bi-deck-canvas');
        if ((await host.getAttribute('data-chart-status')) !== 'rendered') problems.push(`${chart.vizType}: ${await host.innerText()}`);
        else if ((await canvas.count()) !== 1) problems.push(`${chart.vizType}: no map canvas (${(await host.innerText()).slice(0, 200)})`);
        else if ((await colouredPixels(page, canvas)) < 50) problems.push(`${chart.vizType}: blank canvas`);
        if (process.env.DECK_SHOTS) await page.screenshot({ path: `${process.env.DECK_SHOTS}/${chart.vizType}.png` });
      }
      expect(problems).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  }, 240_000);

  // One guest token per element, minted when it is placed, as a host's page does. (This test once shared one
  // token of the stage's 15 s across ten maps: the later elements, given an expired token, showed "The guest
  // token has expired" and emitted bi-error, and a wait for a chart status alone never ended.)
  it('every deck type draws in <bi-chart> (lite bundle) with a guest token', async () => {
    const context = await stage.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${stage.host.origin}/`);
      await page.addScriptTag({ type: 'module', url: '/elements/bi-chart.lite.js' });
      await page.waitForFunction(() => Boolean(customElements.get('bi-chart')));
      const problems: string[] = [];
      for (const chart of charts) {
        const token = await stage.host.mint({ resources: [{ type: 'dashboard', id: mapsUuid }], rls: [] });
        await page.evaluate(
          ({ id, apiUrl, token }) => {
            document.querySelector('bi-chart')?.remove();
            const element = document.createElement('bi-chart');
            element.setAttribute('api-url', apiUrl);
            element.setAttribute('chart-id', String(id));
            element.setAttribute('guest-token', token);
            element.style.cssText = 'display:block;width:700px;height:450px';
            document.body.append(element);
          },
          { id: chart.id, apiUrl: stage.server.url, token },
        );
        // The element's own failure (a refused token, a chart it could not load) ends the wait too.
        const status = page.locator('bi-chart [data-chart-status="rendered"], bi-chart [data-chart-status="failed"], bi-chart .bi-element__failure');
        await status.waitFor({ state: 'attached', timeout: SLOW });
        const canvas = page.locator('bi-chart canvas.bi-deck-canvas');
        if ((await status.getAttribute('data-chart-status')) !== 'rendered') problems.push(`${chart.vizType}: ${await status.innerText()}`);
        else if ((await canvas.count()) !== 1) problems.push(`${chart.vizType}: no map canvas (${(await status.innerText()).slice(0, 200)})`);
        else if ((await colouredPixels(page, canvas)) < 50) problems.push(`${chart.vizType}: blank canvas`);
      }
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);

  it('a deck chart whose drawing chunk cannot be downloaded fails in <bi-chart> (lite bundle): error panel and bi-error, not a spinner', async () => {
    const context = await stage.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    try {
      const page = await context.newPage();
      // The deck family's drawing chunk (deck-family/renderers.ts: deck.gl) is refused, as offline or after a
      // deploy replaced it; the plugin's own chunk loads.
      await context.route(/\/chunks\/renderers-chart-lite-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
      await page.goto(`${stage.host.origin}/`);
      await page.addScriptTag({ type: 'module', url: '/elements/bi-chart.lite.js' });
      await page.waitForFunction(() => Boolean(customElements.get('bi-chart')));
      const token = await stage.host.mint({ resources: [{ type: 'dashboard', id: mapsUuid }], rls: [] });
      const scatter = charts.find((c) => c.vizType === 'deck_scatter')!;
      await page.evaluate(
        ({ id, apiUrl, token }) => {
          const element = document.createElement('bi-chart');
          const errors: unknown[] = [];
          (window as unknown as { biErrors: unknown[] }).biErrors = errors;
          element.addEventListener('bi-error', (event) => errors.push({ source: (event as CustomEvent).detail.source, message: (event as CustomEvent).detail.message }));
          element.setAttribute('api-url', apiUrl);
          element.setAttribute('chart-id', String(id));
          element.setAttribute('guest-token', token);
          element.style.cssText = 'display:block;width:700px;height:450px';
          document.body.append(element);
        },
        { id: scatter.id, apiUrl: stage.server.url, token },
      );
      // The container's panel, or the element's own when it takes the failure over: either names the cause.
      await page.locator('bi-chart [role="alert"]', { hasText: "The map's drawing code could not be loaded" }).first().waitFor({ timeout: SLOW });
      expect(await page.locator('bi-chart [data-chart-status="rendered"], bi-chart .bi-spinner').count()).toBe(0);
      const biErrors = (await page.evaluate(() => (window as unknown as { biErrors: { source: string; message: string }[] }).biErrors)) ?? [];
      expect(biErrors.length).toBeGreaterThan(0);
      expect(biErrors[0]).toMatchObject({ source: 'chart', message: expect.stringContaining("The map's drawing code could not be loaded") });
    } finally {
      await context.close();
    }
  }, 240_000);

  it('the Lumen Maps dashboard in <bi-dashboard> (lite bundle) draws every map chart on it: rendered status and coloured pixels', async () => {
    const onDashboard = await dashboardCharts(mapsId);
    const shownTypes = new Set(onDashboard.map((c) => c.vizType));
    expect([...CHOROPLETH_TYPES, ...Object.keys(DECK_CHARTS)].filter((type) => !shownTypes.has(type))).toEqual([]);
    const context = await stage.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${stage.host.origin}/`);
      await page.addScriptTag({ type: 'module', url: '/elements/bi-elements.lite.js' });
      await page.waitForFunction(() => Boolean(customElements.get('bi-dashboard')));
      // Through the host's backend (fetchGuestToken), as a host that refreshes tokens embeds it.
      stage.host.tokenRequest = { resources: [{ type: 'dashboard', id: mapsUuid }], rls: [] };
      await page.evaluate(
        ({ apiUrl, uuid }) => {
          const element = document.createElement('bi-dashboard') as HTMLElement & { fetchGuestToken?: () => Promise<string> };
          element.id = 'maps';
          element.style.display = 'block';
          element.setAttribute('api-url', apiUrl);
          element.setAttribute('dashboard-id', uuid);
          element.fetchGuestToken = () => fetch('/guest-token', { method: 'POST' }).then((r) => r.json()).then((j: { token: string }) => j.token);
          document.body.append(element);
        },
        { apiUrl: stage.server.url, uuid: mapsUuid },
      );
      const problems: string[] = [];
      for (const chart of onDashboard) {
        const holder = page.locator(`#maps .bi-dash-chart[data-chart-id="${chart.id}"]`);
        await holder.waitFor({ timeout: SLOW });
        // Charts below the fold load when scrolled near (the dashboard's lazy loading).
        await holder.scrollIntoViewIfNeeded();
        const status = holder.locator('[data-chart-status="rendered"], [data-chart-status="failed"]');
        await status.waitFor({ state: 'attached', timeout: SLOW });
        const drawing = holder.locator(chart.vizType.startsWith('deck_') ? 'canvas.bi-deck-canvas' : '.bi-chart-container__host svg');
        if ((await status.getAttribute('data-chart-status')) !== 'rendered') problems.push(`${chart.vizType} ${chart.name}: ${await holder.innerText()}`);
        else if ((await drawing.count()) < 1) problems.push(`${chart.vizType} ${chart.name}: no canvas or SVG (${(await holder.innerText()).slice(0, 200)})`);
        else if ((await colouredPixels(page, drawing.first())) < 50) problems.push(`${chart.vizType} ${chart.name}: blank`);
      }
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);
});

/** The charts on a dashboard (its layout's), by the API the dashboard itself reads. */
async function dashboardCharts(dashboardId: number): Promise<{ id: number; name: string; vizType: string }[]> {
  const response = await fetch(`${stage.lumen.url}/api/v1/dashboard/${dashboardId}/charts`, { headers: { authorization: `Bearer ${stage.lumen.accessToken}` } });
  expect(response.status).toBe(200);
  const { result } = (await response.json()) as { result: { id: number; slice_name: string; viz_type: string }[] };
  return result.map((c) => ({ id: c.id, name: c.slice_name, vizType: c.viz_type }));
}
