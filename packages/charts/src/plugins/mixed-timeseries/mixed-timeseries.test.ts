import type { ChartDataResponseResult, QueryFormData } from '@lumen-bi/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RENDERED_EVENT } from '../../shared/mount';
import { QUERY_A_METRIC_REQUIRED, QUERY_B_METRIC_REQUIRED } from './build-query';
import { INCUMBENT_MIXED_FORM_DATA, SUM_OF_SALES } from './incumbent-mixed.fixture';
import { mixedTimeseriesPlugin } from './index';
import { buildMixedUplotOptions } from './uplot-options';

const meta = { is_cached: false, query: '', cache_key: null, cached_dttm: null };
const jan = Date.UTC(2003, 0, 1);
const feb = Date.UTC(2003, 1, 1);
const mar = Date.UTC(2003, 2, 1);
const monthAxis = { timeGrain: 'P1M', columnType: 'BASE_AXIS', sqlExpression: 'order_date', label: 'order_date', expressionType: 'SQL' };
/** What the server answers each query of the example chart (columnar, as Lumen's chart hosts ask). */
const sales: ChartDataResponseResult = { ...meta, colnames: ['order_date', 'SUM(sales)'], coltypes: [2, 0], rowcount: 2, columns: [[jan, feb], [120000, 95000.5]] };
const counts: ChartDataResponseResult = { ...meta, colnames: ['order_date', 'count'], coltypes: [2, 0], rowcount: 2, columns: [[jan, feb], [40, 31]] };

describe('mixed chart buildQuery', () => {
  it("sends the incumbent's two queries for its example chart: A then B, over the shared monthly x axis", () => {
    const context = mixedTimeseriesPlugin.buildQuery(INCUMBENT_MIXED_FORM_DATA);
    expect(context.datasource).toEqual({ id: 22, type: 'table' });
    expect(context.queries).toHaveLength(2);
    const [a, b] = context.queries;
    expect(a.metrics).toEqual([SUM_OF_SALES]);
    expect(b.metrics).toEqual(['count']);
    for (const q of [a, b]) {
      expect(q.columns).toEqual([monthAxis]);
      expect(q.series_columns).toEqual([]);
      expect(q.filters).toEqual([{ col: 'order_date', op: 'TEMPORAL_RANGE', val: 'No filter' }]);
      expect(q.row_limit).toBe(10000);
      expect(q.time_offsets).toEqual([]);
    }
    expect(a.orderby).toEqual([[SUM_OF_SALES, false]]);
    expect(a.post_processing).toEqual([
      { operation: 'pivot', options: { index: ['order_date'], columns: [], aggregates: { 'SUM(sales)': { operator: 'mean' } }, drop_missing_columns: true, flatten_columns: false, reset_index: false } },
      { operation: 'flatten' },
    ]);
    expect(b.post_processing?.[0]).toMatchObject({ operation: 'pivot', options: { aggregates: { count: { operator: 'mean' } } } });
  });

  it("reads query B's own group-by, filters, limits and analytics from the _b controls, and nothing of them into A", () => {
    const [a, b] = mixedTimeseriesPlugin.buildQuery({
      ...INCUMBENT_MIXED_FORM_DATA,
      groupby_b: ['product_line'],
      adhoc_filters_b: [{ clause: 'WHERE', subject: 'deal_size', operator: '==', comparator: 'Small', expressionType: 'SIMPLE' }],
      row_limit_b: 500,
      rolling_type_b: 'cumsum',
    } as QueryFormData).queries;
    expect(b.columns).toEqual([monthAxis, 'product_line']);
    expect(b.series_columns).toEqual(['product_line']);
    expect(b.filters).toEqual([{ col: 'deal_size', op: '==', val: 'Small' }]);
    expect(b.row_limit).toBe(500);
    expect(b.post_processing?.map((p) => p?.operation)).toEqual(['pivot', 'cum', 'rename', 'flatten']);
    expect(a.columns).toEqual([monthAxis]);
    expect(a.row_limit).toBe(10000);
    expect(a.post_processing?.map((p) => p?.operation)).toEqual(['pivot', 'flatten']);
  });

  it('refuses a query without a metric with a message saying which', () => {
    expect(() => mixedTimeseriesPlugin.buildQuery({ ...INCUMBENT_MIXED_FORM_DATA, metrics: [] })).toThrow(QUERY_A_METRIC_REQUIRED);
    expect(() => mixedTimeseriesPlugin.buildQuery({ ...INCUMBENT_MIXED_FORM_DATA, metrics_b: undefined } as QueryFormData)).toThrow(QUERY_B_METRIC_REQUIRED);
  });
});

