/**
 * The incumbent's pop_kpi keeps big-number's proportion values in header_font_size and
 * subheader_font_size, but draws them as fixed pixel sizes (its utils' two lookup tables), not as a
 * share of the card's height: a saved chart reads the same size here as there.
 */

const HEADER_PX: ReadonlyArray<readonly [number, number]> = [[0.2, 16], [0.3, 20], [0.4, 30], [0.5, 48], [0.6, 60]];
const COMPARISON_PX: ReadonlyArray<readonly [number, number]> = [[0.125, 16], [0.15, 20], [0.2, 26], [0.3, 32], [0.4, 40]];

/** An unknown proportion takes the largest size, as the incumbent's lookup falls back. */
function lookup(table: ReadonlyArray<readonly [number, number]>, proportion: unknown): number {
  const wanted = Number(proportion);
  return table.find(([p]) => p === wanted)?.[1] ?? table[table.length - 1][1];
}

/**
 * Pixel size of the value for a header_font_size proportion (default 0.2).
 *
 * @example
 * popKpiHeaderPx(0.4); // 30
 */
export const popKpiHeaderPx = (proportion: unknown = 0.2): number => lookup(HEADER_PX, proportion ?? 0.2);

/**
 * Pixel size of the comparison figures for a subheader_font_size proportion (default 0.125).
 *
 * @example
 * popKpiComparisonPx(0.2); // 26
 */
export const popKpiComparisonPx = (proportion: unknown = 0.125): number => lookup(COMPARISON_PX, proportion ?? 0.125);

/** Choices of the two font-size selects, labelled as the incumbent labels them. */
export const HEADER_FONT_CHOICES = [[0.2, 'Tiny'], [0.3, 'Small'], [0.4, 'Normal'], [0.5, 'Large'], [0.6, 'Huge']] as const;
export const COMPARISON_FONT_CHOICES = [[0.125, 'Tiny'], [0.15, 'Small'], [0.2, 'Normal'], [0.3, 'Large'], [0.4, 'Huge']] as const;
