/**
 * The start and end day of a time range as the incumbent's browser works them out for pop_kpi's
 * 'inherit' and 'custom' comparisons (its getTimeOffset): days in UTC, enough grammar for the ranges
 * Explore writes ('Last week', 'previous calendar month', 'DATEADD(DATETIME("now"), -7, day) : now', ISO
 * dates). The server keeps the full grammar; the browser only needs the length of the range in days.
 */

const DAY_MS = 86_400_000;
type Unit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

const startOfDay = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;

/** `ms` moved by `n` units, months and years by the calendar. */
function addUnits(ms: number, n: number, unit: Unit): number {
  const fixed: Partial<Record<Unit, number>> = { second: 1e3, minute: 6e4, hour: 36e5, day: DAY_MS, week: 7 * DAY_MS };
  const step = fixed[unit];
  if (step) return ms + n * step;
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + n * (unit === 'year' ? 12 : unit === 'quarter' ? 3 : 1));
  return d.getTime();
}

const unitOf = (word: string): Unit | null => {
  const unit = word.toLowerCase().replace(/s$/, '');
  return ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'].includes(unit) ? (unit as Unit) : null;
};

/** 'previous calendar week|month|year': its first day, or the first day after it for an end bound. */
function previousCalendar(unit: string, today: number, isEnd: boolean): number | null {
  const d = new Date(today);
  if (unit === 'week') {
    const monday = today - ((d.getUTCDay() + 6) % 7) * DAY_MS;
    return isEnd ? monday : monday - 7 * DAY_MS;
  }
  if (unit === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - (isEnd ? 0 : 1), 1);
  if (unit === 'year') return Date.UTC(d.getUTCFullYear() - (isEnd ? 0 : 1), 0, 1);
  return null;
}

/**
 * One bound of a range as epoch ms, or null when it cannot be read.
 *
 * @example
 * parseRangeBound('Last week', Date.UTC(2024, 0, 10), false); // Date.UTC(2024, 0, 3)
 */
export function parseRangeBound(text: string, now: number, isEnd: boolean): number | null {
  const t = text.trim();
  const today = startOfDay(now);
  if (t === '' || t === 'now' || t.toLowerCase() === 'no filter') return now;
  if (t === 'today') return today;
  const last = /^last (day|week|month|quarter|year)$/i.exec(t);
  if (last) return isEnd ? today : addUnits(today, -1, unitOf(last[1]) as Unit);
  const calendar = /^previous calendar (week|month|year)$/i.exec(t);
  if (calendar) return previousCalendar(calendar[1].toLowerCase(), today, isEnd);
  const ago = /^(\d+) ([a-z]+) ago$/i.exec(t);
  if (ago && unitOf(ago[2])) return addUnits(today, -Number(ago[1]), unitOf(ago[2]) as Unit);
  const dateAdd = /^DATEADD\(\s*DATETIME\(\s*["']([^"']*)["']\s*\)\s*,\s*(-?\d+)\s*,\s*([a-z]+)\s*\)$/i.exec(t);
  if (dateAdd) {
    const base = parseRangeBound(dateAdd[1], now, isEnd);
    const unit = unitOf(dateAdd[3]);
    return base === null || !unit ? null : addUnits(base, Number(dateAdd[2]), unit);
  }
  const datetime = /^DATETIME\(\s*["']([^"']*)["']\s*\)$/i.exec(t);
  if (datetime) return parseRangeBound(datetime[1], now, isEnd);
  const iso = /^\d{4}(-\d{2}(-\d{2})?)?([T ][\d:.]+Z?)?$/.test(t) ? Date.parse(/^\d{4}$/.test(t) ? `${t}-01-01` : t.replace(' ', 'T')) : NaN;
  return Number.isNaN(iso) ? null : iso;
}

/**
 * [start, end] of a time range ('A : B', or one relative name such as 'Last week').
 *
 * @example
 * rangeBounds('2024-01-01 : 2024-01-08', Date.now()); // [Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 8)]
 */
export function rangeBounds(range: string, now: number): [number | null, number | null] {
  const [start, end] = range.split(' : ').map((s) => s.trim());
  const since = parseRangeBound(start ?? '', now, false);
  const until = parseRangeBound(end ?? start ?? '', now, true);
  return [since === null ? null : startOfDay(since), until === null ? null : startOfDay(until)];
}

/** Whole days from `a` to `b`. */
export const daysBetween = (a: number, b: number): number => Math.round((b - a) / DAY_MS);
