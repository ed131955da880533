/**
 * The horizon fold: a row of height H shows values up to `extent` in `bands` layers of H px each, laid
 * over one another and coloured darker the higher they reach. Values below zero are folded the same way,
 * hanging from the top of the row ('offset' mode, as the incumbent draws them).
 */

/** The SVG path of each band's columns: `positive[b]` and `negative[b]` for band b (0 = nearest zero). */
export interface HorizonBandPaths {
  positive: string[];
  negative: string[];
}

/**
 * One path per band and sign, each a run of columns `step` px wide (a column per value).
 *
 * @example
 * horizonBandPaths([10, -5], 10, 2, 20, 4).positive; // ['M0,0h4.5v20h-4.5Z', 'M0,0h4.5v20h-4.5Z'] (10 fills both bands)
 */
export function horizonBandPaths(values: ReadonlyArray<number | null>, extent: number, bands: number, rowHeight: number, step: number): HorizonBandPaths {
  const positive = new Array<string>(bands).fill('');
  const negative = new Array<string>(bands).fill('');
  if (!(extent > 0)) return { positive, negative };
  // A column overlaps its right neighbour by half a pixel so antialiasing leaves no seams between them.
  const width = round(step + 0.5);
  values.forEach((v, i) => {
    if (v === null || v === 0) return;
    const total = (Math.abs(v) / extent) * bands * rowHeight;
    const x = round(i * step);
    for (let b = 0; b < bands; b++) {
      const h = round(Math.min(rowHeight, total - b * rowHeight));
      if (h <= 0) break;
      if (v > 0) positive[b] += `M${x},${round(rowHeight - h)}h${width}v${h}h${-width}Z`;
      else negative[b] += `M${x},0h${width}v${h}h${-width}Z`;
    }
  });
  return { positive, negative };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
