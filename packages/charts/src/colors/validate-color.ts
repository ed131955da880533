/** Colour and opacity validation for user-entered colours (label_colors, colour pickers). */

/** Message for an invalid colour. */
export const INVALID_COLOR_MESSAGE = 'Invalid color';

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const RGB = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/;

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
 * Whether an opacity is a number within 0..1.
 *
 * @example
 * isValidOpacity(0.2); // true
 * isValidOpacity(1.5); // false
 */
export function isValidOpacity(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1;
}

/**
 * A colour with an opacity applied, as rgba() (used for area fills).
 *
 * @example
 * withOpacity('#ff0000', 0.2); // 'rgba(255,0,0,0.2)'
 */
export function withOpacity(color: string, opacity: number): string {
  const o = isValidOpacity(opacity) ? opacity : 1;
  const m = RGB.exec(color.trim());
  if (m) return `rgba(${m[1]},${m[2]},${m[3]},${o})`;
  if (!HEX.test(color.trim())) return color;
  const h = color.trim().slice(1);
  const full = h.length === 3 ? h.split('').map((c) => c + c).join('') : h;
  return `rgba(${parseInt(full.slice(0, 2), 16)},${parseInt(full.slice(2, 4), 16)},${parseInt(full.slice(4, 6), 16)},${o})`;
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
