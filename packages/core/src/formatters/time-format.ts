/**
 * Date/time formatters: d3-time-format specifiers (spec 3 §9 list; formatted by ./strftime, d3's output
 * without its parser), 'smart_date' (adaptive, the default) and per-granularity formats. Times are formatted in UTC by default because the server returns
 * timestamps in the dataset's time, without a zone, as the incumbent does.
 */
import { NULL_DISPLAY, SMART_DATE_FORMAT } from '../constants';
import { getGlobalLogger } from '../platform';
import { strftime } from './strftime';

/** A value a time formatter accepts: Date, epoch milliseconds or an ISO string. */
export type TimeInput = Date | number | string | null | undefined;

/** A time formatter. */
export interface TimeFormatter {
  readonly id: string;
  format(value: TimeInput): string;
}

/** Options of time formatters. */
export interface TimeFormatterOptions {
  /** Format in the browser's zone instead of UTC. */
  useLocalTime?: boolean;
  /**
   * The strftime to format with: a locale's (FormattingLocale.strftime: its day and month names, AM/PM and
   * %x/%X/%c orders) instead of en-US. The specifier keeps its fields and their order.
   */
  strftime?: typeof strftime;
  onInvalidFormat?: (formatId: string, error: unknown) => void;
}

function toDate(value: Exclude<TimeInput, null | undefined>): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function wrap(id: string, fn: (date: Date) => string): TimeFormatter {
  return {
    id,
    format(value) {
      if (value === null || value === undefined) return NULL_DISPLAY;
      const date = toDate(value);
      // An unparseable value is shown as received rather than as 'Invalid Date'.
      return date ? fn(date) : String(value);
    },
  };
}

/** The adaptive smart_date formats, from finest to coarsest (the incumbent's). */
export const SMART_DATE_FORMATS = {
  millisecond: '.%Lms',
  second: ':%Ss',
  minute: '%I:%M',
  hour: '%I %p',
  day: '%a %d',
  week: '%b %d',
  month: '%B',
  year: '%Y',
} as const;

function smartDate(useLocalTime: boolean, format: typeof strftime): (date: Date) => string {
  const make = (specifier: string) => format(specifier, !useLocalTime);
  const f = Object.fromEntries(Object.entries(SMART_DATE_FORMATS).map(([k, v]) => [k, make(v)])) as Record<
    keyof typeof SMART_DATE_FORMATS,
    (d: Date) => string
  >;
  return (date) => {
    const get = (utc: () => number, local: () => number) => (useLocalTime ? local() : utc());
    const ms = get(() => date.getUTCMilliseconds(), () => date.getMilliseconds());
    const s = get(() => date.getUTCSeconds(), () => date.getSeconds());
    const m = get(() => date.getUTCMinutes(), () => date.getMinutes());
    const h = get(() => date.getUTCHours(), () => date.getHours());
    const day = get(() => date.getUTCDate(), () => date.getDate());
    const weekday = get(() => date.getUTCDay(), () => date.getDay());
    const month = get(() => date.getUTCMonth(), () => date.getMonth());
    // The finest non-zero unit picks the format, so tick labels show only what changes.
    if (ms !== 0) return f.millisecond(date);
    if (s !== 0) return f.second(date);
    if (m !== 0) return f.minute(date);
    if (h !== 0) return f.hour(date);
    if (day !== 1) return weekday !== 0 ? f.day(date) : f.week(date);
    if (month !== 0) return f.month(date);
    return f.year(date);
  };
}

/**
 * Creates a time formatter; an empty id means smart_date.
 *
 * @example
 * createTimeFormatter('%Y-%m-%d').format(Date.UTC(2024, 0, 31)); // '2024-01-31'
 * createTimeFormatter('smart_date').format(Date.UTC(2024, 2, 1)); // 'March'
 */
export function createTimeFormatter(formatId?: string | null, options: TimeFormatterOptions = {}): TimeFormatter {
  const id = formatId?.trim() || SMART_DATE_FORMAT;
  const useLocalTime = options.useLocalTime ?? false;
  const format = options.strftime ?? strftime;
  if (id === SMART_DATE_FORMAT) return wrap(id, smartDate(useLocalTime, format));
  try {
    return wrap(id, format(id, !useLocalTime));
  } catch (error) {
    (options.onInvalidFormat ?? ((f: string, e: unknown) => getGlobalLogger().warn(`Invalid date format "${f}"`, e)))(id, error);
    return wrap(id, smartDate(useLocalTime, format));
  }
}

/**
 * Formats per time grain (ISO 8601 durations as sent in time_grain_sqla), as the incumbent shows
 * time-series values whose grain is known: year -> '%Y', month -> '%b %Y', quarter -> '%Y Q%q', ...
 */
export const TIME_FORMATS_FOR_GRANULARITY: Readonly<Record<string, string>> = {
  date: '%Y-%m-%d',
  PT1S: '%Y-%m-%d %H:%M:%S',
  PT5S: '%Y-%m-%d %H:%M:%S',
  PT30S: '%Y-%m-%d %H:%M:%S',
  PT1M: '%Y-%m-%d %H:%M',
  PT5M: '%Y-%m-%d %H:%M',
  PT10M: '%Y-%m-%d %H:%M',
  PT15M: '%Y-%m-%d %H:%M',
  PT30M: '%Y-%m-%d %H:%M',
  PT1H: '%Y-%m-%d %H:00',
  PT6H: '%Y-%m-%d %H:00',
  P1D: '%Y-%m-%d',
  P1W: '%Y-%m-%d',
  P1M: '%b %Y',
  P3M: '%Y Q%q',
  P1Y: '%Y',
  '1969-12-28T00:00:00Z/P1W': '%Y-%m-%d',
  '1969-12-29T00:00:00Z/P1W': '%Y-%m-%d',
  'P1W/1970-01-03T00:00:00Z': '%Y-%m-%d',
  'P1W/1970-01-04T00:00:00Z': '%Y-%m-%d',
};

/**
 * The formatter for a time grain; unknown or missing grains get smart_date.
 *
 * @example
 * getTimeFormatterForGranularity('P1M').format(Date.UTC(2024, 4, 1)); // 'May 2024'
 * getTimeFormatterForGranularity('P1Y').format(Date.UTC(2024, 0, 1)); // '2024'
 */
export function getTimeFormatterForGranularity(granularity?: string | null, options: TimeFormatterOptions = {}): TimeFormatter {
  const format = granularity ? TIME_FORMATS_FOR_GRANULARITY[granularity] : undefined;
  return createTimeFormatter(format ?? SMART_DATE_FORMAT, options);
}
