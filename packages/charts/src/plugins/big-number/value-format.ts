/**
 * The big number's value text: y_axis_format, with the saved currency_format's symbol around it as the
 * incumbent's currency formatter puts it ('$ 10.0M' for USD before a '.3s' value).
 */
import type { QueryFormData } from '@lumen-bi/core';
import { currencyPlacement, formatWithCurrency } from '../../shared/currency-format';

/**
 * @example
 * formatBigNumber({ y_axis_format: '.3s', currency_format: { symbol: 'USD', symbolPosition: 'prefix' } }, 10032628); // '$ 10.0M'
 * formatBigNumber({ y_axis_format: 'SMART_NUMBER' }, 1234); // '1.23k'
 */
export function formatBigNumber(formData: Partial<QueryFormData>, value: number | null): string {
  return formatWithCurrency(formData.y_axis_format, currencyPlacement(formData.currency_format), value);
}
