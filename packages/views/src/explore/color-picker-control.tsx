/**
 * Explore's color_picker control. The incumbent saves the colour as an rgba object ({r: 0, g: 122, b: 135,
 * a: 1}), which is also what the charts read; older Lumen charts saved a hex string. The browser's colour
 * input only speaks '#rrggbb', so the value is converted both ways, and a saved alpha is kept.
 */

/** The incumbent's saved colour. */
export interface RgbaColor {
  r: number;
  g: number;
  b: number;
  a: number;
}

const HEX6 = /^#([0-9a-f]{6})$/i;
const HEX3 = /^#([0-9a-f]{3})$/i;
const CHANNELS = ['r', 'g', 'b'] as const;

/** A channel as two hex digits, clamped to 0-255 (a saved 255.4 or -1 is still a colour). */
const hexByte = (n: number) => Math.min(255, Math.max(0, Math.round(n))).toString(16).padStart(2, '0');

/**
 * The '#rrggbb' a colour input shows for a saved value; null when the value is no colour.
 *
 * @example
 * colorToHex({ r: 0, g: 122, b: 135, a: 1 }); // '#007a87'
 * colorToHex('#F00'); // '#ff0000'
 */
export function colorToHex(value: unknown): string | null {
  if (typeof value === 'string') {
    const short = HEX3.exec(value.trim());
    if (short) return `#${[...short[1]].map((d) => d + d).join('')}`.toLowerCase();
    return HEX6.test(value.trim()) ? value.trim().toLowerCase() : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const channels = value as Record<string, unknown>;
  if (!CHANNELS.every((c) => typeof channels[c] === 'number' && Number.isFinite(channels[c]))) return null;
  return `#${CHANNELS.map((c) => hexByte(channels[c] as number)).join('')}`;
}

/**
 * The rgba object saved for a picked '#rrggbb', keeping the alpha of the value it replaces.
 *
 * @example
 * hexToRgba('#007a87', { r: 1, g: 2, b: 3, a: 0.5 }); // { r: 0, g: 122, b: 135, a: 0.5 }
 */
export function hexToRgba(hex: string, previous?: unknown): RgbaColor {
  const digits = HEX6.exec(hex)?.[1];
  if (!digits) throw new Error(`Not a #rrggbb colour: '${hex}'`);
  const alpha = typeof previous === 'object' && previous !== null ? (previous as { a?: unknown }).a : undefined;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16));
  return { r, g, b, a: typeof alpha === 'number' ? alpha : 1 };
}

/** Shown when nothing (or no colour) is saved: the input must show some colour. */
const NO_COLOR = '#000000';

export interface ColorPickerControlProps {
  label: string;
  value: unknown;
  onChange(value: RgbaColor): void;
}

/**
 * @example
 * <ColorPickerControl label="Color" value={{ r: 0, g: 122, b: 135, a: 1 }} onChange={set} />
 */
export function ColorPickerControl({ label, value, onChange }: ColorPickerControlProps) {
  return <input type="color" aria-label={label} value={colorToHex(value) ?? NO_COLOR} onChange={(e) => onChange(hexToRgba(e.target.value, value))} />;
}
