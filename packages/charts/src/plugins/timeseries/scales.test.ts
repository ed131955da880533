import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { areaChartPlugin } from './index';
import { buildUplotOptions } from './render';
import { xScale, yScale } from './scales';

const rangeOf = (scale: uPlot.Scale, lo: number, hi: number) => (scale.range as uPlot.Range.Function)({} as uPlot, lo, hi, 'x');
const DAY = 86_400_000;

describe('xScale', () => {
  it('gives bars on a time axis half a step at both ends, so the first and last bars are whole', () => {
    const xs = [0, DAY, 2 * DAY, 3 * DAY];
    expect(rangeOf(xScale('time', xs, true), 0, 3 * DAY)).toEqual([-DAY / 2, 3.5 * DAY]);
    expect(xScale('time', xs, true).time).toBe(true);
  });

  it('leaves lines, single points and categories as they were', () => {
    expect(xScale('time', [0, DAY], false)).toEqual({ time: true });
    expect(xScale('linear', [5], true)).toEqual({ time: false });
    expect(rangeOf(xScale('category', [0, 1, 2], false), 0, 2)).toEqual([-0.5, 2.5]);
  });
});

describe('yScale', () => {
  it('starts bars at zero and leaves room above the tallest, on a round number', () => {
    const [low, high] = rangeOf(yScale([null, null], false, true), 31, 300);
    expect(low).toBe(0);
    expect(high).toBeGreaterThan(300);
    expect(high! % 10).toBe(0);
  });

  it('keeps the bounds the user set, and the data range of lines without bounds', () => {
    expect(rangeOf(yScale([null, 500], false, true), 31, 300)).toEqual([0, 500]);
    expect(yScale([null, null], true, false)).toEqual({ distr: 3 });
    expect(rangeOf(yScale([10, null], false, false), 31, 300)).toEqual([10, 300]);
  });
  it('starts stacked areas at zero too, not overlapping ones', () => {
    const meta = { is_cached: false, query: '', cache_key: null, cached_dttm: null };
    const result = { ...meta, colnames: ['ds', 'a', 'b'], coltypes: [2, 0, 0], rowcount: 2, columns: [[0, DAY], [2e6, 2.1e6], [1.5e6, 1.4e6]] };
    const formData = { datasource: '1__table', viz_type: 'echarts_area', x_axis: 'ds', metrics: ['count'], groupby: ['g'] };
    const stacked = areaChartPlugin.transformProps({ formData: { ...formData, stack: 'Stack' }, queriesData: [result], width: 600, height: 300 });
    expect(rangeOf(buildUplotOptions(stacked, 600, 300).scales!.y!, 2e6, 3.5e6)[0]).toBe(0);
    const overlapping = areaChartPlugin.transformProps({ formData, queriesData: [result], width: 600, height: 300 });
    expect(buildUplotOptions(overlapping, 600, 300).scales!.y!.range).toBeUndefined();
  });
});
