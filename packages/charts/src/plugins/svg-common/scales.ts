/**
 * Minimal scales and tick generation for the SVG charts (histogram, box plot, heatmap, bubble), so they
 * share one implementation instead of pulling in d3-scale for four small charts.
 */

/** A continuous scale: value -> pixel, with its ticks. */
export interface ContinuousScale {
  (value: number): number;
  domain: [number, number];
  ticks(count?: number): number[];
}

/**
 * "Nice" tick values covering [min, max] (1/2/5 x 10^k steps, like d3's ticks).
 *
 * @example
 * niceTicks(0, 97, 5); // [0, 20, 40, 60, 80]
 */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (min === max) return [min];
  const raw = (max - min) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const err = raw / power;
  const step = (err >= 7.07 ? 10 : err >= 3.16 ? 5 : err >= 1.41 ? 2 : 1) * power;
  const out: number[] = [];
  // Rounding to the step's precision keeps 0.30000000000000004 out of tick labels.
  const digits = Math.max(0, -Math.floor(Math.log10(step)));
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) out.push(Number(v.toFixed(digits)));
  return out;
}

/**
 * A linear scale; a degenerate domain maps to the middle of the range.
 *
 * @example
 * const x = linearScale([0, 10], [0, 100]);
 * x(5); // 50
 */
export function linearScale(domain: [number, number], range: [number, number]): ContinuousScale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const scale = ((v: number) => (d1 === d0 ? (r0 + r1) / 2 : r0 + ((v - d0) / (d1 - d0)) * (r1 - r0))) as ContinuousScale;
  scale.domain = domain;
  scale.ticks = (count = 5) => niceTicks(Math.min(d0, d1), Math.max(d0, d1), count);
  return scale;
}

/**
 * A log10 scale; non-positive values clamp to the domain's lower bound (log of <= 0 is undefined).
 *
 * @example
 * logScale([1, 1000], [0, 300])(10); // 100
 */
export function logScale(domain: [number, number], range: [number, number]): ContinuousScale {
  const lo = Math.max(domain[0], 1e-12);
  const hi = Math.max(domain[1], lo * 10);
  const inner = linearScale([Math.log10(lo), Math.log10(hi)], range);
  const scale = ((v: number) => inner(Math.log10(Math.max(v, lo)))) as ContinuousScale;
  scale.domain = [lo, hi];
  scale.ticks = () => {
    const out: number[] = [];
    for (let p = Math.ceil(Math.log10(lo)); p <= Math.floor(Math.log10(hi)); p++) out.push(10 ** p);
    return out;
  };
  return scale;
}

/**
 * Extends [min, max] to nice bounds so the axis starts and ends on a tick.
 *
 * @example
 * niceDomain(3, 97); // [0, 100]
 */
export function niceDomain(min: number, max: number, count = 5): [number, number] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (min === max) return min === 0 ? [0, 1] : [Math.min(0, min), Math.max(0, max)];
  const ticks = niceTicks(min, max, count);
  const step = ticks.length > 1 ? ticks[1] - ticks[0] : Math.abs(max - min);
  return [Math.floor(min / step) * step, Math.ceil(max / step) * step];
}

/** A band scale: category index -> start pixel and band width. */
export interface BandScale {
  start(index: number): number;
  bandwidth: number;
  step: number;
}

/**
 * Equal bands with an inner padding fraction.
 *
 * @example
 * bandScale(4, [0, 400], 0.2); // { step: 100, bandwidth: 80, start(1) = 110 }
 */
export function bandScale(count: number, range: [number, number], padding = 0.1): BandScale {
  // A card narrower than its margins gives a reversed range: bands collapse to zero width rather than
  // going negative (a negative <rect> width is an SVG error and draws nothing sensible).
  const step = count ? Math.max(0, range[1] - range[0]) / count : 0;
  const bandwidth = step * (1 - padding);
  return { step, bandwidth, start: (i) => range[0] + i * step + (step - bandwidth) / 2 };
}