describe('mixed chart transformProps', () => {
  const props = (formData: QueryFormData, queriesData = [sales, counts]) =>
    mixedTimeseriesPlugin.transformProps({ formData, queriesData, width: 600, height: 300 });

  it("draws the example chart's saved params as the incumbent does: A on the secondary axis, B on the primary one", () => {
    const p = props(INCUMBENT_MIXED_FORM_DATA);
    // Its seriesTypeB is 'echarts_timeseries_bar', a viz type and not a series type: the incumbent draws a line.
    expect(p.series.map((s) => [s.name, s.kind, s.axis, s.query])).toEqual([
      ['SUM(sales)', 'line', 1, 0],
      ['count', 'line', 0, 1],
    ]);
    // One colour scale for both queries: B's first series does not reuse A's first colour.
    expect(p.series.map((s) => s.color)).toEqual(['#1FA8C9', '#454E7C']);
    expect(p.data).toEqual([[jan, feb], [120000, 95000.5], [40, 31]]);
    expect(p.xMode).toBe('time');
    expect(p.gate).toEqual({ rowcount: 4, rowState: 'ok', blocked: false });
    expect(p.ariaLabel).toBe('mixed chart of SUM(sales), count: 2 points from 2003-01-01 to 2003-02-01');
    expect(p.secondary).toEqual({ format: 'SMART_NUMBER', currency: null, bounds: [null, null], logAxis: false });
  });

  it('puts queries whose x values differ on one axis, with gaps where a query has no point', () => {
    const later: ChartDataResponseResult = { ...counts, columns: [[feb, mar], [31, 12]] };
    const p = props(INCUMBENT_MIXED_FORM_DATA, [sales, later]);
    expect(Array.from(p.data[0] as Float64Array)).toEqual([jan, feb, mar]);
    expect(p.data.slice(1)).toEqual([[120000, 95000.5, null], [null, 31, 12]]);
  });

  it("names query B's series apart when both queries have the same one, and stacks each query on its own", () => {
    const bySeries: ChartDataResponseResult = { ...meta, colnames: ['order_date', 'Ships', 'Trains'], coltypes: [2, 0, 0], rowcount: 2, columns: [[jan, feb], [5, 6], [1, 2]] };
    const formData = { ...INCUMBENT_MIXED_FORM_DATA, metrics: ['count'], groupby: ['product_line'], groupby_b: ['product_line'], seriesType: 'bar', seriesTypeB: 'bar', stackB: true } as QueryFormData;
    const p = props(formData, [bySeries, bySeries]);
    expect(p.series.map((s) => [s.name, s.kind, s.stacked])).toEqual([['Ships', 'bar', false], ['Trains', 'bar', false], ['Ships (1)', 'bar', true], ['Trains (1)', 'bar', true]]);
    // The opacity controls are the areas' (the incumbent's bars stay opaque).
    expect(p.series.map((s) => s.opacity)).toEqual([1, 1, 1, 1]);
    const areas = props({ ...formData, seriesType: 'line', area: true } as QueryFormData, [bySeries, bySeries]);
    expect(areas.series.find((s) => s.name === 'Ships')).toMatchObject({ kind: 'area', opacity: 0.2 });
    // Bars are drawn first, so A's areas are painted over B's bars; each column follows its series.
    expect(areas.series.map((s) => s.name)).toEqual(['Ships (1)', 'Trains (1)', 'Ships', 'Trains']);
    expect(areas.data.slice(1).map((column) => Array.from(column))).toEqual([[5, 6], [6, 8], [5, 6], [1, 2]]);
    expect(p.data.slice(3)).toEqual([Float64Array.from([5, 6]), Float64Array.from([6, 8])]);
    // A's bars side by side (two slots), B's stacked in a third; the stacked one stands on the series before it.
    const opts = buildMixedUplotOptions(p, 600, 300);
    expect(opts.series.map((s) => s.scale)).toEqual([undefined, 'y2', 'y2', 'y', 'y']);
  });

  it('formats each series with the format of the axis it is read against', () => {
    const p = props({ ...INCUMBENT_MIXED_FORM_DATA, y_axis_format: ',d', y_axis_format_secondary: '$,.2f' } as QueryFormData);
    expect(p.series.map((s) => s.format)).toEqual(['$,.2f', ',d']);
  });
});

