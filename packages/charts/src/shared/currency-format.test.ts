import { describe, expect, it } from 'vitest';
import { currencyPlacement, formatWithCurrency } from './currency-format';

describe('currency-format', () => {
  it('reads a saved currency_format; no symbol means no currency', () => {
    expect(currencyPlacement({ symbol: 'USD', symbolPosition: 'prefix' })).toEqual({ symbol: '$', suffix: false });
    expect(currencyPlacement({ symbol: '₿', symbolPosition: 'suffix' })).toEqual({ symbol: '₿', suffix: true });
    // The incumbent's formatter puts the symbol after the number unless told 'prefix'.
    expect(currencyPlacement({ symbol: 'EUR' })).toEqual({ symbol: '€', suffix: true });
    for (const none of [undefined, null, {}, { symbol: '' }, 'USD']) expect(currencyPlacement(none)).toBeNull();
  });

  it("formats with the symbol around the number, dropping a '$' in the d3 format, leaving missing values bare", () => {
    const usd = { symbol: '$', suffix: false };
    expect(formatWithCurrency('.3s', usd, 10032628)).toBe('$ 10.0M');
    expect(formatWithCurrency('$,.2f', usd, 1234.5)).toBe('$ 1,234.50');
    expect(formatWithCurrency('.3s', { symbol: '€', suffix: true }, 10032628)).toBe('10.0M €');
    expect(formatWithCurrency('.3s', usd, null)).toBe(formatWithCurrency('.3s', null, null));
  });
});
