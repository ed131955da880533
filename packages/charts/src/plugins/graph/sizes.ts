/**
 * Node sizes and edge widths from their values, the incumbent's way: each spread over the values' range,
 * nodes between half and two and a half times baseNodeSize (a diameter), edges up to twice baseEdgeWidth
 * and never thinner than half of it.
 */

/** Where each value lies in the values' range, 0..1 (0 for all when they are all equal). */
function positions(values: number[]): number[] {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const spread = max - min;
  return values.map((v) => (spread > 0 ? (v - min) / spread : 0));
}

/**
 * Node diameters in px.
 *
 * @example
 * nodeSizes([1, 3, 5], 20); // [10, 30, 50]
 */
export function nodeSizes(values: number[], baseNodeSize: number): number[] {
  return positions(values).map((t) => t * baseNodeSize * 2 + baseNodeSize * 0.5);
}

/**
 * Edge widths in px.
 *
 * @example
 * edgeWidths([1, 2, 5], 3); // [1.5, 1.5, 6]
 */
export function edgeWidths(values: number[], baseEdgeWidth: number): number[] {
  return positions(values).map((t) => Math.max(baseEdgeWidth * 0.5, t * baseEdgeWidth * 2));
}
