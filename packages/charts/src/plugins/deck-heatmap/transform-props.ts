/** Chart-data response -> the deck heatmap's weighted points and kernel options. */
import type { TransformPropsInput } from '../../types';
import { aggregationProps, type DeckAggregationProps } from '../deck-shared/aggregation';
import { colorRange, type Rgba } from '../deck-shared/colors';
import { positiveNumber } from '../deck-shared/props';

/** Render props of deck_heatmap. */
export interface DeckHeatmapProps extends DeckAggregationProps {
  intensity: number;
  radiusPixels: number;
  colorRange: Rgba[];
  aggregation: 'SUM' | 'MEAN';
}

/**
 * Points weighted by the Weight metric, blurred into a density surface on the GPU.
 *
 * @example
 * transformDeckHeatmapProps(input).radiusPixels; // 30 by default
 */
export function transformDeckHeatmapProps(input: TransformPropsInput): DeckHeatmapProps {
  const fd = input.formData;
  const aggregation = String(fd.aggregation ?? 'sum').toUpperCase();
  if (aggregation !== 'SUM' && aggregation !== 'MEAN') throw new Error(`Aggregation: unknown aggregation ${JSON.stringify(fd.aggregation)} (sum or mean)`);
  return {
    ...aggregationProps(input, 'Heatmap'),
    intensity: positiveNumber(fd, 'intensity', 'Intensity', 1),
    radiusPixels: positiveNumber(fd, 'radius_pixels', 'Intensity Radius', 30),
    colorRange: colorRange(fd.linear_color_scheme),
    aggregation,
  };
}
