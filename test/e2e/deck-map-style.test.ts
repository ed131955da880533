/**
 * A deployment's MapLibre style (LUMEN_MAP_STYLE_URL, issue 20) in real Chromium. The test runs its own tile
 * server on 127.0.0.1: a style JSON with one raster source of PNG tiles it generates itself (no network).
 * With the style, a deck chart in Explore (signed in) and in <bi-chart> (lite bundle, guest token) draws
 * over MapLibre's canvas: tiles are requested, the style's attribution shows, the chart reports rendered.
 * A style that cannot be loaded (bad JSON, a refused connection) leaves the chart on the offline base map
 * with a notice under it, rendered, never blank or hanging.
 */
import { createServer, type Server } from 'node:http';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findId, registerEmbedding } from './support/embed-fixtures';
import { startEmbeddingStage, type EmbeddingStage } from './support/embedding-stage';
import { freePort } from './support/free-port';
import { withSignedInPage } from './support/signed-in-page';

const SLOW = 90_000;
const SCATTER = 'Places by category';

/** CRC-32 of PNG chunks (the zlib polynomial). */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A 256x256 PNG of one RGB colour, made here. */
function solidPng([r, g, b]: [number, number, number]): Buffer {
  const size = 256;
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

/** How the style URL answers: a style, JSON that is not, or no answer (the connection is dropped). */
type StyleMode = 'ok' | 'bad-json' | 'refused';

interface TileServer {
  origin: string;
  mode: StyleMode;
  tileRequests: string[];
  styleRequests: number;
  close(): Promise<void>;
}

async function startTileServer(): Promise<TileServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const tile = solidPng([90, 160, 230]);
  const state: TileServer = { origin, mode: 'ok', tileRequests: [], styleRequests: 0, close: async () => {} };
  const style = {
    version: 8,
    sources: { local: { type: 'raster', tiles: [`${origin}/tiles/{z}/{x}/{y}.png`], tileSize: 256, maxzoom: 6, attribution: 'Local test tiles' } },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#f4f1ea' } },
      { id: 'tiles', type: 'raster', source: 'local' },
    ],
  };
  const server: Server = createServer((request, response) => {
    const url = request.url ?? '/';
    const headers = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' };
    if (url.startsWith('/style.json')) {
      state.styleRequests++;
      if (state.mode === 'refused') {
        request.socket.destroy();
        return;
      }
      response.writeHead(200, { ...headers, 'Content-Type': 'application/json' });
      response.end(state.mode === 'bad-json' ? '{"version": 8, "sources": ' : JSON.stringify(style));
      return;
    }
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url)) {
      state.tileRequests.push(url);
      response.writeHead(200, { ...headers, 'Content-Type': 'image/png' });
      response.end(tile);
      return;
    }
    response.writeHead(404, headers);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

let tiles: TileServer;
let stage: EmbeddingStage;
let scatterId: number;
let mapsUuid: string;

beforeAll(async () => {
  tiles = await startTileServer();
  stage = await startEmbeddingStage({ env: { LUMEN_MAP_STYLE_URL: `${tiles.origin}/style.json`, LUMEN_GUEST_TOKEN_LIFETIME: '600' } });
  scatterId = await findId(stage.lumen, 'chart', 'slice_name', SCATTER);
  mapsUuid = await registerEmbedding(stage.lumen, await findId(stage.lumen, 'dashboard', 'dashboard_title', 'Lumen Maps'), [stage.host.origin]);
}, 180_000);

afterAll(async () => {
  await stage?.stop();
  await tiles?.close();
});

