/**
 * Text drawn on a coloured mark (a pie slice, a funnel step, a heatmap cell) sits on the mark's colour, not on
 * the page: its colour must follow the mark, whatever the theme, or light text lands on light slices in dark.
 */

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})/i;

/** Dark and light label colours; both reach at least 4.5:1 against the marks they are chosen for. */
export const DARK_LABEL = '#1a1a1a';
export const LIGHT_LABEL = '#ffffff';

function channels(color: string): [number, number, number] | null {
  const value = color.trim();
  const rgb = RGB.exec(value);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  const hex = HEX.exec(value);
  if (!hex) return null;
  const full = hex[1].length === 3 ? hex[1].replace(/./g, (c) => c + c) : hex[1];
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/**
 * WCAG relative luminance (0 black .. 1 white) of a hex or rgb() colour; null for anything else.
 *
 * @example
 * relativeLuminance('#ffffff'); // 1
 */
export function relativeLuminance(color: string): number | null {
  const c = channels(color);
  if (!c) return null;
  const [r, g, b] = c.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The label colour with the better contrast on `background`; `fallback` when the colour cannot be read.
 *
 * @example
 * readableTextOn('#1FA8C9'); // '#1a1a1a'
 * readableTextOn('#454E7C'); // '#ffffff'
 */
export function readableTextOn(background: string, fallback = 'currentColor'): string {
  const l = relativeLuminance(background);
  if (l === null) return fallback;
  const dark = relativeLuminance(DARK_LABEL)!;
  // Contrast ratio (L1 + 0.05) / (L2 + 0.05) against each candidate; white's luminance is 1.
  return (l + 0.05) / (dark + 0.05) >= 1.05 / (l + 0.05) ? DARK_LABEL : LIGHT_LABEL;
}
