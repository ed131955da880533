/**
 * The incumbent's template helpers, registered on a Handlebars environment of the chart's own (never the
 * shared global one): dateFormat, formatNumber, stringify, parseJson, t/tn, and the comparison and math
 * helpers its templates use most from just-handlebars-helpers.
 */
import type { HelperDelegate, HelperOptions } from 'handlebars';
import { getNumberFormatter } from '../../shared/format';
import { formatDatePattern } from './date-format';

type HandlebarsEnv = { registerHelper(name: string, fn: HelperDelegate): void };

/** Positional arguments of a helper call: Handlebars passes its options object last. */
const positional = (args: unknown[]): unknown[] => args.slice(0, -1);
const isPlainObject = (v: unknown): boolean => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** formatNumber: a d3 format (`format=",.2f"`), else a locale's grouping, else Lumen's default number format. */
function formatNumber(value: unknown, options: HelperOptions): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (Number.isNaN(n)) return String(value);
  const { format, locale } = options.hash as { format?: string; locale?: string };
  if (format) return getNumberFormatter(format).format(n);
  if (locale) return n.toLocaleString(locale);
  return getNumberFormatter(undefined).format(n);
}

/** Comparison and logic helpers; each works inline ({{#if (eq a b)}}). */
const LOGIC: Record<string, (...values: unknown[]) => unknown> = {
  eq: (a, b) => a === b,
  eqw: (a, b) => a == b,
  neq: (a, b) => a !== b,
  lt: (a, b) => Number(a) < Number(b),
  lte: (a, b) => Number(a) <= Number(b),
  gt: (a, b) => Number(a) > Number(b),
  gte: (a, b) => Number(a) >= Number(b),
  not: (a) => !a,
  and: (...v) => v.every(Boolean),
  or: (...v) => v.some(Boolean),
  sum: (...v) => v.reduce((s: number, x) => s + Number(x), 0),
  difference: (a, b) => Number(a) - Number(b),
  multiply: (a, b) => Number(a) * Number(b),
  divide: (a, b) => Number(a) / Number(b),
  lowercase: (s) => String(s ?? '').toLowerCase(),
  uppercase: (s) => String(s ?? '').toUpperCase(),
};

/**
 * Registers the helpers on `env` (from Handlebars.create()).
 *
 * @example
 * const env = Handlebars.create(); registerTemplateHelpers(env);
 * env.compile('{{dateFormat ds format="MMMM YYYY"}}')({ ds: Date.UTC(2024, 2, 1) }); // 'March 2024'
 */
export function registerTemplateHelpers(env: HandlebarsEnv): void {
  env.registerHelper('dateFormat', (value: unknown, options: HelperOptions) => formatDatePattern(value, (options.hash as { format?: string }).format || 'YYYY-MM-DD'));
  env.registerHelper('formatNumber', formatNumber);
  env.registerHelper('stringify', (value: unknown, options: unknown) => {
    if (options === undefined) throw new Error('Please call with an object. Example: `stringify myObj`');
    return isPlainObject(value) ? JSON.stringify(value) : String(value);
  });
  env.registerHelper('parseJson', (text: string) => {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new Error(`Invalid JSON string: ${(error as Error).message}`);
    }
  });
  // Lumen has no message catalogue for user text: t and tn return the text as written.
  env.registerHelper('t', (...args: unknown[]) => String(positional(args)[0] ?? ''));
  env.registerHelper('tn', (...args: unknown[]) => String(positional(args)[0] ?? ''));
  for (const [name, fn] of Object.entries(LOGIC)) env.registerHelper(name, (...args: unknown[]) => fn(...positional(args)));
}
