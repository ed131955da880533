/**
 * d3-time-format locale definitions from Intl: month and day names, AM/PM and the locale's date and time
 * order for %x, %X and %c, so '%d %B %Y' prints "5 März 2024" in German while keeping its field order.
 */
import type { TimeLocaleDefinition } from 'd3-time-format';

type Seven<T> = [T, T, T, T, T, T, T];
type Twelve<T> = [T, T, T, T, T, T, T, T, T, T, T, T];

// Made when asked for, not at import: top-level calls would keep this module in every bundle that imports
// core, used or not (a bundler cannot prove them free of side effects).
/** January to December of 2024, at noon UTC so no time zone moves the day. */
const months = () => Array.from({ length: 12 }, (_, month) => new Date(Date.UTC(2024, month, 15, 12))) as Twelve<Date>;
/** Sunday 7 January 2024 to Saturday 13 January 2024: d3 lists days from Sunday. */
const days = () => Array.from({ length: 7 }, (_, day) => new Date(Date.UTC(2024, 0, 7 + day, 12))) as Seven<Date>;

/** The locale's name of each date (a month or a weekday), as a tuple of the dates' length. */
function names<T extends Date[]>(locale: string, dates: T, options: Intl.DateTimeFormatOptions): { [K in keyof T]: string } {
  const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  return dates.map((date) => format.format(date)) as { [K in keyof T]: string };
}

/** d3 directives for the Intl parts of a date or time. */
const DIRECTIVES: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {
  year: '%Y',
  month: '%m',
  day: '%d',
  hour: '%H',
  minute: '%M',
  second: '%S',
  dayPeriod: '%p',
};

/** A d3 specifier in the locale's order and punctuation, from how Intl writes a sample date. */
function specifierOf(locale: string, options: Intl.DateTimeFormatOptions): string {
  const parts = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).formatToParts(new Date(Date.UTC(2024, 10, 25, 16, 5, 9)));
  const twelveHour = parts.some((part) => part.type === 'dayPeriod');
  return parts
    .map((part) => {
      if (part.type === 'literal') return part.value.replace(/%/g, '%%');
      if (part.type === 'hour' && twelveHour) return '%I';
      return DIRECTIVES[part.type] ?? '';
    })
    .join('');
}

/** The locale's words for before and after noon (AM, PM; 午前, 午後), or the English ones when it has none. */
function periodsOf(locale: string): [string, string] {
  const format = new Intl.DateTimeFormat(locale, { hour: 'numeric', hour12: true, timeZone: 'UTC' });
  const period = (hour: number) => format.formatToParts(new Date(Date.UTC(2024, 0, 1, hour))).find((part) => part.type === 'dayPeriod')?.value;
  return [period(9) ?? 'AM', period(21) ?? 'PM'];
}

/**
 * The d3-time-format locale definition of a BCP 47 locale.
 *
 * @example
 * timeFormatLocale(d3TimeLocaleDefinition('fr')).format('%B %Y')(new Date(2024, 2, 1)); // 'mars 2024'
 */
export function d3TimeLocaleDefinition(locale: string): TimeLocaleDefinition {
  const date = specifierOf(locale, { year: 'numeric', month: '2-digit', day: '2-digit' });
  const time = specifierOf(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return {
    dateTime: `${date} ${time}`,
    date,
    time,
    periods: periodsOf(locale),
    days: names(locale, days(), { weekday: 'long' }),
    shortDays: names(locale, days(), { weekday: 'short' }),
    months: names(locale, months(), { month: 'long' }),
    shortMonths: names(locale, months(), { month: 'short' }),
  };
}
