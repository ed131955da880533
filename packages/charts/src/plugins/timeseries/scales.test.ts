import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
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
});
