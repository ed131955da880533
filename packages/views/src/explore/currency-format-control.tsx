/**
 * Explore's currency_format control: the incumbent's {symbol, symbolPosition} value, edited as a currency
 * (an ISO 4217 code) and whether its symbol goes before or after the number.
 */
import { getCurrencySymbol } from '@lumen-bi/core';
import { Select } from '../components/select';
import type { SelectOption } from '../components/select-values';

/** The saved shape; {} when no currency is chosen (as the incumbent saves a cleared control). */
export interface CurrencyFormatValue {
  symbol?: string;
  symbolPosition?: 'prefix' | 'suffix';
}

const POSITIONS: SelectOption[] = [
  { value: 'prefix', label: 'Prefix' },
  { value: 'suffix', label: 'Suffix' },
];

/** Clears the currency: the chart shows plain numbers again. */
const NO_CURRENCY: SelectOption = { value: '', label: 'No currency' };

/**
 * The ISO 4217 codes this browser knows (Intl.supportedValuesOf, where available), plus a saved code it
 * does not list, so an older browser still shows and keeps what the chart was saved with; free text takes
 * any other code.
 */
export function currencyCodes(saved?: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [];
  return saved && !known.includes(saved) ? [saved, ...known] : known;
}

/** '$ (USD)': the symbol the chart will draw, then the code. */
function currencyOption(code: string): SelectOption {
  const symbol = getCurrencySymbol({ symbol: code });
  return { value: code, label: symbol === code ? code : `${symbol} (${code})` };
}

/** A saved value read leniently: anything but an object is no currency. */
function readValue(value: unknown): CurrencyFormatValue {
  return typeof value === 'object' && value !== null ? (value as CurrencyFormatValue) : {};
}

export interface CurrencyFormatControlProps {
  label: string;
  value: unknown;
  onChange(value: CurrencyFormatValue): void;
}

/**
 * @example
 * <CurrencyFormatControl label="Currency format" value={{ symbol: 'USD', symbolPosition: 'prefix' }} onChange={set} />
 */
export function CurrencyFormatControl({ label, value, onChange }: CurrencyFormatControlProps) {
  const current = readValue(value);
  const setSymbol = (symbol: unknown) => {
    if (typeof symbol !== 'string' || !symbol) return onChange({});
    // A new currency starts before the number ('$ 10.0M'), unless a position was already chosen.
    onChange({ symbolPosition: current.symbolPosition ?? 'prefix', symbol: symbol.trim().toUpperCase() });
  };
  return (
    <fieldset className="bi-currency-format" aria-label={label}>
      <Select label="Prefix or suffix" options={POSITIONS} value={current.symbolPosition ?? null} onChange={(p) => onChange({ ...current, symbolPosition: p === 'suffix' ? 'suffix' : 'prefix' })} />
      <Select label="Currency" freeForm options={[NO_CURRENCY, ...currencyCodes(current.symbol).map(currencyOption)]} value={current.symbol ?? null} placeholder="No currency" onChange={setSymbol} />
    </fieldset>
  );
}
