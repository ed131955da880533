/**
 * Text drawn on a coloured mark (a pie slice, a funnel step, a heatmap cell) sits on the mark's colour, not on
 * the page: its colour must follow the mark, whatever the theme, or light text lands on light slices in dark.
 */

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})/i;

/** Dark and light label colours; both reach at least 4.5:1 against the marks they are chosen for. */
export const DARK_LABEL = '#1a1a1a';
export const LIGHT_LABEL = '#ffffff';

/** The 0-255 red, green and blue of a hex or rgb() colour; null for anything else. */
export function channels(color: string): [number, number, number] | null {
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

/** WCAG contrast ratio of two readable colours (1 when either cannot be read). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  if (la === null || lb === null) return 1;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * A series colour used as text on the chart's background (word-cloud words), mixed toward white on a dark
 * background or black on a light one until it reads at `minimum`:1; the colour itself when it already does.
 *
 * @example
 * legibleOn('#454E7C', 'rgb(34, 39, 46)'); // a lighter blue-grey on the dark theme's surface
 */
export function legibleOn(color: string, background: string, minimum = 3): string {
  const c = channels(color);
  const bg = relativeLuminance(background);
  if (!c || bg === null || contrastRatio(color, background) >= minimum) return color;
  const target = bg < 0.2 ? 255 : 0;
  for (let mix = 0.1; mix <= 1; mix += 0.1) {
    const next = `rgb(${c.map((v) => Math.round(v + (target - v) * mix)).join(', ')})`;
    if (contrastRatio(next, background) >= minimum) return next;
  }
  return target ? '#ffffff' : '#000000';
}
