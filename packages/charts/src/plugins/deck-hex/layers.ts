/** The hexagon map's layer (aggregated on the GPU) and its cell tooltip. */
import { HexagonLayer } from '@deck.gl/aggregation-layers';
import { cellTooltip, type WeightedPoint } from '../deck-shared/aggregation';
import type { DeckChartSpec } from '../deck-shared/render';
import type { DeckHexProps } from './transform-props';

/** Cells coloured (and, extruded, raised) by the aggregated weight. */
export const hexSpec: DeckChartSpec<DeckHexProps> = {
  layers: (p) => [
    new HexagonLayer<WeightedPoint>({
      id: 'deck_hex',
      data: p.points,
      getPosition: (d) => d.position,
      getColorWeight: (d) => d.weight,
      getElevationWeight: (d) => d.weight,
      colorAggregation: p.aggregation,
      elevationAggregation: p.aggregation,
      radius: p.cellSize,
      colorRange: p.colorRange,
      extruded: p.extruded,
      elevationScale: p.extruded ? 10 : 1,
      gpuAggregation: true,
      pickable: true,
    }),
  ],
  tooltip: (p, { object }) => cellTooltip(p, 'Cell', object as { count?: number; colorValue?: number }),
};
