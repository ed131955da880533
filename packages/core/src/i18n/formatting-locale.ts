/**
 * How numbers and dates are written in a locale, built from Intl on demand: the marks d3-format writes
 * numbers with (decimal, thousands, minus, percent, currency) and a strftime with the locale's words. Only a
 * page shown in another locale than English imports this (the charts' `locale-chart-formats` chunk). It
 * imports neither d3-format nor any formatter: a locale's numbers are the English text with the
 * locale's marks (locale-chart-formats.ts), so English pages keep d3-format where it always was.
 */
import type { FormatLocaleDefinition } from 'd3-format';
import type { TimeLocaleDefinition } from 'd3-time-format';
import { d3FormatLocaleDefinition } from './d3-format-locale';
import { d3TimeLocaleDefinition } from './d3-time-locale';

export interface FormattingLocale {
  readonly locale: string;
  /** Decimal, thousands, minus and percent marks; `currency` is where a US dollar goes ('$' kept). */
  readonly numbers: FormatLocaleDefinition;
  /** Day and month names, AM/PM, the %x %X %c orders (localizedStrftime writes with them). */
  readonly time: TimeLocaleDefinition;
}

// Built once per locale: Intl is slow to construct and every chart of a page in that locale shares it.
const built = new Map<string, FormattingLocale>();

/**
 * The formatting of a BCP 47 locale.
 *
 * @example
 * formattingLocale('de').numbers.decimal; // ','
 * createTimeFormatter('%b %Y', { strftime: localizedStrftime(formattingLocale('fr').time, strftime) }).format(Date.UTC(2024, 0, 1)); // 'janv. 2024'
 */
export function formattingLocale(locale: string): FormattingLocale {
  let formatting = built.get(locale);
  if (!formatting) {
    // 'USD': the '$' of a saved format has always meant dollars; only where the symbol goes is the locale's.
    formatting = Object.freeze({ locale, numbers: d3FormatLocaleDefinition(locale, 'USD'), time: d3TimeLocaleDefinition(locale) });
    built.set(locale, formatting);
  }
  return formatting;
}
