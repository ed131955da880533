/**
 * d3-time-format's formatting (en-US), without its parser and without d3-time's interval library: Lumen
 * formats dates and never parses them with a specifier, and the two cost about 3 KB min+gzip of every
 * chart's first load (<bi-chart>, DESIGN.md "Performance budget"). Output is d3's, directive for directive,
 * padding modifiers included (strftime.test.ts compares both over many dates, in UTC and a DST zone).
 */

const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** The padding modifiers after '%': none, space, zero. */
const PADS: Readonly<Record<string, string>> = { '-': '', _: ' ', '0': '0' };
const DAY_MS = 86_400_000;

/** The calendar fields of a date, in UTC or the browser's zone. */
interface Fields {
  date: Date;
  year: number;
  month: number;
  day: number;
  weekday: number;
  hours: number;
  minutes: number;
  seconds: number;
  ms: number;
  /** Minutes to add to local time for UTC (Date#getTimezoneOffset); 0 in UTC. */
  zoneOffset: number;
}

function pad(value: number, fill: string, width: number): string {
  const sign = value < 0 ? '-' : '';
  const digits = String(sign ? -value : value);
  return sign + (digits.length < width ? fill.repeat(width - digits.length) + digits : digits);
}

/** Days since 1970-01-01 of a calendar day; setUTCFullYear keeps years 0-99 as given (Date.UTC would not). */
function dayNumber(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  return Math.floor(date.getTime() / DAY_MS);
}

/** 0-based day of the year. Calendar arithmetic, so a DST change cannot shift it. */
const dayOfYear = (f: Fields) => dayNumber(f.year, f.month, f.day) - dayNumber(f.year, 0, 1);

/** The Thursday of the date's ISO week (Monday to Sunday), as its year and 0-based day of the year. */
function isoThursday(f: Fields): { year: number; yday: number } {
  const thursday = dayNumber(f.year, f.month, f.day) - ((f.weekday + 6) % 7) + 3;
  const year = new Date(thursday * DAY_MS).getUTCFullYear();
  return { year, yday: thursday - dayNumber(year, 0, 1) };
}

type Directive = (f: Fields, fill: string) => string;

const DIRECTIVES: Readonly<Record<string, Directive>> = {
  a: (f) => SHORT_DAYS[f.weekday],
  A: (f) => DAYS[f.weekday],
  b: (f) => SHORT_MONTHS[f.month],
  B: (f) => MONTHS[f.month],
  c: (f) => `${DIRECTIVES.x(f, '0')}, ${DIRECTIVES.X(f, '0')}`,
  d: (f, p) => pad(f.day, p, 2),
  e: (f, p) => pad(f.day, p, 2),
  f: (f, p) => `${pad(f.ms, p, 3)}000`,
  g: (f, p) => pad(isoThursday(f).year % 100, p, 2),
  G: (f, p) => pad(isoThursday(f).year % 10000, p, 4),
  H: (f, p) => pad(f.hours, p, 2),
  I: (f, p) => pad(f.hours % 12 || 12, p, 2),
  j: (f, p) => pad(1 + dayOfYear(f), p, 3),
  L: (f, p) => pad(f.ms, p, 3),
  m: (f, p) => pad(f.month + 1, p, 2),
  M: (f, p) => pad(f.minutes, p, 2),
  p: (f) => (f.hours >= 12 ? 'PM' : 'AM'),
  q: (f) => String(1 + Math.floor(f.month / 3)),
  Q: (f) => String(f.date.getTime()),
  s: (f) => String(Math.floor(f.date.getTime() / 1000)),
  S: (f, p) => pad(f.seconds, p, 2),
  u: (f) => String(f.weekday || 7),
  U: (f, p) => pad(Math.floor((dayOfYear(f) + 7 - f.weekday) / 7), p, 2),
  V: (f, p) => pad(Math.floor(isoThursday(f).yday / 7) + 1, p, 2),
  w: (f) => String(f.weekday),
  W: (f, p) => pad(Math.floor((dayOfYear(f) + 7 - ((f.weekday + 6) % 7)) / 7), p, 2),
  x: (f) => `${f.month + 1}/${f.day}/${pad(f.year % 10000, '0', 4)}`,
  X: (f) => `${f.hours % 12 || 12}:${pad(f.minutes, '0', 2)}:${pad(f.seconds, '0', 2)} ${f.hours >= 12 ? 'PM' : 'AM'}`,
  y: (f, p) => pad(f.year % 100, p, 2),
  Y: (f, p) => pad(f.year % 10000, p, 4),
  Z: (f) => {
    const east = -f.zoneOffset;
    const minutes = Math.abs(east);
    return `${east < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60), '0', 2)}${pad(minutes % 60, '0', 2)}`;
  },
  '%': () => '%',
};

function fieldsOf(date: Date, utc: boolean): Fields {
  return utc
    ? { date, year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate(), weekday: date.getUTCDay(), hours: date.getUTCHours(), minutes: date.getUTCMinutes(), seconds: date.getUTCSeconds(), ms: date.getUTCMilliseconds(), zoneOffset: 0 }
    : { date, year: date.getFullYear(), month: date.getMonth(), day: date.getDate(), weekday: date.getDay(), hours: date.getHours(), minutes: date.getMinutes(), seconds: date.getSeconds(), ms: date.getMilliseconds(), zoneOffset: date.getTimezoneOffset() };
}

/**
 * A formatter for a d3-time-format specifier, in UTC or the browser's zone. As in d3, an unknown
 * directive prints its letter and '%' at the very end prints nothing.
 *
 * @example
 * strftime('%Y-%m-%d %H:%M', true)(new Date(Date.UTC(2024, 0, 31, 9, 5))); // '2024-01-31 09:05'
 * strftime('%-d %b, Q%q', true)(new Date(Date.UTC(2024, 4, 3))); // '3 May, Q2'
 */
export function strftime(specifier: string, utc: boolean): (date: Date) => string {
  return (date) => {
    const fields = fieldsOf(date, utc);
    let out = '';
    for (let i = 0; i < specifier.length; i++) {
      const char = specifier[i];
      if (char !== '%') {
        out += char;
        continue;
      }
      let name = specifier.charAt(++i);
      let fill = PADS[name];
      if (fill !== undefined) name = specifier.charAt(++i);
      else fill = name === 'e' ? ' ' : '0';
      const directive = Object.prototype.hasOwnProperty.call(DIRECTIVES, name) ? DIRECTIVES[name] : undefined;
      out += directive ? directive(fields, fill) : name;
    }
    return out;
  };
}