describe('mixed chart render', () => {
  // happy-dom has no canvas: uPlot gets a 2D context that accepts every call, and the bars' paths are kept.
  const barRects: number[][] = [];
  beforeAll(() => {
    vi.stubGlobal('Path2D', function Path2D() {
      return new Proxy({}, { get: (_t, k) => (k === 'rect' ? (...args: number[]) => barRects.push(args) : () => undefined) });
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
      const state: Record<string | symbol, unknown> = { canvas: this };
      return new Proxy(state, {
        get: (t, k) => (k in t ? t[k] : k === 'measureText' ? () => ({ width: 10 }) : () => undefined),
        set: (t, k, v) => ((t[k] = v), true),
      }) as unknown as CanvasRenderingContext2D;
    } as never);
  });
  afterAll(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("draws both queries (B's two months as bars) with a legend entry each and reports rendered", async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const rendered = new Promise((resolve) => host.addEventListener(RENDERED_EVENT, resolve, { once: true }));
    const formData = { ...INCUMBENT_MIXED_FORM_DATA, seriesTypeB: 'bar' } as QueryFormData;
    const p = mixedTimeseriesPlugin.transformProps({ formData, queriesData: [sales, counts], width: 600, height: 300 });
    const chart = mixedTimeseriesPlugin.render(host, p);
    await rendered;
    // B's bars first: A's line is drawn over them.
    expect([...host.querySelectorAll('.bi-legend button')].map((b) => b.textContent)).toEqual(['count', 'SUM(sales)']);
    expect(host.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe(p.ariaLabel);
    expect(host.querySelector('canvas')).not.toBeNull();
    // B's bars come first (uPlot clips with rects after): January's 40 and February's 31, from zero.
    const [janBar, febBar] = barRects;
    expect(febBar[0]).toBeGreaterThan(janBar[0]);
    expect(febBar[3] / janBar[3]).toBeCloseTo(31 / 40, 3);
    chart.destroy();
    host.remove();
  });

  it('gives the secondary axis its own scale, format and no grid', () => {
    const p = mixedTimeseriesPlugin.transformProps({ formData: { ...INCUMBENT_MIXED_FORM_DATA, y_axis_format_secondary: '$,d' } as QueryFormData, queriesData: [sales, counts], width: 600, height: 300 });
    const opts = buildMixedUplotOptions(p, 600, 300);
    const secondary = opts.axes![2];
    expect(secondary).toMatchObject({ scale: 'y2', side: 1, grid: { show: false } });
    expect((secondary.values as (u: unknown, splits: number[]) => string[])(null, [1000, 120000])).toEqual(['$1,000', '$120,000']);
    expect(opts.series.map((s) => s.scale)).toEqual([undefined, 'y2', 'y']);
  });
});
