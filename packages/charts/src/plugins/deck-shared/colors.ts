/** Colours as deck.gl takes them: [r, g, b, a] with every channel 0-255. */
import { SEQUENTIAL_SCHEMES, sequentialColor } from '../../colors/sequential-schemes';

/** An RGBA colour for deck.gl. */
export type Rgba = [number, number, number, number];

/**
 * A colour control's value as deck.gl's RGBA: the incumbent's {r, g, b, a} (a from 0 to 1), a '#rrggbb'
 * string (Lumen's colour input) or a CSS 'rgb(…)'/'rgba(…)' string; `fallback` for anything else.
 *
 * @example
 * toRgba({ r: 0, g: 122, b: 135, a: 1 }, [0, 0, 0, 255]); // [0, 122, 135, 255]
 * toRgba('#ff0000', [0, 0, 0, 255]); // [255, 0, 0, 255]
 */
export function toRgba(value: unknown, fallback: Rgba): Rgba {
  if (value && typeof value === 'object') {
    const c = value as Partial<Record<'r' | 'g' | 'b' | 'a', unknown>>;
    const channel = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
    return [channel(c.r, fallback[0]), channel(c.g, fallback[1]), channel(c.b, fallback[2]), Math.round(channel(c.a, fallback[3] / 255) * 255)];
  }
  if (typeof value !== 'string') return fallback;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (hex) {
    const h = hex[1].length === 3 ? hex[1].replace(/./g, (c) => c + c) : hex[1];
    return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16), 255];
  }
  const rgb = /^rgba?\(([^)]+)\)$/i.exec(value.trim());
  if (!rgb) return fallback;
  const [r, g, b, a = '1'] = rgb[1].split(/[,\s/]+/).filter(Boolean);
  const nums = [Number(r), Number(g), Number(b), Number(a)];
  return nums.every(Number.isFinite) ? [nums[0], nums[1], nums[2], Math.round(nums[3] * 255)] : fallback;
}

/**
 * `count` colours spread over a sequential scheme (linear_color_scheme), an aggregation layer's colour range.
 *
 * @example
 * colorRange('white_black', 2); // [[255, 255, 255, 255], [0, 0, 0, 255]]
 */
export function colorRange(scheme: unknown, count = 6): Rgba[] {
  const id = typeof scheme === 'string' && SEQUENTIAL_SCHEMES[scheme] ? scheme : 'superset_seq_1';
  return Array.from({ length: count }, (_, i) => toRgba(sequentialColor(id, i / (count - 1)), [0, 0, 0, 255]));
}

/**
 * The CSS of an RGBA colour, for tooltip swatches.
 *
 * @example
 * rgbaCss([0, 122, 135, 255]); // 'rgba(0,122,135,1)'
 */
export function rgbaCss(c: Rgba): string {
  return `rgba(${c[0]},${c[1]},${c[2]},${Math.round((c[3] / 255) * 100) / 100})`;
}
