/** Colour and opacity validation for user-entered colours (label_colors, colour pickers). */
import { HEX, RGB } from './with-opacity';

/** Message for an invalid colour. */
export const INVALID_COLOR_MESSAGE = 'Invalid color';

/**
 * Validates a colour: `rgb(r, g, b)` with 0..255 channels, or 3/6-digit hex. Returns the message or false.
 *
 * @example
 * validateColor('#1FA8C9');        // false
 * validateColor('rgb(0, 122, 135)'); // false
 * validateColor('red');            // 'Invalid color'
 */
export function validateColor(value: unknown): string | false {
  if (typeof value !== 'string') return INVALID_COLOR_MESSAGE;
  const v = value.trim();
  if (HEX.test(v)) return false;
  const m = RGB.exec(v);
  if (m && [m[1], m[2], m[3]].every((c) => Number(c) <= 255)) return false;
  return INVALID_COLOR_MESSAGE;
}

/**
 * The incumbent's colour-picker value `{r, g, b, a}` as a CSS colour.
 *
 * @example
 * rgbaObjectToCss({ r: 0, g: 122, b: 135, a: 1 }); // 'rgba(0,122,135,1)'
 */
export function rgbaObjectToCss(value: unknown, fallback = '#1FA8C9'): string {
  if (!value || typeof value !== 'object') return fallback;
  const { r, g, b, a } = value as Record<string, unknown>;
  if ([r, g, b].some((c) => typeof c !== 'number')) return fallback;
  return `rgba(${r},${g},${b},${typeof a === 'number' ? a : 1})`;
}

// withOpacity lives apart so that the charts that draw with it (time series, tables) do not also download
// the validation above; re-exported here, where callers have always found it.
export { isValidOpacity, withOpacity } from './with-opacity';
