import type { AnnotationLayer, ChartDataResponseResult, QueryFormData } from '@lumen-bi/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type uPlot from 'uplot';
import { RENDERED_EVENT } from '../../../shared/rendered-event';
import { lineChartPlugin } from '../index';
import { buildUplotOptions } from '../render';
import type { TimeseriesProps } from '../types';
import { prepareAnnotations } from './annotate';
import { marksAt } from './draw';

const day = 86400000;
const meta = { is_cached: false, query: '', cache_key: null, cached_dttm: null };
const base = { show: true, showMarkers: false, showLabel: false, opacity: '', style: 'solid', width: 2, overrides: {} } as const;
const LAYERS: AnnotationLayer[] = [
  { ...base, name: 'Goal', annotationType: 'FORMULA', sourceType: '', value: '30 + 0 * x', color: '#ff0000' },
  { ...base, name: 'Releases', annotationType: 'EVENT', sourceType: 'NATIVE', value: 1, color: '#00ff00', showLabel: true },
  { ...base, name: 'Sales', annotationType: 'INTERVAL', sourceType: 'table', value: 5, color: '#0000ff', timeColumn: 'ds', intervalEndColumn: 'until', titleColumn: 'title', descriptionColumns: ['note'] },
  { ...base, name: 'Other chart', annotationType: 'TIME_SERIES', sourceType: 'line', value: 6, color: '#ff00ff' },
  { ...base, name: 'Hidden', annotationType: 'FORMULA', sourceType: '', value: '1', show: false },
];
const ANNOTATION_DATA = {
  Releases: { columns: ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'], records: [{ start_dttm: 2 * day, end_dttm: 2 * day, short_descr: 'v2', long_descr: 'New charts', json_metadata: '' }] },
  Sales: { records: [{ ds: day, until: 3 * day, title: 'Spring', note: 'Half price' }] },
  'Other chart': { records: [{ ds: 0, 'SUM(num)': 5 }, { ds: 4 * day, 'SUM(num)': 15 }] },
};
const formData = { datasource: '1__table', viz_type: 'echarts_timeseries_line', x_axis: 'ds', metrics: ['count'], groupby: [], annotation_layers: LAYERS } as QueryFormData;
const result = (annotationData: unknown): ChartDataResponseResult => ({
  ...meta,
  colnames: ['ds', 'count'],
  coltypes: [2, 0],
  rowcount: 5,
  data: [0, 1, 2, 3, 4].map((i) => ({ ds: i * day, count: 10 + i })),
  annotation_data: annotationData as ChartDataResponseResult['annotation_data'],
});
const propsOf = (layers: AnnotationLayer[], annotationData: unknown = ANNOTATION_DATA) =>
  lineChartPlugin.transformProps({ formData: { ...formData, annotation_layers: layers }, queriesData: [result(annotationData)], width: 600, height: 300 });

/** A canvas call with the state it was made in. */
interface Call {
  name: string;
  args: unknown[];
  strokeStyle: unknown;
  fillStyle: unknown;
  globalAlpha: unknown;
}
const calls: Call[] = [];

async function draw(props: TimeseriesProps) {
  calls.length = 0;
  const host = document.createElement('div');
  document.body.append(host);
  const rendered = new Promise((resolve) => host.addEventListener(RENDERED_EVENT, resolve, { once: true }));
  const chart = lineChartPlugin.render(host, props);
  await rendered;
  return { host, chart, done: () => (chart.destroy(), host.remove()) };
}

describe('annotation layers on a time-series chart', () => {
  // happy-dom has no canvas: uPlot gets a 2D context that records every call with the colours it was made in.
  beforeAll(() => {
    vi.stubGlobal('Path2D', function Path2D() {
      return new Proxy({}, { get: () => () => undefined });
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
      const state: Record<string | symbol, unknown> = { canvas: this, globalAlpha: 1 };
      return new Proxy(state, {
        get: (t, k) =>
          k in t
            ? t[k]
            : k === 'measureText'
              ? () => ({ width: 10 })
              : (...args: unknown[]) => void calls.push({ name: String(k), args, strokeStyle: t.strokeStyle, fillStyle: t.fillStyle, globalAlpha: t.globalAlpha }),
        set: (t, k, v) => ((t[k] = v), true),
      }) as unknown as CanvasRenderingContext2D;
    } as never);
  });
  afterAll(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('passes the shown layers and the annotation data to the renderer; none without shown layers', () => {
    const p = propsOf(LAYERS);
    expect(p.annotations?.layers.map((l) => l.name)).toEqual(['Goal', 'Releases', 'Sales', 'Other chart']);
    expect(p.annotations?.data).toBe(ANNOTATION_DATA);
    expect(propsOf([LAYERS[4]]).annotations).toBeUndefined();
    expect(propsOf([]).annotations).toBeUndefined();
  });

  it('draws the formula and the other chart as lines, the event as a line with its label, the interval as a band', async () => {
    const { host, done } = await draw(propsOf(LAYERS));
    const strokes = (color: string) => calls.filter((c) => c.name === 'stroke' && c.strokeStyle === color);
    expect(strokes('#ff0000')).toHaveLength(1);
    expect(strokes('#ff00ff')).toHaveLength(1);
    expect(strokes('#00ff00')).toHaveLength(1);
    const band = calls.find((c) => c.name === 'fillRect' && c.fillStyle === '#0000ff');
    expect(band?.globalAlpha).toBe(0.5);
    // The band spans day 1 to day 3 of a 4-day axis: half the plot's width.
    const [, , width] = band!.args as number[];
    const plotWidth = calls.find((c) => c.name === 'rect')!.args[2] as number;
    expect(width / plotWidth).toBeCloseTo(0.5, 2);
    expect(calls.filter((c) => c.name === 'fillText').map((c) => c.args[0])).toContain('Releases - v2');
    // Screen readers get the events and intervals the canvas shows.
    expect([...host.querySelectorAll('[aria-label="Annotations"] li')].map((li) => li.textContent)).toEqual([
      'Releases - v2: New charts (1970-01-03 00:00)',
      'Sales - Spring: Half price (1970-01-02 00:00 to 1970-01-04 00:00)',
      'Goal: annotation line',
      'SUM(num): annotation line',
    ]);
    expect(host.querySelector('.bi-annotation-note')).toBeNull();
    done();
  });

  it('toggles a line layer from the legend', async () => {
    const { host, done } = await draw(propsOf(LAYERS));
    const goal = [...host.querySelectorAll<HTMLButtonElement>('.bi-legend button')].find((b) => b.textContent === 'Goal')!;
    calls.length = 0;
    goal.click();
    expect(goal.getAttribute('aria-pressed')).toBe('false');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.some((c) => c.name === 'stroke' && c.strokeStyle === '#ff00ff')).toBe(true);
    expect(calls.some((c) => c.name === 'stroke' && c.strokeStyle === '#ff0000')).toBe(false);
    done();
  });

  it('skips a formula that does not parse, naming its layer under the chart, and draws the rest', async () => {
    const broken = { ...LAYERS[0], name: 'Broken goal', value: '30 +' };
    const { host, done } = await draw(propsOf([broken, LAYERS[2]]));
    const note = host.querySelector('.bi-annotation-note');
    expect(note?.getAttribute('role')).toBe('status');
    expect(note?.textContent).toMatch(/^Annotation layer "Broken goal" not drawn: its formula does not parse/);
    expect(calls.some((c) => c.name === 'fillRect' && c.fillStyle === '#0000ff')).toBe(true);
    done();
  });

  it("takes the lines' values into the y axis", async () => {
    const p = propsOf([{ ...LAYERS[0], value: '1000' }]);
    const annotator = await prepareAnnotations(p.annotations!);
    const opts = annotator.annotate(buildUplotOptions(p, 600, 300), p, document.createElement('div'));
    const range = opts.scales!.y.range as (u: uPlot, lo: number, hi: number, key: string) => [number, number];
    const [lo, hi] = range({} as uPlot, 10, 14, 'y');
    expect(lo).toBeLessThanOrEqual(10);
    expect(hi).toBeGreaterThanOrEqual(1000);
  });
});

describe('annotation hover', () => {
  it('finds the events within 4 px of the cursor and the intervals around it', () => {
    const u = { posToVal: (left: number) => left, valToPos: (v: number) => v } as unknown as uPlot;
    const stroke = { color: '#000', width: 1, dash: [], opacity: 1 };
    const marks = {
      events: [{ layer: 'a', x: 100, label: 'Event', stroke, showLabel: false }],
      intervals: [{ layer: 'b', start: 50, end: 150, label: 'Band', color: '#000', opacity: 0.5, showLabel: false }],
    };
    expect(marksAt(u, marks, 103)).toEqual(['Event', 'Band']);
    expect(marksAt(u, marks, 140)).toEqual(['Band']);
    expect(marksAt(u, marks, 200)).toEqual([]);
  });
});
