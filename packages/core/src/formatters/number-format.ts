/**
 * Number formatters by format id: d3-format specifiers (spec 3 §9 list), SMART_NUMBER (the default),
 * DURATION, DURATION_SUB, MEMORY_DECIMAL, MEMORY_BINARY. Invalid specifiers never throw at render: the
 * formatter falls back to SMART_NUMBER and the problem is reported once, when the formatter is created.
 */
import { format as d3Format } from 'd3-format';
import { NULL_DISPLAY, SMART_NUMBER_FORMAT } from '../constants';
import { getGlobalLogger } from '../platform';
import { formatDuration, formatDurationSub } from './duration';
import { formatMemory } from './memory';
import { formatSmartNumber, formatSmartNumberSigned } from './smart-number';

/** A number formatter. */
export interface NumberFormatter {
  readonly id: string;
  /** True when the id was not a valid format and SMART_NUMBER was used instead. */
  readonly isInvalid: boolean;
  format(value: number | null | undefined): string;
}

/** Called when a format id is invalid. */
export type InvalidFormatReporter = (formatId: string, error: unknown) => void;

const BUILT_IN: Readonly<Record<string, (value: number) => string>> = {
  [SMART_NUMBER_FORMAT]: formatSmartNumber,
  SMART_NUMBER_SIGNED: formatSmartNumberSigned,
  DURATION: formatDuration,
  DURATION_SUB: formatDurationSub,
  MEMORY_DECIMAL: (v) => formatMemory(v),
  MEMORY_BINARY: (v) => formatMemory(v, { binary: true }),
  MEMORY_TRANSFER_RATE_DECIMAL: (v) => formatMemory(v, { transfer: true }),
  MEMORY_TRANSFER_RATE_BINARY: (v) => formatMemory(v, { binary: true, transfer: true }),
};

function wrap(id: string, isInvalid: boolean, fn: (value: number) => string): NumberFormatter {
  return {
    id,
    isInvalid,
    format(value) {
      if (value === null || value === undefined || Number.isNaN(value)) return NULL_DISPLAY;
      if (value === Infinity) return '∞';
      if (value === -Infinity) return '-∞';
      return fn(value);
    },
  };
}

/**
 * Creates a formatter for a format id; an empty id means SMART_NUMBER.
 *
 * @example
 * createNumberFormatter(',.2f').format(1234.5); // '1,234.50'
 * createNumberFormatter('DURATION').format(3723000); // '1h 2m 3s'
 * createNumberFormatter('not a format', { onInvalidFormat: report }).format(1500); // '1.5k' (and report called)
 */
export function createNumberFormatter(
  formatId: string | null | undefined,
  options: { onInvalidFormat?: InvalidFormatReporter } = {},
): NumberFormatter {
  const id = formatId?.trim() || SMART_NUMBER_FORMAT;
  const builtIn = BUILT_IN[id];
  if (builtIn) return wrap(id, false, builtIn);
  try {
    return wrap(id, false, d3Format(id));
  } catch (error) {
    const report =
      options.onInvalidFormat ?? ((format: string, e: unknown) => getGlobalLogger().warn(`Invalid number format "${format}"`, e));
    report(id, error);
    return wrap(id, true, formatSmartNumber);
  }
}

/** A registry of number formatters, created per app/element rather than shared globally. */
export interface NumberFormatterRegistry {
  get(formatId?: string | null): NumberFormatter;
  /** Registers a custom format id (e.g. a locale-specific currency). */
  register(formatId: string, format: (value: number) => string): void;
  format(formatId: string | null | undefined, value: number | null | undefined): string;
}

/**
 * Creates a caching number-formatter registry.
 *
 * @example
 * const numbers = createNumberFormatterRegistry();
 * numbers.format('.1%', 0.256); // '25.6%'
 * numbers.register('KM', (v) => `${v / 1000} km`);
 */
export function createNumberFormatterRegistry(
  options: { onInvalidFormat?: InvalidFormatReporter } = {},
): NumberFormatterRegistry {
  const cache = new Map<string, NumberFormatter>();
  const get = (formatId?: string | null): NumberFormatter => {
    const key = formatId?.trim() || SMART_NUMBER_FORMAT;
    let formatter = cache.get(key);
    if (!formatter) {
      formatter = createNumberFormatter(key, options);
      cache.set(key, formatter);
    }
    return formatter;
  };
  return {
    get,
    register(formatId, format) {
      cache.set(formatId, wrap(formatId, false, format));
    },
    format: (formatId, value) => get(formatId).format(value),
  };
}
