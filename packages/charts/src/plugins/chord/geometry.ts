/** Chord geometry: d3-chord lays out the groups and ribbons; the ring's arcs are drawn here. */
import { chord, ribbon, type Chords } from 'd3-chord';

/** The incumbent's gap between groups, in radians. */
const PAD_ANGLE = 0.04;
const descending = (a: number, b: number) => b - a;

/**
 * Groups and chords of a flow matrix, larger subgroups and chords first (the incumbent's sort).
 *
 * @example
 * layoutChords([[0, 5], [3, 0]]).groups.length; // 2
 */
export function layoutChords(matrix: number[][]): Chords {
  return chord().padAngle(PAD_ANGLE).sortSubgroups(descending).sortChords(descending)(matrix);
}

/**
 * The ribbon path of a chord between two arcs of a circle of radius `radius` centred on (0, 0).
 *
 * @example
 * ribbonPath(layoutChords([[0, 5], [3, 0]])[0], 100).startsWith('M'); // true
 */
export function ribbonPath(c: Chords[number], radius: number): string {
  return (ribbon().radius(radius) as unknown as (d: Chords[number]) => string)(c) ?? '';
}

/**
 * An annular sector centred on (0, 0) between radii r0 < r1, angles clockwise from 12 o'clock.
 *
 * @example
 * ringArc(90, 100, 0, Math.PI / 2); // 'M0.00,-100.00A100,100 0 0 1 100.00,-0.00L90.00,-0.00A90,90 0 0 0 0.00,-90.00Z'
 */
export function ringArc(r0: number, r1: number, a0: number, a1: number): string {
  const large = a1 - a0 > Math.PI ? 1 : 0;
  const p = (r: number, a: number) => `${(r * Math.sin(a)).toFixed(2)},${(-r * Math.cos(a)).toFixed(2)}`;
  return `M${p(r1, a0)}A${r1},${r1} 0 ${large} 1 ${p(r1, a1)}L${p(r0, a1)}A${r0},${r0} 0 ${large} 0 ${p(r0, a0)}Z`;
}
