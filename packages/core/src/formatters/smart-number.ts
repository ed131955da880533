/** The adaptive default number format (spec 3 §9 "Default number format adaptive"), as the incumbent's. */
import { format as d3Format } from 'd3-format';

const si = d3Format('.3~s');
const float2 = d3Format('.2~f');
const float4 = d3Format('.4~f');

/**
 * Formats a number adaptively: SI prefixes from 1000 up (with B for billions, which readers know better
 * than G), two decimals from 1, four below 1, micro below 0.001.
 *
 * @example
 * formatSmartNumber(1234567); // '1.23M'
 * formatSmartNumber(3e9);     // '3B'
 * formatSmartNumber(12.345);  // '12.35'
 * formatSmartNumber(0.01234); // '0.0123'
 */
export function formatSmartNumber(value: number): string {
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs >= 1000) return si(value).replace('G', 'B');
  if (abs >= 1) return float2(value);
  if (abs >= 0.001) return float4(value);
  if (abs > 0.000001) return `${si(value * 1000000)}µ`;
  return si(value);
}

/**
 * Like formatSmartNumber with an explicit '+' on positive values (for deltas).
 *
 * @example
 * formatSmartNumberSigned(1500); // '+1.5k'
 */
export function formatSmartNumberSigned(value: number): string {
  const text = formatSmartNumber(value);
  return value > 0 ? `+${text}` : text;
}
