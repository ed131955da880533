/** The layer of the cell charts (deck_hex, deck_grid), aggregated on the GPU, and their cell tooltip. */
import { GridLayer, HexagonLayer } from '@deck.gl/aggregation-layers';
import { cellTooltip, type WeightedPoint } from './aggregation';
import type { DeckCellProps } from './cell-aggregation';
import type { DeckChartSpec } from './render';
import { weightedLayerProps } from './weighted-layer';

/** The options both layers take; only the name of the cell size differs (radius or cellSize). */
function cellLayerOptions(id: string, p: DeckCellProps) {
  const { getWeight, ...base } = weightedLayerProps(id, p.points);
  return {
    ...base,
    getColorWeight: getWeight,
    getElevationWeight: getWeight,
    colorAggregation: p.aggregation,
    elevationAggregation: p.aggregation,
    colorRange: p.colorRange,
    extruded: p.extruded,
    elevationScale: p.extruded ? 10 : 1,
    gpuAggregation: true,
    pickable: true,
  };
}

/**
 * Hexagons (deck_hex) or squares (deck_grid) of grid_size metres.
 *
 * @example
 * DECK_SPECS.deck_hex = cellLayerSpec('deck_hex');
 */
export function cellLayerSpec(vizType: 'deck_hex' | 'deck_grid'): DeckChartSpec<DeckCellProps> {
  return {
    layers: (p) => [
      vizType === 'deck_hex'
        ? new HexagonLayer<WeightedPoint>({ ...cellLayerOptions(vizType, p), radius: p.cellSize })
        : new GridLayer<WeightedPoint>({ ...cellLayerOptions(vizType, p), cellSize: p.cellSize }),
    ],
    tooltip: (p, { object }) => cellTooltip(p, 'Cell', object as { count?: number; colorValue?: number }),
  };
}
