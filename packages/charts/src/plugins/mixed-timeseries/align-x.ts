/**
 * Puts two queries' points on one x axis. The queries share the x-axis column but may differ in filters,
 * so their x values need not match: the axis is the union of both, and each series gets a value (or a gap)
 * at every x. Equal x values, the usual case, are reused as they are.
 */
import type { TimeseriesProps } from '../timeseries/types';

type Column = Float64Array | Array<number | null>;

/** One query's part of the chart: its x values (or category labels) and its series columns. */
export interface QueryPoints {
  x: Column;
  xLabels: string[];
  columns: Column[];
}

/** Both queries on the shared axis. */
export interface AlignedPoints {
  x: Column;
  xLabels: string[];
  /** Query A's columns, then query B's, each as long as `x`. */
  columns: Column[];
}

const sameValues = (a: ArrayLike<unknown>, b: ArrayLike<unknown>) => a.length === b.length && Array.prototype.every.call(a, (v, i) => v === b[i]);

/** The columns of `points` re-indexed onto an axis whose position of each of its x keys is `position`. */
function spread(points: QueryPoints, keys: unknown[], position: Map<unknown, number>, length: number): Column[] {
  return points.columns.map((column) => {
    const out: Array<number | null> = new Array<number | null>(length).fill(null);
    keys.forEach((key, i) => {
      out[position.get(key)!] = column[i] ?? null;
    });
    return out;
  });
}

/**
 * Aligns query A's and query B's points. Category axes are matched by label (A's order, then B's new
 * labels); numeric and time axes by value, in ascending order.
 *
 * @example
 * alignX({ x: [1, 2], xLabels: [], columns: [[5, 6]] }, { x: [2, 3], xLabels: [], columns: [[7, 8]] }, 'time');
 * // { x: [1, 2, 3], xLabels: [], columns: [[5, 6, null], [null, 7, 8]] }
 */
export function alignX(a: QueryPoints, b: QueryPoints, xMode: TimeseriesProps['xMode']): AlignedPoints {
  if (xMode === 'category') {
    if (sameValues(a.xLabels, b.xLabels)) return { x: a.x, xLabels: a.xLabels, columns: [...a.columns, ...b.columns] };
    const xLabels = [...new Set([...a.xLabels, ...b.xLabels])];
    const position = new Map(xLabels.map((label, i) => [label, i]));
    const columns = [a, b].flatMap((points) => spread(points, points.xLabels, position, xLabels.length));
    return { x: Float64Array.from(xLabels, (_, i) => i), xLabels, columns };
  }
  if (sameValues(a.x, b.x)) return { x: a.x, xLabels: [], columns: [...a.columns, ...b.columns] };
  const x = Float64Array.from(new Set([...a.x, ...b.x].filter((v): v is number => v !== null))).sort();
  const position = new Map<unknown, number>(Array.from(x, (v, i) => [v, i]));
  const columns = [a, b].flatMap((points) => spread(points, Array.from(points.x), position, x.length));
  return { x, xLabels: [], columns };
}
