/** Colours with an opacity applied, for drawing (area fills, bars, highlights); validate-color.ts re-exports them. */

/** The colour forms user-entered colours may take (see validateColor): 3/6-digit hex and rgb(). */
export const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
export const RGB = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/;

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
