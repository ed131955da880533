/** The deck heatmap's layer (a GPU density surface; not pickable, as deck.gl's heatmap has no objects). */
import { HeatmapLayer } from '@deck.gl/aggregation-layers';
import type { WeightedPoint } from '../deck-shared/aggregation';
import type { DeckChartSpec } from '../deck-shared/render';
import type { DeckHeatmapProps } from './transform-props';

/** A density surface of the weighted points. */
export const heatmapSpec: DeckChartSpec<DeckHeatmapProps> = {
  layers: (p) => [
    new HeatmapLayer<WeightedPoint>({
      id: 'deck_heatmap',
      data: p.points,
      getPosition: (d) => d.position,
      getWeight: (d) => d.weight,
      intensity: p.intensity,
      radiusPixels: p.radiusPixels,
      colorRange: p.colorRange,
      aggregation: p.aggregation,
    }),
  ],
};
