/**
 * smart_date with the year where it is needed. The incumbent's smart_date multi-format shows only the
 * finest unit that changes ('Mon 30', 'March'), which reads well between ticks of one year but is
 * ambiguous alone (a big number's subheader) or on an axis that spans years or lies in another year.
 * An explicit format id is the author's choice and is kept as is.
 */
import { SMART_DATE_FORMAT } from '@lumen-bi/core';
import { getTimeFormatter } from './format';

type Level = 'time' | 'day' | 'month' | 'year';

/** True for the adaptive default (an empty id means smart_date). */
export function isSmartDate(format: unknown): boolean {
  return typeof format !== 'string' || format.trim() === '' || format.trim() === SMART_DATE_FORMAT;
}

/** The coarsest unit smart_date would still show for a UTC instant (its finest non-zero unit). */
function smartLevel(ms: number): Level {
  const d = new Date(ms);
  if (d.getUTCMilliseconds() || d.getUTCSeconds() || d.getUTCMinutes() || d.getUTCHours()) return 'time';
  if (d.getUTCDate() !== 1) return 'day';
  return d.getUTCMonth() !== 0 ? 'month' : 'year';
}

/** Formats that carry the year, per level: for axis ticks (short) and for a value shown alone. */
// Times of day keep smart_date's short form on ticks: the day ticks between them carry the date.
const TICK_WITH_YEAR: Record<Level, string | null> = { time: null, day: '%b %d, %Y', month: '%b %Y', year: '%Y' };
const ALONE_WITH_YEAR: Record<Level, string> = { time: '%a %b %d, %Y %H:%M', day: '%a %b %d, %Y', month: '%B %Y', year: '%Y' };

const yearOf = (ms: number) => new Date(ms).getUTCFullYear();

/**
 * A time value shown alone (no neighbouring ticks to place it): smart_date always gets its year.
 *
 * @example
 * formatTimeAlone('smart_date', Date.UTC(2023, 0, 30)); // 'Mon Jan 30, 2023' (not 'Mon 30')
 */
export function formatTimeAlone(format: unknown, ms: number): string {
  if (!isSmartDate(format) || !Number.isFinite(ms)) return getTimeFormatter(format).format(ms);
  return getTimeFormatter(ALONE_WITH_YEAR[smartLevel(ms)]).format(ms);
}

/**
 * Whether ticks between two instants need the year: they span years, or lie outside the current year.
 *
 * @example
 * timeTicksNeedYear(Date.UTC(2023, 0, 1), Date.UTC(2023, 5, 1), Date.UTC(2026, 0, 1)); // true
 */
export function timeTicksNeedYear(min: number, max: number, now = Date.now()): boolean {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return false;
  const first = yearOf(Math.min(min, max));
  return first !== yearOf(Math.max(min, max)) || first !== yearOf(now);
}

/**
 * Tick labels of a time axis: smart_date, plus the year when the ticks span more than one year or lie
 * outside the current year (where 'Mon 30' could be any year's).
 *
 * @example
 * formatTimeTicks('smart_date', [Date.UTC(2023, 11, 25), Date.UTC(2024, 0, 1)]); // ['Dec 25, 2023', '2024']
 */
export function formatTimeTicks(format: unknown, ticks: readonly number[], now = Date.now()): string[] {
  const smart = getTimeFormatter(format);
  const finite = ticks.filter(Number.isFinite);
  if (!isSmartDate(format) || !finite.length) return ticks.map((v) => smart.format(v));
  if (!timeTicksNeedYear(Math.min(...finite), Math.max(...finite), now)) return ticks.map((v) => smart.format(v));
  return ticks.map((v) => {
    const withYear = Number.isFinite(v) ? TICK_WITH_YEAR[smartLevel(v)] : null;
    return withYear ? getTimeFormatter(withYear).format(v) : smart.format(v);
  });
}
