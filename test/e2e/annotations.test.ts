/**
 * Issue 22: annotation layers drawn on a time-series chart, in real Chromium against the real server. A line
 * chart of the examples' events per day, opened in Explore with (a) a formula layer, (b) an event layer and
 * (c) an interval layer read from a saved table chart (sourceType 'table'), (d) a time-series layer read from
 * another saved line chart and, when the server has the annotation store, (e) NATIVE event and interval
 * layers created through /api/v1/annotation_layer/. Each layer has a colour no series has, and its pixels
 * are counted on the chart; a formula that does not parse is named under the chart. Screenshots at 1440 and
 * 800 px, light and dark.
 */
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, exampleId, type AdminApi } from './support/admin-api';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';

const SLOW = 60_000;
const SETTLED = '[data-chart-status="rendered"], [data-chart-status="failed"]';
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 800, height: 900 },
];

let server: LumenServer;
let browser: Browser;
let api: AdminApi;
/** The form data of the chart under test, without its layers. */
let baseFormData: Record<string, unknown>;
let layers: Record<string, unknown>[];
let nativeLayers = false;

/**
 * Which channels of a layer's colour are high and which low: a pixel is the layer's when its high channels
 * all exceed its low ones by 150 (so, light or dark, over white or a dark ground, at the opacity it is
 * drawn with), which no series colour of the chart does.
 */
const COLOURS = {
  formula: { hex: '#ff00ff', high: [0, 2], low: [1] },
  event: { hex: '#00ff00', high: [1], low: [0, 2] },
  interval: { hex: '#0000ff', high: [2], low: [0, 1] },
  series: { hex: '#ff0000', high: [0], low: [1, 2] },
  nativeEvent: { hex: '#ffff00', high: [0, 1], low: [2] },
  nativeInterval: { hex: '#00ffff', high: [1, 2], low: [0] },
} as const;
type Layer = keyof typeof COLOURS;

const style = { show: true, showLabel: true, showMarkers: false, hideLine: false, style: 'solid', width: 3, overrides: {} };

/** Epoch ms of a time the server answered (epoch ms, or an ISO text without zone: UTC). */
const ms = (value: unknown) => (typeof value === 'number' ? value : Date.parse(/Z|[+-]\d\d:?\d\d$/.test(String(value)) ? String(value) : `${String(value).replace(' ', 'T')}Z`));
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