describe('a configured MapLibre style under the deck charts', () => {
  it('draws under a deck chart in Explore: the style and its tiles are fetched, the attribution shows, the chart reports rendered', async () => {
    tiles.mode = 'ok';
    tiles.tileRequests.length = 0;
    await withSignedInPage(stage.browser, stage.server, async (page, pageErrors) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`${stage.server.url}/explore/?slice_id=${scatterId}`);
      const host = page.locator('.bi-chart-area__host[data-chart-status="rendered"], .bi-chart-area__host[data-chart-status="failed"]');
      await host.waitFor({ state: 'attached', timeout: SLOW });
      expect(await host.getAttribute('data-chart-status'), await host.innerText()).toBe('rendered');
      expect(await host.locator('.bi-deck-style-map canvas').count()).toBe(1);
      expect(await host.locator('canvas.bi-deck-canvas').count()).toBe(1);
      await expect.poll(() => tiles.tileRequests.length, { timeout: 30_000 }).toBeGreaterThan(0);
      expect(await host.locator('.bi-deck-attribution').innerText()).toBe('Local test tiles');
      expect(await host.locator('.bi-deck-base-map-notice').count()).toBe(0);
      if (process.env.DECK_SHOTS) await page.screenshot({ path: `${process.env.DECK_SHOTS}/map-style-explore.png` });
      expect(pageErrors).toEqual([]);
    });
  }, 240_000);

  it('draws in <bi-chart> (lite bundle) with a guest token: the style reaches guests from the server configuration', async () => {
    tiles.mode = 'ok';
    tiles.tileRequests.length = 0;
    const context = await stage.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${stage.host.origin}/`);
      await page.addScriptTag({ type: 'module', url: '/elements/bi-chart.lite.js' });
      await page.waitForFunction(() => Boolean(customElements.get('bi-chart')));
      const token = await stage.host.mint({ resources: [{ type: 'dashboard', id: mapsUuid }], rls: [] });
      await page.evaluate(
        ({ id, apiUrl, token }) => {
          const element = document.createElement('bi-chart');
          element.setAttribute('api-url', apiUrl);
          element.setAttribute('chart-id', String(id));
          element.setAttribute('guest-token', token);
          element.style.cssText = 'display:block;width:700px;height:450px';
          document.body.append(element);
        },
        { id: scatterId, apiUrl: stage.server.url, token },
      );
      const status = page.locator('bi-chart [data-chart-status="rendered"], bi-chart [data-chart-status="failed"], bi-chart .bi-element__failure');
      await status.waitFor({ state: 'attached', timeout: SLOW });
      expect(await status.getAttribute('data-chart-status'), await status.innerText()).toBe('rendered');
      expect(await page.locator('bi-chart .bi-deck-style-map canvas').count()).toBe(1);
      await expect.poll(() => tiles.tileRequests.length, { timeout: 30_000 }).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);

  it('falls back to the offline base map with a notice when the style is not JSON or its server refuses', async () => {
    await withSignedInPage(stage.browser, stage.server, async (page, pageErrors) => {
      for (const mode of ['bad-json', 'refused'] as const) {
        tiles.mode = mode;
        tiles.tileRequests.length = 0;
        const asked = tiles.styleRequests;
        await page.goto(`${stage.server.url}/explore/?slice_id=${scatterId}`);
        const host = page.locator('.bi-chart-area__host[data-chart-status="rendered"], .bi-chart-area__host[data-chart-status="failed"]');
        await host.waitFor({ state: 'attached', timeout: SLOW });
        expect(await host.getAttribute('data-chart-status'), `${mode}: ${await host.innerText()}`).toBe('rendered');
        expect(tiles.styleRequests, mode).toBeGreaterThan(asked);
        const notice = host.locator('.bi-deck-base-map-notice');
        expect(await notice.isVisible(), mode).toBe(true);
        expect(await notice.innerText(), mode).toMatch(/^Base map style could not be loaded \(.+\): showing the offline map\.$/);
        expect(await host.locator('.bi-deck-style-map').count(), mode).toBe(0);
        expect(tiles.tileRequests, mode).toEqual([]);
        if (process.env.DECK_SHOTS) await page.screenshot({ path: `${process.env.DECK_SHOTS}/map-style-${mode}.png` });
      }
      expect(pageErrors).toEqual([]);
    });
  }, 240_000);
});
