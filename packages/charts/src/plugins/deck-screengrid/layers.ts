/** The deck screen grid's layer (aggregated on the GPU per screen cell) and its tooltip. */
import { ScreenGridLayer } from '@deck.gl/aggregation-layers';
import { cellTooltip, type WeightedPoint } from '../deck-shared/aggregation';
import type { DeckChartSpec } from '../deck-shared/render';
import { weightedLayerProps } from '../deck-shared/weighted-layer';
import type { DeckScreengridProps } from './transform-props';

/** Square screen cells shaded by the summed weight. */
export const screengridSpec: DeckChartSpec<DeckScreengridProps> = {
  layers: (p) => [
    new ScreenGridLayer<WeightedPoint>({
      ...weightedLayerProps('deck_screengrid', p.points),
      cellSizePixels: p.cellSizePixels,
      colorRange: p.colorRange,
      gpuAggregation: true,
      pickable: true,
    }),
  ],
  tooltip: (p, { object }) => cellTooltip(p, 'Cell', object as { count?: number; value?: number }),
};
