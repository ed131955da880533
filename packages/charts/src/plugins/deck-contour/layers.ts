/** The deck contour map's layer (aggregated on the GPU) and its tooltip. */
import { ContourLayer } from '@deck.gl/aggregation-layers';
import type { WeightedPoint } from '../deck-shared/aggregation';
import type { DeckChartSpec } from '../deck-shared/render';
import { weightedLayerProps } from '../deck-shared/weighted-layer';
import type { DeckContourProps } from './transform-props';

/** Isolines and isobands of the aggregated weight. */
export const contourSpec: DeckChartSpec<DeckContourProps> = {
  layers: (p) => [
    new ContourLayer<WeightedPoint>({
      ...weightedLayerProps('deck_contour', p.points),
      cellSize: p.cellSize,
      contours: p.contours,
      aggregation: p.aggregation,
      gpuAggregation: true,
      pickable: true,
    }),
  ],
  tooltip: (p, { object }) => {
    const threshold = (object as { contour?: { threshold?: number | number[] } }).contour?.threshold;
    const range = Array.isArray(threshold) ? `${p.formatValue(threshold[0])} to ${p.formatValue(threshold[1])}` : p.formatValue(threshold);
    return threshold === undefined ? null : { title: 'Contour', lines: [{ label: p.metricName, value: range }] };
  },
};
