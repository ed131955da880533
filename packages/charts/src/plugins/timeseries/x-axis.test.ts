import { describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import { barChartPlugin, lineChartPlugin } from './index';
import { buildUplotOptions } from './render';
import { timeTickSpace } from './x-axis';
import { estimateLabelWidth } from '../../shared/label-fit';

const meta = { is_cached: false, query: '', cache_key: null, cached_dttm: null };
const fd = { datasource: '22__table', viz_type: 'echarts_timeseries_line', x_axis: 'order_date', metrics: ['count'], groupby: [], y_axis_format: 'SMART_NUMBER' };

/** The x axis of the uPlot options, its functions called as uPlot would on a plot `plotWidth` px wide. */
function xAxis(options: uPlot.Options, plotWidth: number) {
  const axis = options.axes![0];
  // A plot of `plotWidth` px after a 56 px y axis, categories spread from -0.5 to count - 0.5.
  const count = 40;
  const valToPos = (v: number) => (56 + ((v + 0.5) / count) * plotWidth) * devicePixelRatio;
  const u = { bbox: { left: 56 * devicePixelRatio, width: plotWidth * devicePixelRatio }, valToPos } as unknown as uPlot;
  const splits = typeof axis.splits === 'function' ? axis.splits(u, 0, 0, 0, 0, 0) : undefined;
  const values = (ticks: number[]) => (axis.values as (u: uPlot, s: number[]) => string[])(u, ticks);
  return { axis, splits, values };
}

describe('time-series x axis labels', () => {
  it('a time axis outside the current year shows the year with the day (not "Mon 30")', () => {
    const data = [{ order_date: Date.UTC(2003, 2, 1), count: 1 }, { order_date: Date.UTC(2003, 2, 31), count: 2 }];
    const p = lineChartPlugin.transformProps({ formData: fd, queriesData: [{ ...meta, colnames: ['order_date', 'count'], coltypes: [2, 0], data }], width: 600, height: 300 });
    const { axis, values } = xAxis(buildUplotOptions(p, 600, 300), 500);
    expect(values([Date.UTC(2003, 2, 1), Date.UTC(2003, 2, 30)])).toEqual(['Mar 2003', 'Mar 30, 2003']);
    // Ticks that carry the year get more room, so they do not run into each other.
    expect((axis.space as (...a: unknown[]) => number)(null, 0, Date.UTC(2003, 2, 1), Date.UTC(2003, 2, 31), 500)).toBe(72);
  });
  it('a category axis labels every k-th category, cut to fit, so labels do not overlap', () => {
    const data = Array.from({ length: 40 }, (_, i) => ({ region: `Sales territory number ${i}`, count: i }));
    const p = barChartPlugin.transformProps({ formData: { ...fd, viz_type: 'echarts_timeseries_bar', x_axis: 'region' }, queriesData: [{ ...meta, colnames: ['region', 'count'], data }], width: 400, height: 300 });
    const { splits, values } = xAxis(buildUplotOptions(p, 400, 300), 340);
    expect(splits!.length).toBeLessThan(40);
    expect(splits!.length).toBeGreaterThan(0);
    // Each shown label has at least its width: 340 px shared by every k-th of 40 categories.
    const step = 340 / 40;
    const every = splits![1] - splits![0];
    expect(values(splits!).every((l) => l.length > 0)).toBe(true);
    expect(every * step).toBeGreaterThanOrEqual(Math.max(...values(splits!).map((l) => l.length)) * 12 * 0.34);
  });
  it('ticks months apart within this year leave room for a full month name, so labels never run together ("SeptemberDecember")', () => {
    const year = new Date().getUTCFullYear();
    const space = timeTickSpace(Date.UTC(year, 0, 1), Date.UTC(year, 11, 1), 12);
    expect(space).toBeGreaterThan(estimateLabelWidth('September', 12) + 8);
    // Days within a month keep the dense spacing; ticks with years their own.
    expect(timeTickSpace(Date.UTC(year, 2, 1), Date.UTC(year, 2, 20), 12)).toBe(56);
    expect(timeTickSpace(Date.UTC(2003, 0, 1), Date.UTC(2004, 0, 1), 12)).toBe(72);
  });
});
