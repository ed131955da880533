/**
 * The big number's value text: y_axis_format, with the saved currency_format's symbol around it as the
 * incumbent's currency formatter puts it ('$ 10.0M' for USD before a '.3s' value).
 */
import { getCurrencySymbol, type QueryFormData } from '@lumen-bi/core';
import { getNumberFormatter } from '../../shared/format';

/** A usable currency_format: a symbol and where it goes; anything else means no currency. */
function currencyOf(formData: Partial<QueryFormData>): { symbol: string; suffix: boolean } | null {
  const saved = formData.currency_format as { symbol?: unknown; symbolPosition?: unknown } | null | undefined;
  if (!saved || typeof saved.symbol !== 'string' || !saved.symbol) return null;
  return { symbol: getCurrencySymbol({ symbol: saved.symbol }), suffix: saved.symbolPosition === 'suffix' };
}

/**
 * @example
 * formatBigNumber({ y_axis_format: '.3s', currency_format: { symbol: 'USD', symbolPosition: 'prefix' } }, 10032628); // '$ 10.0M'
 * formatBigNumber({ y_axis_format: 'SMART_NUMBER' }, 1234); // '1.23k'
 */
export function formatBigNumber(formData: Partial<QueryFormData>, value: number | null): string {
  const text = getNumberFormatter(formData.y_axis_format).format(value);
  const currency = value === null ? null : currencyOf(formData);
  if (!currency) return text;
  return currency.suffix ? `${text} ${currency.symbol}` : `${currency.symbol} ${text}`;
}
