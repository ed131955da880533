import { describe, expect, it } from 'vitest';
import { groupedSeriesAt, stackedSeriesAt } from './bar-hit';

describe('the bar under the pointer', () => {
  it('finds the stacked segment that spans the value, skipping empty series', () => {
    const stacked = [
      [2, 3],
      [5, null],
      [9, 4],
    ];
    expect(stackedSeriesAt(stacked, 0, 1)).toBe(0);
    expect(stackedSeriesAt(stacked, 0, 4)).toBe(1);
    expect(stackedSeriesAt(stacked, 0, 7)).toBe(2);
    expect(stackedSeriesAt(stacked, 0, 12)).toBeNull();
    expect(stackedSeriesAt(stacked, 1, 3.5)).toBe(2);
  });

  it('handles negative stacks', () => {
    expect(stackedSeriesAt([[-2], [-5]], 0, -3)).toBe(1);
  });

  it('finds the side-by-side slot from the offset to the category centre, none in the gap', () => {
    expect(groupedSeriesAt(-30, 100, 2)).toBe(0);
    expect(groupedSeriesAt(10, 100, 2)).toBe(1);
    expect(groupedSeriesAt(45, 100, 2)).toBeNull();
    expect(groupedSeriesAt(-45, 100, 2)).toBeNull();
    expect(groupedSeriesAt(0, 100, 1)).toBe(0);
  });
});
