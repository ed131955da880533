/**
 * d3-format locale definitions from Intl, so a saved format string keeps its meaning in every locale:
 * ',.2f' still means "grouped, two decimals", written 1.234,50 in German and 1 234,50 in French.
 */
import type { FormatLocaleDefinition } from 'd3-format';

/** The text of the first part of `type` when Intl formats `value`. */
function partOf(parts: Intl.NumberFormatPart[], type: Intl.NumberFormatPart['type']): string | undefined {
  return parts.find((part) => part.type === type)?.value;
}

/**
 * The currency's symbol where the locale writes it: [prefix, suffix] with the locale's spacing
 * (`['$', '']` in en, `['', '\u00a0€']` in de).
 */
function currencyAffixes(locale: string, currency: string): [string, string] {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(1);
  const number = parts.findIndex((part) => part.type === 'integer');
  const text = (slice: Intl.NumberFormatPart[]) => slice.filter((part) => part.type === 'currency' || part.type === 'literal').map((part) => part.value).join('');
  return [text(parts.slice(0, number)), text(parts.slice(parts.findLastIndex((part) => part.type === 'integer' || part.type === 'fraction') + 1))];
}

/**
 * The d3-format locale definition of a BCP 47 locale: decimal and thousands separators, grouping, currency
 * (EUR unless given), the percent sign and minus sign as the locale writes them.
 *
 * @example
 * formatLocale(d3FormatLocaleDefinition('de')).format(',.2f')(1234.5); // '1.234,50'
 */
export function d3FormatLocaleDefinition(locale: string, currency = 'EUR'): FormatLocaleDefinition {
  const parts = new Intl.NumberFormat(locale, { useGrouping: true, minimumFractionDigits: 1 }).formatToParts(-1234567.5);
  const percent = new Intl.NumberFormat(locale, { style: 'percent' }).formatToParts(0.5);
  return {
    decimal: partOf(parts, 'decimal') ?? '.',
    thousands: partOf(parts, 'group') ?? '',
    // Every locale of spec 1 §9 groups by three (Indian grouping would be [3, 2]).
    grouping: [3],
    currency: currencyAffixes(locale, currency),
    minus: partOf(parts, 'minusSign') ?? '−',
    percent: percent.filter((part) => part.type === 'literal' || part.type === 'percentSign').map((part) => part.value).join('') || '%',
  };
}
