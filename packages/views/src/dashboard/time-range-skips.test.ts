import { describe, expect, it } from 'vitest';
import type { DashboardChart } from './dashboard-types';
import { rejectsTimeRange, skippedChartNames } from './time-range-skips';

const chart = (id: number, slice_name: string) => ({ id, slice_name, form_data: { datasource: '1__table', viz_type: 'table' } }) as DashboardChart;
const charts = { 1: chart(1, 'Revenue over time'), 2: chart(2, 'Top regions'), 3: chart(3, 'All products') };

describe('charts a time range did not narrow', () => {
  it('reads the server’s rejected filters', () => {
    expect(rejectsTimeRange([{ column: '__time_range', reason: 'no_temporal_column' }])).toBe(true);
    expect(rejectsTimeRange([{ column: 'region', reason: 'not_in_datasource' }])).toBe(false);
    expect(rejectsTimeRange(undefined)).toBe(false);
  });

  it('names the skipped charts in the filter’s scope, sorted', () => {
    const states = { 1: { status: 'success' as const }, 2: { status: 'success' as const, timeRangeSkipped: true }, 3: { status: 'success' as const, timeRangeSkipped: true } };
    expect(skippedChartNames({}, states, charts)).toEqual(['All products', 'Top regions']);
    expect(skippedChartNames({ chartsInScope: [1, 2] }, states, charts)).toEqual(['Top regions']);
    expect(skippedChartNames({ chartsInScope: [1] }, states, charts)).toEqual([]);
  });
});
