/**
 * strftime in a locale: the day and month names (%a %A %b %B), AM/PM (%p) and the orders of %x, %X and %c of
 * a d3 time locale definition are written into the specifier for each date, then the English strftime
 * formats the rest. Apart from strftime so that an English page never loads it (<bi-chart> lite budget).
 */
import type { TimeLocaleDefinition } from 'd3-time-format';
// A type only: the English strftime is handed in, so this lazy module shares it with the charts instead of
// pulling it into a chunk of its own.
import type { strftime } from './strftime';

/** The directives a locale changes, with an optional padding modifier (names ignore it, as in d3); '%%' too, so it is kept. */
const LOCALE_DIRECTIVES = /%[-_0]?([aAbBpxXc%])/g;

const escapePercent = (text: string) => text.replace(/%/g, '%%');

/** The specifier with this date's words of the locale written in, as literal text. */
function expand(specifier: string, date: Date, utc: boolean, locale: TimeLocaleDefinition): string {
  const weekday = utc ? date.getUTCDay() : date.getDay();
  const month = utc ? date.getUTCMonth() : date.getMonth();
  const hours = utc ? date.getUTCHours() : date.getHours();
  const words: Record<string, () => string> = {
    a: () => escapePercent(locale.shortDays[weekday]),
    A: () => escapePercent(locale.days[weekday]),
    b: () => escapePercent(locale.shortMonths[month]),
    B: () => escapePercent(locale.months[month]),
    p: () => escapePercent(locale.periods[hours >= 12 ? 1 : 0]),
    x: () => expand(locale.date, date, utc, locale),
    X: () => expand(locale.time, date, utc, locale),
    c: () => expand(locale.dateTime, date, utc, locale),
  };
  return specifier.replace(LOCALE_DIRECTIVES, (directive, name: string) => words[name]?.() ?? directive);
}

/**
 * A strftime (same signature) that writes in `locale`, over the English one.
 *
 * @example
 * localizedStrftime(d3TimeLocaleDefinition('fr'), strftime)('%b %Y', true)(new Date(Date.UTC(2024, 0, 1))); // 'janv. 2024'
 */
export function localizedStrftime(locale: TimeLocaleDefinition, english: typeof strftime): typeof strftime {
  return (specifier, utc) => (date) => english(expand(specifier, date, utc, locale), utc)(date);
}
