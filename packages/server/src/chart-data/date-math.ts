/**
 * UTC calendar arithmetic for time ranges and time shifts. Months and years are calendar-aware and clamp
 * the day to the month's end (Jan 31 + 1 month = Feb 28/29), as python-dateutil's relativedelta does,
 * which is what the incumbent's time ranges use.
 */
export type TimeUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

export const TIME_UNITS: readonly TimeUnit[] = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'];

const MS: Record<'second' | 'minute' | 'hour' | 'day' | 'week', number> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
};

/** Normalises 'days', 'Day', 'DAYS' to 'day'; null when not a unit. */
export function parseUnit(word: string): TimeUnit | null {
  const unit = word.toLowerCase().replace(/s$/, '');
  return (TIME_UNITS as readonly string[]).includes(unit) ? (unit as TimeUnit) : null;
}

function addMonths(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = ((month % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(targetYear, targetMonth, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds()),
  );
}

export function addUnits(date: Date, amount: number, unit: TimeUnit): Date {
  switch (unit) {
    case 'month':
      return addMonths(date, amount);
    case 'quarter':
      return addMonths(date, amount * 3);
    case 'year':
      return addMonths(date, amount * 12);
    default:
      return new Date(date.getTime() + amount * MS[unit]);
  }
}

/** Start of the unit containing `date`; weeks start on Monday (ISO), as the incumbent's calendar ranges do. */
export function truncate(date: Date, unit: TimeUnit): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const d = date.getUTCDate();
  switch (unit) {
    case 'second':
      return new Date(Math.floor(date.getTime() / 1000) * 1000);
    case 'minute':
      return new Date(Date.UTC(y, m, d, date.getUTCHours(), date.getUTCMinutes()));
    case 'hour':
      return new Date(Date.UTC(y, m, d, date.getUTCHours()));
    case 'day':
      return new Date(Date.UTC(y, m, d));
    case 'week': {
      const weekday = (date.getUTCDay() + 6) % 7; // Monday = 0
      return new Date(Date.UTC(y, m, d - weekday));
    }
    case 'month':
      return new Date(Date.UTC(y, m, 1));
    case 'quarter':
      return new Date(Date.UTC(y, m - (m % 3), 1));
    case 'year':
      return new Date(Date.UTC(y, 0, 1));
  }
}

/** Last day of the unit containing `date` (LASTDAY in the time-range language): a date at 00:00. */
export function lastDay(date: Date, unit: 'week' | 'month' | 'year'): Date {
  const start = truncate(date, unit);
  return addUnits(addUnits(start, 1, unit), -1, 'day');
}
