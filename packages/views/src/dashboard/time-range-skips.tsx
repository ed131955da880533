import type { NativeFilter } from '@lumen-bi/core';
import { useSignals } from '@preact/signals-react/runtime';
import { useDashboard } from './dashboard-context';
import { dataMaskValue } from './filter-data-masks';
import type { ChartRuntimeState, DashboardChart } from './dashboard-types';

/** The name the server's applied/rejected filters give a dashboard's time range (the incumbent's). */
export const TIME_RANGE_FILTER_COLUMN = '__time_range';

/** Whether a chart's last answer says the dashboard's time range could not narrow it (no time column). */
export function rejectsTimeRange(rejected: readonly Record<string, unknown>[] | undefined): boolean {
  return Boolean(rejected?.some((filter) => filter.column === TIME_RANGE_FILTER_COLUMN));
}

/**
 * Names of the charts in the filter's scope whose last query could not take the time range.
 *
 * @example
 * skippedChartNames({ id: 'F', chartsInScope: [1, 2] }, { 2: { status: 'success', timeRangeSkipped: true } }, charts); // ['Top regions']
 */
export function skippedChartNames(filter: Pick<NativeFilter, 'chartsInScope'>, states: Record<number, ChartRuntimeState>, charts: Record<number, DashboardChart>): string[] {
  const inScope = filter.chartsInScope ? new Set(filter.chartsInScope) : null;
  return Object.entries(states)
    .filter(([id, state]) => state.timeRangeSkipped && (!inScope || inScope.has(Number(id))))
    .map(([id]) => charts[Number(id)]?.slice_name ?? `Chart ${id}`)
    .sort((a, b) => a.localeCompare(b));
}

/**
 * Under an applied time-range filter: which charts it did not narrow and why, so a viewer does not read
 * an unfiltered chart as filtered.
 */
export function TimeRangeSkips({ filter }: { filter: NativeFilter }) {
  useSignals();
  const { store } = useDashboard();
  if (filter.filterType !== 'filter_time' || dataMaskValue(store.dataMask.value[filter.id]) === null) return null;
  const names = skippedChartNames(filter, store.chartStates.value, store.charts.value);
  if (names.length === 0) return null;
  const count = names.length === 1 ? '1 chart' : `${names.length} charts`;
  return (
    <p className="bi-dash-filter__note bi-dash-muted" role="note">
      Not applied to {count} without a time column: {names.join(', ')}
    </p>
  );
}
