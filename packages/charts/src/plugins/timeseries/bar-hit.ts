/**
 * Which series' bar is under the pointer, for bar charts whose bars cross-filter by series (a time axis
 * with one group-by): the bars are canvas pixels, so the click is mapped back to a series here.
 */

/**
 * Stacked bars: the series whose segment at `idx` spans `yValue`. `stacked` holds uPlot's stacked columns
 * (running totals, bottom series first), so series i spans from the total below it to its own total.
 *
 * @example
 * stackedSeriesAt([[2, 3], [5, 4]], 0, 4); // 1: the second series spans 2..5 at index 0
 */
export function stackedSeriesAt(stacked: readonly (readonly (number | null | undefined)[])[], idx: number, yValue: number): number | null {
  for (let i = 0; i < stacked.length; i++) {
    const top = stacked[i]![idx];
    if (top === null || top === undefined || Number.isNaN(top)) continue;
    const bottom = i === 0 ? 0 : (stacked[i - 1]![idx] ?? 0);
    if (yValue >= Math.min(bottom, top) && yValue <= Math.max(bottom, top)) return i;
  }
  return null;
}

/**
 * Side-by-side bars: the slot under a pointer `offset` pixels from the category's centre, when the group of
 * `slots` bars takes 80% of the `step` between categories (as bars-path.ts draws them); null in the gaps.
 *
 * @example
 * groupedSeriesAt(-10, 100, 2); // 0: left half of an 80 px group
 */
export function groupedSeriesAt(offset: number, step: number, slots: number): number | null {
  const group = Math.max(1, step * 0.8);
  const slot = Math.floor((offset + group / 2) / (group / slots));
  return slot >= 0 && slot < slots ? slot : null;
}
