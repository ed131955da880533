/** Cached number/time formatters for charts (axis ticks, tooltips, cells). */
import { createNumberFormatter, createTimeFormatter, type NumberFormatter, type TimeFormatter } from '@lumen-bi/core';

const numberCache = new Map<string, NumberFormatter>();
const timeCache = new Map<string, TimeFormatter>();

/**
 * A number formatter by format id (cached: tick formatting calls it thousands of times).
 *
 * @example
 * getNumberFormatter(',.2f').format(1234.5); // '1,234.50'
 */
export function getNumberFormatter(format: unknown): NumberFormatter {
  const key = typeof format === 'string' ? format : '';
  let f = numberCache.get(key);
  if (!f) {
    f = createNumberFormatter(key, { onInvalidFormat: () => undefined });
    numberCache.set(key, f);
  }
  return f;
}

/**
 * A UTC time formatter by format id (cached).
 *
 * @example
 * getTimeFormatter('%Y-%m-%d').format(Date.UTC(2024, 0, 31)); // '2024-01-31'
 */
export function getTimeFormatter(format: unknown): TimeFormatter {
  const key = typeof format === 'string' ? format : '';
  let f = timeCache.get(key);
  if (!f) {
    f = createTimeFormatter(key, { onInvalidFormat: () => undefined });
    timeCache.set(key, f);
  }
  return f;
}

/**
 * A fraction as a percentage with the given decimals.
 *
 * @example
 * formatPercent(0.1234); // '12.34%'
 */
export function formatPercent(fraction: number, decimals = 2): string {
  return Number.isFinite(fraction) ? `${(fraction * 100).toFixed(decimals)}%` : '';
}
