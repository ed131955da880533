/** The props every aggregation layer starts from: its id and the weighted points it bins. */
import type { WeightedPoint } from './aggregation';

/**
 * Id, data and accessors of an aggregation layer over weighted points (the screen grid, heatmap and
 * contour layers; the cell layers weigh colour and elevation by the same weight).
 *
 * @example
 * new HeatmapLayer({ ...weightedLayerProps('deck_heatmap', p.points), radiusPixels: 30 });
 */
export function weightedLayerProps(id: string, points: WeightedPoint[]) {
  return { id, data: points, getPosition: (d: WeightedPoint) => d.position, getWeight: (d: WeightedPoint) => d.weight };
}
