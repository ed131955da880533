/**
 * Chart formatting of issue 16, in real Chromium against the real server and its examples, on dashboards
 * of narrow and wider cards at 1440 and 800 px: time axes and big-number subheaders show the year where
 * 'Mon 30' alone would be ambiguous, pie labels stay inside their card, category axis labels (SVG and the
 * uPlot canvas) neither overlap nor leave the chart, and no SVG shape gets a negative size.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, type AdminApi } from './support/admin-api';
import { launchChromium } from './support/chromium';
import { startLumenServer, type LumenServer } from './support/lumen-server';
import { signIn } from './support/sign-in';

const SLOW = 60_000;
const SETTLED = '[data-chart-status="rendered"], [data-chart-status="failed"]';
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 800, height: 900 },
];

interface StoredChart {
  id: number;
  slice_name: string;
  viz_type: string;
  params: string;
  datasource_id: number;
  datasource_type: string;
}

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

async function chartsByName(): Promise<Map<string, StoredChart>> {
  const q = `(page:0,page_size:100,columns:!(id,slice_name,viz_type,params,datasource_id,datasource_type))`;
  const { result } = await api<{ result: StoredChart[] }>('GET', `/api/v1/chart/?q=${encodeURIComponent(q)}`);
  return new Map(result.map((c) => [c.slice_name, c]));
}

/** A saved copy of a chart with changed params (and viz type). */
async function copyChart(chart: StoredChart, name: string, change: Record<string, unknown> = {}): Promise<number> {
  const vizType = (change.viz_type as string | undefined) ?? chart.viz_type;
  const params = { ...(JSON.parse(chart.params) as Record<string, unknown>), ...change, viz_type: vizType };
  const body = { slice_name: name, viz_type: vizType, params: JSON.stringify(params), datasource_id: chart.datasource_id, datasource_type: chart.datasource_type };
  return (await api<{ id: number }>('POST', '/api/v1/chart/', body)).id;
}

/** A dashboard of one chart per row, each `width` of 12 columns wide. */
async function dashboardWith(title: string, cells: { chartId: number; width: number }[]): Promise<number> {
  const position: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: cells.map((_, i) => `ROW-${i}`), parents: ['ROOT_ID'] },
  };
  cells.forEach(({ chartId, width }, i) => {
    position[`ROW-${i}`] = { type: 'ROW', id: `ROW-${i}`, children: [`CHART-${i}`], parents: ['ROOT_ID', 'GRID_ID'], meta: { background: 'BACKGROUND_TRANSPARENT' } };
    position[`CHART-${i}`] = { type: 'CHART', id: `CHART-${i}`, children: [], parents: ['ROOT_ID', 'GRID_ID', `ROW-${i}`], meta: { chartId, width, height: 50 } };
  });
  return (await api<{ id: number }>('POST', '/api/v1/dashboard/', { dashboard_title: title, position_json: JSON.stringify(position), published: true })).id;
}

/**
 * Records the text uPlot draws on its canvases (axis labels are canvas text, not DOM): per canvas, the
 * texts of its latest full redraw with their left/right edge and baseline, in canvas pixels.
 */
function recordCanvasText(): void {
  type Drawn = { text: string; left: number; right: number; y: number; align: string };
  const texts = new WeakMap<HTMLCanvasElement, Drawn[]>();
  const proto = CanvasRenderingContext2D.prototype;
  const { fillText, clearRect } = proto;
  proto.clearRect = function (x, y, w, h) {
    // uPlot clears the whole canvas before each redraw: the labels start over.
    if (w >= this.canvas.width && h >= this.canvas.height) texts.set(this.canvas, []);
    return clearRect.call(this, x, y, w, h);
  };
  proto.fillText = function (text, x, y, maxWidth) {
    const t = this.getTransform();
    const width = this.measureText(String(text)).width * t.a;
    const px = t.a * x + t.e;
    const align = this.textAlign;
    const left = align === 'center' ? px - width / 2 : align === 'right' || align === 'end' ? px - width : px;
    const list = texts.get(this.canvas) ?? [];
    list.push({ text: String(text), left, right: left + width, y: Math.round(t.d * y + t.f), align });
    texts.set(this.canvas, list);
    (this.canvas as HTMLCanvasElement & { __drawnText?: Drawn[] }).__drawnText = list;
    return fillText.call(this, text, x, y, maxWidth);
  };
}

