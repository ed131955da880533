/** Wedge geometry of the rose: equal angles per time step, series stacked outwards from the centre. */
import type { RoseArc } from './types';

/**
 * The segments of every time step. The largest time-step total (over visible series) reaches `radius`; with
 * `areaProportion` each segment's area, not its depth, is proportional to its value (the incumbent's
 * rose_area_proportion).
 *
 * @example
 * roseArcs([[1, 1], [2, 0]], [true, true], 100, false)[1]; // { time: 0, series: 1, innerRadius: 50, outerRadius: 100, ... }
 */
export function roseArcs(values: number[][], visible: boolean[], radius: number, areaProportion: boolean): RoseArc[] {
  const shown = (t: number, s: number) => (visible[s] === false ? 0 : Math.max(0, values[t][s] ?? 0));
  const sums = values.map((row, t) => row.reduce((sum, _, s) => sum + shown(t, s), 0));
  const maxSum = Math.max(0, ...sums);
  const perUnit = maxSum > 0 ? radius / maxSum : 0;
  const step = values.length ? (Math.PI * 2) / values.length : 0;
  const arcs: RoseArc[] = [];
  values.forEach((row, t) => {
    let inner = 0;
    row.forEach((_, s) => {
      const v = shown(t, s);
      const outer = areaProportion ? Math.sqrt(perUnit * radius * v + inner * inner) : inner + perUnit * v;
      arcs.push({ time: t, series: s, startAngle: step * t, endAngle: step * (t + 1), innerRadius: inner, outerRadius: outer });
      inner = outer;
    });
  });
  return arcs;
}

/**
 * The SVG path of an annular sector centred on the origin (angles clockwise from the top).
 *
 * @example
 * sectorPath({ startAngle: 0, endAngle: Math.PI / 2, innerRadius: 0, outerRadius: 10 }); // 'M0,-10A10,10 0 0 1 10,0L0,0Z'
 */
export function sectorPath(a: Pick<RoseArc, 'startAngle' | 'endAngle' | 'innerRadius' | 'outerRadius'>): string {
  if (a.outerRadius <= a.innerRadius) return '';
  // A full circle cannot be one SVG arc: draw it as two halves.
  if (a.endAngle - a.startAngle >= Math.PI * 2 - 1e-9) {
    const mid = a.startAngle + Math.PI;
    return sectorPath({ ...a, endAngle: mid }) + sectorPath({ ...a, startAngle: mid });
  }
  const large = a.endAngle - a.startAngle > Math.PI ? 1 : 0;
  const [x0, y0] = point(a.startAngle, a.outerRadius);
  const [x1, y1] = point(a.endAngle, a.outerRadius);
  let d = `M${x0},${y0}A${r(a.outerRadius)},${r(a.outerRadius)} 0 ${large} 1 ${x1},${y1}`;
  if (a.innerRadius > 0) {
    const [x2, y2] = point(a.endAngle, a.innerRadius);
    const [x3, y3] = point(a.startAngle, a.innerRadius);
    d += `L${x2},${y2}A${r(a.innerRadius)},${r(a.innerRadius)} 0 ${large} 0 ${x3},${y3}Z`;
  } else d += 'L0,0Z';
  return d;
}

const r = (v: number) => Math.round(v * 100) / 100;

/**
 * A point at `angle` (clockwise from the top) and `radius`.
 *
 * @example
 * point(Math.PI / 2, 10); // [10, 0]
 */
export function point(angle: number, radius: number): [number, number] {
  return [r(Math.sin(angle) * radius) + 0, r(-Math.cos(angle) * radius) + 0];
}

/** Inner radius of the expanded pie, as a share of the radius (the incumbent's hole). */
export const PIE_HOLE = 0.075;

/**
 * One time step opened into a full pie (the incumbent's click on a wedge): a slice per visible series,
 * largest first clockwise from the top, angles proportional to values.
 *
 * @example
 * pieArcs(3, [1, 3], ['a', 'b'], [true, true], 100).map((a) => a.series); // [1, 0]
 */
export function pieArcs(time: number, values: number[], names: string[], visible: boolean[], radius: number): RoseArc[] {
  const shown = values.map((v, s) => (visible[s] === false ? 0 : Math.max(0, v)));
  const total = shown.reduce((a, b) => a + b, 0);
  const order = shown.map((_, s) => s).sort((a, b) => shown[b] - shown[a] || names[a].localeCompare(names[b]));
  let angle = 0;
  return order.map((s) => {
    const sweep = total > 0 ? (shown[s] / total) * Math.PI * 2 : 0;
    const arc = { time, series: s, startAngle: angle, endAngle: angle + sweep, innerRadius: radius * PIE_HOLE, outerRadius: radius };
    angle += sweep;
    return arc;
  });
}
