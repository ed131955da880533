import { formatDisplayValue } from './display-labels';
import { createTimeFormatter } from './time-format';

/** The incumbent's GenericDataType, as results carry it in `coltypes`. */
export const GENERIC_DATA_TYPE = { NUMERIC: 0, STRING: 1, TEMPORAL: 2, BOOLEAN: 3 } as const;

const DATE_TIME = createTimeFormatter('%Y-%m-%d %H:%M:%S');
const DATE_ONLY = createTimeFormatter('%Y-%m-%d');
const DAY_MS = 86_400_000;
/**
 * Below this magnitude a temporal number is not epoch milliseconds (those pass it 4 months after 1970) but
 * a year or epoch seconds as stored (2006, 1709251200), which stay as they are, as the incumbent shows them.
 */
const MIN_EPOCH_MS = 1e10;
/** Digits a double holds reliably; past them are binary noise (3633975.039999998). */
const SIGNIFICANT_DIGITS = 12;

/**
 * A number without floating-point noise: 3633975.039999998 -> '3633975.04', 2065.1000000000004 -> '2065.1';
 * integers and already-short decimals unchanged.
 *
 * @example
 * formatPlainNumber(0.1 + 0.2); // '0.3'
 */
export function formatPlainNumber(value: number): string {
  if (!Number.isFinite(value) || Number.isInteger(value)) return String(value);
  return String(Number(value.toPrecision(SIGNIFICANT_DIGITS)));
}

/**
 * A result cell as a person reads it (Explore's results and samples panes): a temporal column's epoch
 * milliseconds as a date ('2024-03-01') or date and time in UTC, numbers without float noise, null as
 * 'N/A', booleans as 'True'/'False'. `coltype` is the column's GenericDataType when the result has one.
 *
 * @example
 * formatResultCell(1709251200000, GENERIC_DATA_TYPE.TEMPORAL); // '2024-03-01'
 */
export function formatResultCell(value: unknown, coltype?: number | null): string {
  if (typeof value === 'number') {
    if (coltype === GENERIC_DATA_TYPE.TEMPORAL && Math.abs(value) >= MIN_EPOCH_MS) return (value % DAY_MS === 0 ? DATE_ONLY : DATE_TIME).format(value);
    return formatPlainNumber(value);
  }
  return formatDisplayValue(value);
}