/** Scrolls each dashboard chart into view (they load lazily) and waits until it settled. */
async function settleDashboard(page: Page): Promise<void> {
  const holders = page.locator('.bi-dash-chart[data-chart-id]');
  await holders.first().waitFor({ timeout: SLOW });
  for (const holder of await holders.all()) {
    if (!(await holder.isVisible())) continue;
    await holder.scrollIntoViewIfNeeded();
    await holder.locator(SETTLED).first().waitFor({ state: 'attached', timeout: SLOW });
  }
  // A resize after the first draw redraws; let it land.
  await page.waitForTimeout(500);
}

/** Formatting problems of every chart on the page, one line each (measured in the browser). */
function measureProblems(page: Page): Promise<string[]> {
  return page.locator('.bi-dash-chart[data-chart-id]').evaluateAll((holders) => {
    type Box = { left: number; right: number; top: number; bottom: number; text: string };
    const problems: string[] = [];
    const label = (el: Element) => el.firstChild?.textContent ?? '';
    const overlaps = (a: Box, b: Box) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const boxes = (els: Element[]): Box[] =>
      els.filter((el) => label(el).trim()).map((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, text: label(el) };
      });
    for (const holder of holders) {
      const name = holder.querySelector('.bi-dash-chart__title')?.textContent?.trim() || `chart ${holder.getAttribute('data-chart-id')}`;
      for (const root of holder.querySelectorAll('svg[role]')) {
        const frame = root.getBoundingClientRect();
        for (const rect of root.querySelectorAll('rect')) {
          for (const attr of ['width', 'height']) if (Number(rect.getAttribute(attr)) < 0) problems.push(`${name}: <rect ${attr}="${rect.getAttribute(attr)}">`);
        }
        // Pie labels and category / row axis labels: inside the chart, and apart from each other.
        const labelled = /^(Pie|Donut|Funnel) chart/.test(root.getAttribute('aria-label') ?? '') ? [...root.querySelectorAll('text')] : [];
        for (const group of [labelled, [...root.querySelectorAll('.bi-axis-category text')], [...root.querySelectorAll('.bi-axis-y text')]]) {
          const placed = boxes(group);
          for (const b of placed) {
            if (b.left < frame.left - 1 || b.right > frame.right + 1 || b.top < frame.top - 1 || b.bottom > frame.bottom + 1) problems.push(`${name}: label '${b.text}' clipped at the chart's edge`);
          }
          placed.forEach((a, i) => placed.slice(i + 1).forEach((b) => overlaps(a, b) && problems.push(`${name}: labels '${a.text}' and '${b.text}' overlap`)));
        }
      }
      // uPlot's x axis labels: the texts on the canvas's lowest baseline.
      for (const canvas of holder.querySelectorAll('canvas')) {
        const all = (canvas as HTMLCanvasElement & { __drawnText?: Array<Omit<Box, 'top' | 'bottom'> & { y: number; align: string }> }).__drawnText ?? [];
        // x labels are centred under their ticks (the y axis's are right-aligned).
        const drawn = all.filter((d) => d.align === 'center');
        const bottom = Math.max(...drawn.map((d) => d.y));
        const xLabels = drawn.filter((d) => d.y === bottom && d.text).sort((a, b) => a.left - b.left);
        xLabels.forEach((d, i) => {
          if (i && d.left < xLabels[i - 1].right - 1) problems.push(`${name}: x labels '${xLabels[i - 1].text}' and '${d.text}' overlap`);
          if (d.left < -1 || d.right > canvas.width + 1) problems.push(`${name}: x label '${d.text}' off the canvas (${Math.round(d.left)}..${Math.round(d.right)} of ${canvas.width})`);
        });
        if (name.includes('[time axis]')) {
          for (const d of xLabels) if (!/\b\d{4}\b/.test(d.text)) problems.push(`${name}: time tick '${d.text}' without its year`);
        }
      }
      const sub = holder.querySelector('.bi-big-number-subheader')?.textContent ?? null;
      // The copy asks for the latest time (show_timestamp): its subheader must be drawn, with the year.
      if (name.includes('(subheader)') && sub === null) problems.push(`${name}: no big number subheader`);
      if (sub !== null && !/\b\d{4}\b/.test(sub)) problems.push(`${name}: big number subheader '${sub}' without its year`);
    }
    return problems;
  });
}

