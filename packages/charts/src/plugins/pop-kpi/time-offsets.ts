/**
 * pop_kpi's time shift -> the query's time_offsets. A fixed shift ('1 year ago') goes as it is; 'inherit'
 * becomes the length of the time range in days and 'custom' the days from start_date_offset to the range's
 * start, as the incumbent's getTimeOffset computes them in the browser, so the server only ever sees
 * 'N days ago' (or 'N days after' for a custom date past the range's start).
 */
import type { QueryFormData } from '@lumen-bi/core';
import { daysBetween, parseRangeBound, rangeBounds } from './range-bounds';

/** The time range a pop_kpi query covers: the query's own, else its TEMPORAL_RANGE filter's. */
export function popKpiTimeRange(formData: Partial<QueryFormData>, queryTimeRange: unknown): string {
  if (typeof queryTimeRange === 'string' && queryTimeRange) return queryTimeRange;
  const filters = Array.isArray(formData.adhoc_filters) ? (formData.adhoc_filters as unknown as Array<Record<string, unknown>>) : [];
  const temporal = filters.find((f) => f.operator === 'TEMPORAL_RANGE');
  return typeof temporal?.comparator === 'string' ? temporal.comparator : '';
}

/** 'N days ago' for a shift into the past, 'N days after' into the future. */
const daysOffset = (days: number): string => (days < 0 ? `${-days} days after` : `${days} days ago`);

/**
 * The time_offsets of the shifts in `time_compare` over `timeRange`; a shift that cannot be worked out
 * (inherit over 'No filter', custom without a date) is left out, as the incumbent leaves it out.
 *
 * @example
 * popKpiTimeOffsets(['inherit'], '2024-01-01 : 2024-01-08', undefined, Date.now()); // ['7 days ago']
 * popKpiTimeOffsets(['1 year ago'], 'Last week', undefined, Date.now()); // ['1 year ago']
 */
export function popKpiTimeOffsets(shifts: readonly string[], timeRange: string, startDateOffset: unknown, now: number): string[] {
  const [start, end] = rangeBounds(timeRange, now);
  return shifts.flatMap((shift) => {
    if (shift === 'inherit') {
      const days = start !== null && end !== null ? daysBetween(start, end) : 0;
      return days > 0 ? [daysOffset(days)] : [];
    }
    if (shift === 'custom') {
      const custom = typeof startDateOffset === 'string' && startDateOffset ? parseRangeBound(startDateOffset, now, false) : null;
      return custom !== null && start !== null ? [daysOffset(daysBetween(custom, start))] : [];
    }
    return [shift];
  });
}
