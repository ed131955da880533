/**
 * "Nice" UTC time ticks for the SVG charts' time axes (the Gantt chart): a step from a ladder of
 * calendar-friendly intervals, ticks on its boundaries. Months and years step along the calendar.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Fixed-length steps, shortest first. */
const FIXED_STEPS = [SECOND, 5 * SECOND, 15 * SECOND, 30 * SECOND, MINUTE, 5 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY];
/** Calendar steps in months, for spans longer than the fixed steps cover. */
const MONTH_STEPS = [1, 3, 6, 12, 24, 60, 120];
const MONTH = 30 * DAY;

/**
 * About `count` ticks between `min` and `max` (UTC ms), on round instants.
 *
 * @example
 * timeTicks(Date.UTC(2024, 5, 20, 8), Date.UTC(2024, 5, 20, 19), 6); // 08:00, 10:00 ... as 3-hour or 1-hour steps
 */
export function timeTicks(min: number, max: number, count = 6): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max) || max <= min) return Number.isFinite(min) ? [min] : [];
  const target = (max - min) / Math.max(1, count);
  const fixed = FIXED_STEPS.find((s) => s >= target);
  if (fixed) {
    const out: number[] = [];
    for (let t = Math.ceil(min / fixed) * fixed; t <= max; t += fixed) out.push(t);
    return out;
  }
  const months = MONTH_STEPS.find((m) => m * MONTH >= target) ?? Math.ceil(target / (12 * MONTH)) * 12;
  // Months counted from year 0, so a step of 3 starts quarters and a step of 12 starts years.
  const start = new Date(min);
  let month = Math.ceil((start.getUTCFullYear() * 12 + start.getUTCMonth()) / months) * months;
  const out: number[] = [];
  for (let t = monthStart(month); t <= max; t = monthStart((month += months))) if (t >= min) out.push(t);
  return out;
}

/** The first instant of the month `month` months after January of year 0. */
function monthStart(month: number): number {
  return Date.UTC(Math.floor(month / 12), month % 12, 1);
}
