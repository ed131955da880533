/** Colour shading of the hierarchy charts: a parent's hue, its children in lighter or deeper shades. */
import { channels } from '../../colors/readable-text';

/**
 * `color` with its HSL saturation set to `saturation` (0..1); a colour that is not hex or rgb() is
 * returned as it is.
 *
 * @example
 * withSaturation('#1FA8C9', 0.4); // 'rgb(70,144,162)': the same hue and lightness, less saturated
 */
export function withSaturation(color: string, saturation: number): string {
  const c = channels(color);
  if (!c) return color;
  const [r, g, b] = c.map((v) => v / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  let h = 0;
  if (d) h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h = (h * 60 + 360) % 360;
  const s = Math.min(1, Math.max(0, saturation));
  // Back to rgb(): readableTextOn and the canvas parse rgb() and hex only.
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return `rgb(${f(0)},${f(8)},${f(4)})`;
}

/**
 * The shade of the i-th of n siblings: saturation runs from `range[0]` (first, the largest) to
 * `range[1]` (last), the incumbent's colorSaturation [0.7, 0.4].
 *
 * @example
 * siblingShade('#1FA8C9', 0, 3); // saturation 70%
 */
export function siblingShade(color: string, i: number, n: number, range: readonly [number, number] = [0.7, 0.4]): string {
  const t = n > 1 ? i / (n - 1) : 0;
  return withSaturation(color, range[0] + (range[1] - range[0]) * t);
}
