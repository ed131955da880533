/** Currency formatting: a metric's currency (spec 3 §3 Metric.currency) around a d3 number format. */
import { format as d3Format } from 'd3-format';

/** A metric's currency setting. */
export interface Currency {
  /** An ISO 4217 code ('USD') or a literal symbol ('€'). */
  symbol: string;
  symbolPosition: 'prefix' | 'suffix';
}

/**
 * The display symbol of a currency: ISO codes are resolved through Intl ('USD' -> '$'); anything else is
 * used as written.
 *
 * @example
 * getCurrencySymbol({ symbol: 'EUR', symbolPosition: 'suffix' }); // '€'
 */
export function getCurrencySymbol(currency: Pick<Currency, 'symbol'>): string {
  if (/^[A-Z]{3}$/.test(currency.symbol)) {
    try {
      const parts = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.symbol }).formatToParts(1);
      return parts.find((p) => p.type === 'currency')?.value ?? currency.symbol;
    } catch {
      return currency.symbol;
    }
  }
  return currency.symbol;
}

/**
 * Formats a value with a currency symbol before or after it. Any `$` in the d3 format is removed first,
 * since the currency decides the symbol.
 *
 * @example
 * formatCurrency(1234.5, { symbol: 'USD', symbolPosition: 'prefix' }); // '$ 1,234.50'
 * formatCurrency(1234.5, { symbol: 'EUR', symbolPosition: 'suffix' }, ',.0f'); // '1,235 €'
 */
export function formatCurrency(value: number, currency: Currency, numberFormat = ',.2f'): string {
  const formatted = d3Format(numberFormat.replace('$', ''))(value);
  const symbol = getCurrencySymbol(currency);
  return currency.symbolPosition === 'suffix' ? `${formatted} ${symbol}` : `${symbol} ${formatted}`;
}
