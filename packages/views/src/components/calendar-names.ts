/**
 * The words of the calendar (Calendar, the time-range picker's date fields) in a locale: weekday column
 * headers, the month title and each day's accessible name. English keeps its own fixed texts; any other
 * locale takes them from Intl, which every browser ships, so no locale data is downloaded.
 */
import { isSourceLocale } from '@lumen-bi/core';
import { dayLabel, monthTitle, parseIsoDate, WEEKDAY_NAMES } from './calendar-dates';

export interface CalendarNames {
  /** Monday first: the column header and its full name. */
  weekdays: readonly { short: string; long: string }[];
  /** 'mars 2021' for any day of March 2021 in French. */
  monthTitle(iso: string): string;
  /** 'mercredi 3 mars 2021': the accessible name of a day cell. */
  dayLabel(iso: string): string;
}

const ENGLISH: CalendarNames = Object.freeze({
  weekdays: WEEKDAY_NAMES.map((name) => ({ short: name.slice(0, 2), long: name })),
  monthTitle,
  dayLabel,
});

const byLocale = new Map<string, CalendarNames>();

/** A formatter of ISO dates in UTC, the zone every calendar day is in (calendar-dates.ts). */
function isoFormat(locale: string, options: Intl.DateTimeFormatOptions): (iso: string) => string {
  const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  return (iso) => format.format(parseIsoDate(iso)!);
}

/** The calendar's words in a locale (Monday 2024-01-01 starts the week of sample days). */
function localCalendarNames(locale: string): CalendarNames {
  const short = isoFormat(locale, { weekday: 'short' });
  const long = isoFormat(locale, { weekday: 'long' });
  const monday = Array.from({ length: 7 }, (_, day) => `2024-01-0${day + 1}`);
  return Object.freeze({
    weekdays: monday.map((iso) => ({ short: short(iso), long: long(iso) })),
    monthTitle: isoFormat(locale, { month: 'long', year: 'numeric' }),
    dayLabel: isoFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
  });
}

/**
 * @example
 * calendarNames('fr').monthTitle('2021-03-15'); // 'mars 2021'
 * calendarNames('en').weekdays[0]; // { short: 'Mo', long: 'Monday' }
 */
export function calendarNames(locale: string): CalendarNames {
  if (isSourceLocale(locale)) return ENGLISH;
  let names = byLocale.get(locale);
  if (!names) {
    names = localCalendarNames(locale);
    byLocale.set(locale, names);
  }
  return names;
}
