/**
 * The drawn shape of an edge: a slightly bent curve between the rims of its two nodes (so A→B and B→A
 * stay apart), and an arrow head or a dot at an end when edgeSymbol asks for one.
 */
import type { Point } from './layout';
import type { EdgeSymbol } from './types';

/** How far an edge bends sideways, as a share of its length (the incumbent's curveness). */
const CURVENESS = 0.1;

/** The drawn parts of one edge. */
export interface EdgeShape {
  /** The curve (stroked). */
  path: string;
  /** Arrow heads and dots at the ends (filled), '' when the ends show nothing. */
  symbols: string;
}

const at = (p: Point, dx: number, dy: number, d: number): Point => ({ x: p.x + dx * d, y: p.y + dy * d });
const fmt = (p: Point) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`;

/** An end symbol's outline with its tip at `tip`, pointing along the unit vector (ux, uy). */
function symbolPath(symbol: EdgeSymbol, tip: Point, ux: number, uy: number, size: number): string {
  if (symbol === 'arrow') {
    const base = at(tip, -ux, -uy, size);
    const half = size / 2;
    return `M${fmt(tip)}L${fmt(at(base, -uy, ux, half))}L${fmt(at(base, uy, -ux, half))}Z`;
  }
  if (symbol === 'circle') {
    const c = at(tip, -ux, -uy, size / 2);
    const r = (size / 2).toFixed(1);
    return `M${(c.x - size / 2).toFixed(1)},${c.y.toFixed(1)}a${r},${r} 0 1,0 ${size},0a${r},${r} 0 1,0 ${-size},0`;
  }
  return '';
}

/**
 * The edge from `a` (radius ra) to `b` (radius rb), its ends on the nodes' rims.
 *
 * @example
 * edgeShape({ x: 0, y: 0 }, 5, { x: 100, y: 0 }, 5, ['none', 'arrow'], 6).symbols; // an arrow head at x = 95
 */
export function edgeShape(a: Point, ra: number, b: Point, rb: number, symbols: [EdgeSymbol, EdgeSymbol], symbolSize: number): EdgeShape {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy);
  if (length <= ra + rb) return { path: '', symbols: '' };
  const [ux, uy] = [dx / length, dy / length];
  // Bent to the left of the direction of travel, so the two directions between a pair are two curves.
  const control = at({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, uy, -ux, length * CURVENESS);
  const start = towards(a, control, ra);
  const end = towards(b, control, rb);
  const [sx, sy] = unit(control, start);
  const [ex, ey] = unit(control, end);
  return {
    path: `M${fmt(start)}Q${fmt(control)} ${fmt(end)}`,
    symbols: [symbolPath(symbols[0], start, sx, sy, symbolSize), symbolPath(symbols[1], end, ex, ey, symbolSize)].join(''),
  };
}

/** The point `distance` from `from` towards `to`. */
function towards(from: Point, to: Point, distance: number): Point {
  const [ux, uy] = unit(from, to);
  return at(from, ux, uy, distance);
}

/** The unit vector from `from` to `to`. */
function unit(from: Point, to: Point): [number, number] {
  const d = Math.hypot(to.x - from.x, to.y - from.y) || 1;
  return [(to.x - from.x) / d, (to.y - from.y) / d];
}
