/**
 * A saved currency_format ({symbol: 'USD', symbolPosition: 'prefix' | 'suffix'}) around formatted metric
 * values, as the incumbent's currency formatter puts it: the symbol, a space, then the number ('$ 10.0M'),
 * or the number, a space, then the symbol ('10.0M €').
 */
import { getCurrencySymbol } from '@lumen-bi/core';
import { getNumberFormatter } from './format';

/** Where a resolved currency symbol goes; plain data, so chart props that carry it stay serialisable. */
export interface CurrencyPlacement {
  symbol: string;
  suffix: boolean;
}

/**
 * The placement a saved currency_format asks for; null when none is saved or it names no symbol (the
 * incumbent saves {} when the currency select is cleared).
 *
 * @example
 * currencyPlacement({ symbol: 'EUR', symbolPosition: 'suffix' }); // { symbol: '€', suffix: true }
 * currencyPlacement({ symbol: 'USD' }); // { symbol: '$', suffix: true }
 * currencyPlacement({}); // null
 */
export function currencyPlacement(saved: unknown): CurrencyPlacement | null {
  if (typeof saved !== 'object' || saved === null) return null;
  const { symbol, symbolPosition } = saved as { symbol?: unknown; symbolPosition?: unknown };
  if (typeof symbol !== 'string' || !symbol) return null;
  // The incumbent puts the symbol after the number unless the position says 'prefix'.
  return { symbol: getCurrencySymbol({ symbol }), suffix: symbolPosition !== 'prefix' };
}

/**
 * A number's text in `numberFormat` with the currency around it; a missing value is left as the number
 * format shows it, without a symbol.
 *
 * @example
 * formatWithCurrency('.3s', { symbol: '$', suffix: false }, 10032628); // '$ 10.0M'
 */
export function formatWithCurrency(numberFormat: unknown, currency: CurrencyPlacement | null, value: number | null | undefined): string {
  if (!currency || typeof value !== 'number' || !Number.isFinite(value)) return getNumberFormatter(numberFormat).format(value ?? null);
  // The currency decides the symbol: a '$' or '%' in the number format would double or contradict it.
  const text = getNumberFormatter(typeof numberFormat === 'string' ? numberFormat.replace(/\$|%/g, '') : numberFormat).format(value);
  return currency.suffix ? `${text} ${currency.symbol}` : `${currency.symbol} ${text}`;
}
