/**
 * Calendar arithmetic on ISO dates ('YYYY-MM-DD'), done in UTC so a picked day never shifts with the
 * viewer's time zone or daylight saving. The calendar shows weeks starting on Monday (ISO 8601).
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/**
 * The UTC midnight of an ISO date, or null when the text is not a real calendar day.
 *
 * @example
 * parseIsoDate('2021-02-29'); // null
 */
export function parseIsoDate(text: string): Date | null {
  const match = ISO_DATE.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/** 'YYYY-MM-DD' of a UTC date. */
export function formatIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Today's date in UTC, the zone every time range is resolved in. */
export function todayIso(now: Date = new Date()): string {
  return formatIsoDate(now);
}

export function addDays(iso: string, days: number): string {
  return formatIsoDate(new Date(parseIsoDate(iso)!.getTime() + days * DAY_MS));
}

/**
 * The same day `months` later, clamped to the last day of a shorter month.
 *
 * @example
 * addMonths('2021-01-31', 1); // '2021-02-28'
 */
export function addMonths(iso: string, months: number): string {
  const date = parseIsoDate(iso)!;
  const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return formatIsoDate(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(date.getUTCDate(), lastDay))));
}

/** The first day of the month containing `iso`. */
export function startOfMonth(iso: string): string {
  return `${iso.slice(0, 8)}01`;
}

/** 'March 2021' for any day of March 2021. */
export function monthTitle(iso: string): string {
  const date = parseIsoDate(iso)!;
  return `${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** 'Wednesday, 3 March 2021': the accessible name of a day cell. */
export function dayLabel(iso: string): string {
  const date = parseIsoDate(iso)!;
  const weekday = WEEKDAY_NAMES[(date.getUTCDay() + 6) % 7];
  return `${weekday}, ${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * The weeks shown for the month containing `iso`: Monday-first rows of ISO dates, with the days of the
 * neighbouring months that complete the first and last week.
 */
export function monthWeeks(iso: string): string[][] {
  const first = startOfMonth(iso);
  const mondayOffset = (parseIsoDate(first)!.getUTCDay() + 6) % 7;
  let day = addDays(first, -mondayOffset);
  const month = first.slice(0, 7);
  const weeks: string[][] = [];
  while (weeks.length === 0 || day.slice(0, 7) === month) {
    const week: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push(day);
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return weeks;
}