describe('Chart formatting in narrow cards', () => {
  it('years where needed, pie and axis labels inside their card and apart, no negative SVG sizes (1440 and 800 px, light and dark)', async () => {
    const charts = await chartsByName();
    const get = (name: string) => {
      const chart = charts.get(name);
      if (!chart) throw new Error(`No example chart '${name}'`);
      return chart;
    };
    // Long labels on purpose: products and product lines, key + value + percent pie labels.
    const cells: { chartId: number; width: number }[] = [
      { chartId: await copyChart(get('Order lines by region'), 'Pie of product lines', { groupby: ['product_line'], label_type: 'key_value_percent', show_legend: false }), width: 2 },
      { chartId: await copyChart(get('Order lines by region'), 'Pie of products', { groupby: ['product'], label_type: 'key_percent', show_labels_threshold: 0, show_legend: false }), width: 3 },
      { chartId: await copyChart(get('Monthly revenue by region'), 'Box plot of product lines', { groupby: ['product_line'] }), width: 2 },
      { chartId: await copyChart(get('Monthly revenue'), 'Revenue by product [category axis]', { viz_type: 'echarts_timeseries_bar', x_axis: 'product', time_grain_sqla: null }), width: 3 },
      { chartId: await copyChart(get('Monthly revenue'), 'Monthly revenue [time axis]'), width: 3 },
      { chartId: await copyChart(get('Events per month'), 'Events per month (subheader)', { show_timestamp: true }), width: 2 },
    ];
    // Every SVG viz type in the narrowest card.
    for (const name of ['Monthly revenue by region', 'Countries: price, quantity and revenue', 'Events funnel', 'Average price', 'Events by type and device', 'Event duration distribution', 'Events by device', 'Popular names']) {
      cells.push({ chartId: get(name).id, width: 1 });
    }
    const dashboard = await dashboardWith('Chart formatting, narrow cards', cells);
    const problems: string[] = [];
    for (const theme of ['light', 'dark']) {
      for (const viewport of VIEWPORTS) {
        const context: BrowserContext = await browser.newContext({ viewport });
        try {
          await context.addInitScript(recordCanvasText);
          await context.addInitScript((mode) => localStorage.setItem('lumen-bi.theme-mode', mode), theme);
          const page = await context.newPage();
          page.on('console', (m) => {
            if (m.type() === 'error' && /negative value/i.test(m.text())) problems.push(`${viewport.width}px: ${m.text()}`);
          });
          await signIn(page, server);
          await page.goto(`${server.url}/superset/dashboard/${dashboard}/`);
          await settleDashboard(page);
          problems.push(...(await measureProblems(page)).map((p) => `${viewport.width}px ${theme}: ${p}`));
          await page.screenshot({ path: join(server.dataDir, '..', `lumen-chart-formatting-${viewport.width}-${theme}.png`), fullPage: true });
          // The cards with long labels, one image each, to look at.
          const holders = await page.locator('.bi-dash-chart[data-chart-id]').all();
          for (const [i, holder] of holders.slice(0, 6).entries()) {
            await holder.screenshot({ path: join(server.dataDir, '..', `lumen-chart-formatting-${viewport.width}-${theme}-card${i}.png`) });
          }
        } finally {
          await context.close();
        }
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
