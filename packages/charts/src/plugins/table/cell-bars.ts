/**
 * Cell bars (show_cell_bars): a bar behind each numeric value of a metric column (every numeric column
 * of a raw-records table), sized against the column's extent as the incumbent draws them. color_pn
 * tints negative values red; align_pn grows every bar from the left edge by its magnitude instead of
 * from a zero line between the negative and positive extents.
 */

/** The bar tint: light grey-black, or dark red for a negative value when color_pn is on. */
function tint(value: number, colorPositiveNegative: boolean): string {
  return `rgba(${colorPositiveNegative && value < 0 ? 150 : 0},0,0,0.2)`;
}

const BLANK = 'rgba(0,0,0,0.01)';

/** A gradient that paints `from`%..`to`% of the cell with `color` and leaves the rest blank. */
function band(from: number, to: number, color: string): string {
  return `linear-gradient(to right, ${BLANK}, ${BLANK} ${from}%, ${color} ${from}%, ${color} ${to}%, ${BLANK} ${to}%, ${BLANK} 100%)`;
}

/**
 * The CSS background of one cell's bar.
 *
 * @example
 * cellBar(50, [0, 100], { colorPositiveNegative: true, alignPositiveNegative: false });
 * // 'linear-gradient(to right, rgba(0,0,0,0.01), rgba(0,0,0,0.01) 0%, rgba(0,0,0,0.2) 0%, rgba(0,0,0,0.2) 50%, ...)'
 */
export function cellBar(value: number, [min, max]: readonly [number, number], options: { colorPositiveNegative: boolean; alignPositiveNegative: boolean }): string {
  const color = tint(value, options.colorPositiveNegative);
  if (options.alignPositiveNegative) {
    const magnitude = Math.max(Math.abs(min), Math.abs(max));
    return band(0, magnitude ? Math.round((Math.abs(value) / magnitude) * 100) : 0, color);
  }
  const positive = Math.max(max, 0);
  const negative = Math.abs(Math.min(min, 0));
  const total = positive + negative;
  if (!total) return band(0, 0, color);
  // The zero line sits at negative/total; a negative value's bar ends there, a positive one starts there.
  const start = Math.round((Math.min(negative + value, negative) / total) * 100);
  return band(start, start + Math.round((Math.abs(value) / total) * 100), color);
}

/**
 * The [min, max] of each column's numeric values, for the columns that draw bars.
 *
 * @example
 * columnExtents([{ a: 1 }, { a: -3 }], ['a']).get('a'); // [-3, 1]
 */
export function columnExtents(data: ReadonlyArray<Record<string, unknown>>, keys: readonly string[]): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  for (const key of keys) {
    let lo = Infinity;
    let hi = -Infinity;
    for (const r of data) {
      const v = r[key];
      if (typeof v === 'number' && Number.isFinite(v)) {
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    }
    if (lo <= hi) out.set(key, [lo, hi]);
  }
  return out;
}