beforeAll(async () => {
  [server, browser] = await Promise.all([startLumenServer(), launchChromium()]);
  api = await adminApi(server);
  const daily = await api<{ result: { params: string; datasource_id: number } }>('GET', `/api/v1/chart/${await exampleId(api, 'chart', 'Events per day by device')}`);
  const datasourceId = daily.result.datasource_id;
  const metric = (sql: string, label: string) => ({ expressionType: 'SQL', sqlExpression: sql, label });

  // The events' time span: the layers are placed within it.
  const span = await api<{ result: { data: Record<string, unknown>[] }[] }>('POST', '/api/v1/chart/data', {
    datasource: { id: datasourceId, type: 'table' },
    queries: [{ columns: [], metrics: [metric('MIN(event_time)', 'first'), metric('MAX(event_time)', 'last')], time_range: 'No filter', row_limit: 1 }],
    result_format: 'json',
    result_type: 'full',
  });
  const [first, last] = [ms(span.result[0]!.data[0]!.first), ms(span.result[0]!.data[0]!.last)];
  const day = 86_400_000;
  const windowStart = first + Math.round(((last - first) * 0.4) / day) * day;
  const windowEnd = windowStart + Math.max(3, Math.round(((last - first) * 0.15) / day)) * day;
  const window = `${isoDay(windowStart)}T00:00:00 : ${isoDay(windowEnd)}T00:00:00`;

  // (b, c) A saved table chart: per device, the first and the last event of a window of the span.
  const tableQuery = { columns: ['device'], metrics: [metric('MIN(event_time)', 'start'), metric('MAX(event_time)', 'until')], time_range: window, granularity: 'event_time', filters: [], extras: { having: '', where: '' }, row_limit: 10, orderby: [] };
  const tableParams = { datasource: `${datasourceId}__table`, viz_type: 'table', query_mode: 'aggregate', groupby: ['device'], metrics: tableQuery.metrics, time_range: window, granularity_sqla: 'event_time', adhoc_filters: [], row_limit: 10 };
  const table = await api<{ id: number }>('POST', '/api/v1/chart/', {
    slice_name: 'Annotation test: device windows',
    viz_type: 'table',
    datasource_id: datasourceId,
    datasource_type: 'table',
    params: JSON.stringify(tableParams),
    query_context: JSON.stringify({ datasource: { id: datasourceId, type: 'table' }, queries: [tableQuery], form_data: tableParams, result_format: 'json', result_type: 'full' }),
  });

  const params = JSON.parse(daily.result.params) as Record<string, unknown>;
  baseFormData = { ...params, slice_id: undefined, groupby: [], color_scheme: 'supersetColors' };
  layers = [
    // (a) A rising line from 0 at the first event to 40 at the last one.
    { ...style, name: 'Target', annotationType: 'FORMULA', sourceType: '', value: `y = (x - ${first}) / ${last - first} * 40`, color: COLOURS.formula.hex },
    { ...style, name: 'Device launches', annotationType: 'EVENT', sourceType: 'table', value: table.id, color: COLOURS.event.hex, timeColumn: 'start', titleColumn: 'device', descriptionColumns: [] },
    { ...style, name: 'Device windows', annotationType: 'INTERVAL', sourceType: 'table', value: table.id, color: COLOURS.interval.hex, opacity: 'opacityHigh', timeColumn: 'start', intervalEndColumn: 'until', titleColumn: 'device', descriptionColumns: [] },
    // (d) The example chart's series per device, as lines.
    { ...style, name: 'Per device', annotationType: 'TIME_SERIES', sourceType: 'line', value: await exampleId(api, 'chart', 'Events per day by device'), color: COLOURS.series.hex },
  ];

  // (e) The annotation store, when it is there (another engineer builds it at the same time).
  nativeLayers = await api('GET', '/api/v1/annotation_layer/').then(
    () => true,
    () => false,
  );
  if (nativeLayers) {
    const layer = await api<{ id: number }>('POST', '/api/v1/annotation_layer/', { name: 'Releases', descr: 'Product releases' });
    const at = (t: number) => new Date(t).toISOString().slice(0, 19);
    const releaseAt = first + Math.round(((last - first) * 0.2) / day) * day;
    await api('POST', `/api/v1/annotation_layer/${layer.id}/annotation/`, { short_descr: 'v2', long_descr: 'New charts', start_dttm: at(releaseAt), end_dttm: at(releaseAt) });
    await api('POST', `/api/v1/annotation_layer/${layer.id}/annotation/`, { short_descr: 'Freeze', long_descr: 'Code freeze', start_dttm: at(first + (last - first) * 0.7), end_dttm: at(first + (last - first) * 0.8) });
    layers.push(
      { ...style, name: 'Releases', annotationType: 'EVENT', sourceType: 'NATIVE', value: layer.id, color: COLOURS.nativeEvent.hex },
      { ...style, name: 'Release windows', annotationType: 'INTERVAL', sourceType: 'NATIVE', value: layer.id, color: COLOURS.nativeInterval.hex, opacity: 'opacityHigh' },
    );
  }
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Opens Explore signed in, in a theme mode, on a chart of `formData`, and waits until it drew. */
async function openExplore(viewport: { width: number; height: number }, theme: string, formData: Record<string, unknown>): Promise<{ page: Page; chart: Locator }> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((mode) => localStorage.setItem('lumen-bi.theme-mode', mode), theme);
  const page = await context.newPage();
  await signIn(page, server);
  await page.goto(`${server.url}/explore/?form_data=${encodeURIComponent(JSON.stringify(formData))}`);
  const chart = page.locator(SETTLED).first();
  await chart.waitFor({ timeout: SLOW });
  expect(await chart.getAttribute('data-chart-status')).toBe('rendered');
  return { page, chart };
}

/** How many of the element's pixels are each layer's colour, from a screenshot clipped to it. */
async function layerPixels(page: Page, element: Locator): Promise<Record<Layer, number>> {
  await element.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = await element.boundingBox();
  if (!box) throw new Error('The chart has no box');
  const png = (await page.screenshot({ clip: box })).toString('base64');
  return page.evaluate(
    async ({ data, colours }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [image.width, image.height];
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(image, 0, 0);
      const px = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      const counts = Object.fromEntries(Object.keys(colours).map((k) => [k, 0])) as Record<string, number>;
      for (let i = 0; i < px.length; i += 4) {
        for (const [name, { high, low }] of Object.entries(colours)) {
          if (Math.min(...high.map((c) => px[i + c])) - Math.max(...low.map((c) => px[i + c])) > 150) counts[name] += 1;
        }
      }
      return counts;
    },
    { data: png, colours: COLOURS as unknown as Record<string, { high: number[]; low: number[] }> },
  ) as Promise<Record<Layer, number>>;
}

const screenshotPath = (name: string) => join(server.dataDir, '..', `lumen-annotations-${name}.png`);

describe('annotation layers on a line chart', () => {
  it('draws formula, event, interval and time-series layers (and NATIVE ones when the store is there), 1440 and 800 px, light and dark', async () => {
    for (const theme of ['light', 'dark']) {
      for (const viewport of VIEWPORTS) {
        const { page, chart } = await openExplore(viewport, theme, { ...baseFormData, annotation_layers: layers });
        try {
          const pixels = await layerPixels(page, chart);
          const drawn: Layer[] = ['formula', 'event', 'interval', 'series', ...(nativeLayers ? (['nativeEvent', 'nativeInterval'] as const) : [])];
          for (const layer of drawn) expect.soft(pixels[layer], `${layer} pixels (${theme}, ${viewport.width} px)`).toBeGreaterThan(40);
          expect(await chart.locator('.bi-annotation-note').count()).toBe(0);
          // The legend lists the line layers after the chart's own series.
          const legend = await chart.locator('.bi-legend button').allTextContents();
          expect(legend).toEqual(expect.arrayContaining(['count', 'Target', 'Per device']));
          await page.screenshot({ path: screenshotPath(`${viewport.width}-${theme}`) });
        } finally {
          await page.context().close();
        }
      }
    }
  }, 600_000);

  it('names a formula that does not parse under the chart and draws the other layers', async () => {
    const broken = { ...layers[0], name: 'Broken target', value: '2 * x +' };
    const { page, chart } = await openExplore(VIEWPORTS[0]!, 'light', { ...baseFormData, annotation_layers: [broken, layers[2]] });
    try {
      const note = chart.locator('.bi-annotation-note');
      await expect.poll(() => note.textContent()).toMatch(/^Annotation layer "Broken target" not drawn: its formula does not parse/);
      const pixels = await layerPixels(page, chart);
      expect(pixels.formula).toBe(0);
      expect(pixels.interval).toBeGreaterThan(40);
      await page.screenshot({ path: screenshotPath('broken-formula') });
    } finally {
      await page.context().close();
    }
  }, 300_000);
});
