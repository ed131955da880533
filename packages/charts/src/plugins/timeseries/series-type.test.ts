import { describe, expect, it } from 'vitest';
import { seriesKindOf } from './series-type';

describe('seriesKindOf', () => {
  it("maps the incumbent's series types, steps included", () => {
    expect(['line', 'bar', 'scatter', 'smooth', 'start', 'middle', 'end'].map((t) => seriesKindOf(t, false))).toEqual(['line', 'bar', 'scatter', 'smooth', 'step', 'step', 'step']);
  });

  it('fills lines, smooth lines and steps with area, never bars or points', () => {
    expect(['line', 'smooth', 'end', 'bar', 'scatter'].map((t) => seriesKindOf(t, true))).toEqual(['area', 'area', 'area', 'bar', 'scatter']);
  });

  it('draws anything else as a line, as the incumbent does (its example saves a viz type name there)', () => {
    expect(seriesKindOf('echarts_timeseries_bar', false)).toBe('line');
    expect(seriesKindOf(undefined, false)).toBe('line');
    expect(seriesKindOf(null, true)).toBe('area');
  });
});
