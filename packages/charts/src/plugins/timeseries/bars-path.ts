/**
 * A uPlot path builder for grouped or stacked bars: uPlot's own bars builder cannot offset series side
 * by side, so this draws one rect per visible point at `slot` of `slots`, from `baseline` (the series
 * below when stacked) or zero.
 */
import type uPlot from 'uplot';

/**
 * Creates the builder.
 *
 * @example
 * series.paths = groupedBarsPath(1, 3); // second of three side-by-side bars
 * series.paths = groupedBarsPath(0, 1, 2); // stacked on top of uPlot series 2
 */
export function groupedBarsPath(slot: number, slots: number, baselineSeriesIdx?: number): uPlot.Series.PathBuilder {
  return (u, seriesIdx, idx0, idx1) => {
    const xs = u.data[0];
    const ys = u.data[seriesIdx];
    const base = baselineSeriesIdx === undefined ? undefined : u.data[baselineSeriesIdx];
    const n = idx1 - idx0 + 1;
    const plotWidth = u.bbox.width;
    // Space per x step in canvas pixels, from the visible range; bars take 80% of it.
    const step = n > 1 ? Math.abs(u.valToPos(xs[idx0 + 1], 'x', true) - u.valToPos(xs[idx0], 'x', true)) : plotWidth / 2;
    const group = Math.max(1, step * 0.8);
    const barWidth = Math.max(1, group / slots);
    const offset = -group / 2 + slot * barWidth;
    const zero = u.valToPos(0, 'y', true);
    const path = new Path2D();
    for (let i = idx0; i <= idx1; i++) {
      const v = ys[i];
      if (v === null || v === undefined || v !== v) continue;
      const b = base ? (base[i] ?? 0) : 0;
      const x = u.valToPos(xs[i], 'x', true) + offset;
      const top = u.valToPos(v, 'y', true);
      const bottom = base ? u.valToPos(b, 'y', true) : zero;
      path.rect(x, Math.min(top, bottom), barWidth, Math.abs(bottom - top));
    }
    return { stroke: path, fill: path };
  };
}
