/**
 * The dateFormat helper's patterns: the incumbent formats with dayjs/moment tokens ('MMMM YYYY',
 * 'YYYY-MM-DD HH:mm'), so saved templates carry those, not d3's. Dates are read and written in UTC, as
 * every other Lumen chart shows the query's timestamps.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const TOKENS: Record<string, (d: Date) => string> = {
  YYYY: (d) => String(d.getUTCFullYear()),
  YY: (d) => pad(d.getUTCFullYear() % 100),
  MMMM: (d) => MONTHS[d.getUTCMonth()],
  MMM: (d) => MONTHS[d.getUTCMonth()].slice(0, 3),
  MM: (d) => pad(d.getUTCMonth() + 1),
  M: (d) => String(d.getUTCMonth() + 1),
  DD: (d) => pad(d.getUTCDate()),
  D: (d) => String(d.getUTCDate()),
  dddd: (d) => DAYS[d.getUTCDay()],
  ddd: (d) => DAYS[d.getUTCDay()].slice(0, 3),
  HH: (d) => pad(d.getUTCHours()),
  H: (d) => String(d.getUTCHours()),
  hh: (d) => pad(d.getUTCHours() % 12 || 12),
  h: (d) => String(d.getUTCHours() % 12 || 12),
  mm: (d) => pad(d.getUTCMinutes()),
  ss: (d) => pad(d.getUTCSeconds()),
  SSS: (d) => pad(d.getUTCMilliseconds(), 3),
  A: (d) => (d.getUTCHours() < 12 ? 'AM' : 'PM'),
  a: (d) => (d.getUTCHours() < 12 ? 'am' : 'pm'),
};
/** Longest tokens first; [text] is literal, as in dayjs. */
const PATTERN = /\[([^\]]*)]|YYYY|YY|MMMM|MMM|MM|M|DD|D|dddd|ddd|HH|H|hh|h|mm|ss|SSS|A|a/g;

/**
 * A date (epoch ms, ISO text or Date) in a dayjs pattern; 'Invalid Date' for what is not a date, as dayjs says.
 *
 * @example
 * formatDatePattern(Date.UTC(2024, 2, 5), 'MMMM YYYY'); // 'March 2024'
 */
export function formatDatePattern(value: unknown, pattern = 'YYYY-MM-DD'): string {
  const date = value instanceof Date ? value : new Date(typeof value === 'number' || typeof value === 'string' ? value : NaN);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return pattern.replace(PATTERN, (token, literal?: string) => (literal !== undefined ? literal : TOKENS[token](date)));
}
