/** The deck heatmap's layer (a GPU density surface; not pickable, as deck.gl's heatmap has no objects). */
import { HeatmapLayer } from '@deck.gl/aggregation-layers';
import type { WeightedPoint } from '../deck-shared/aggregation';
import type { DeckChartSpec } from '../deck-shared/render';
import { weightedLayerProps } from '../deck-shared/weighted-layer';
import type { DeckHeatmapProps } from './transform-props';

/** A density surface of the weighted points. */
export const heatmapSpec: DeckChartSpec<DeckHeatmapProps> = {
  layers: (p) => [
    new HeatmapLayer<WeightedPoint>({
      ...weightedLayerProps('deck_heatmap', p.points),
      intensity: p.intensity,
      radiusPixels: p.radiusPixels,
      colorRange: p.colorRange,
      aggregation: p.aggregation,
    }),
  ],
};
