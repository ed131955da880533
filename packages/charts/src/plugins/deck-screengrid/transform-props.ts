/** Chart-data response -> the deck screen grid's weighted points and cell options. */
import type { TransformPropsInput } from '../../types';
import { aggregationProps, type DeckAggregationProps } from '../deck-shared/aggregation';
import { toRgba, type Rgba } from '../deck-shared/colors';
import { positiveNumber } from '../deck-shared/props';

/** Render props of deck_screengrid. */
export interface DeckScreengridProps extends DeckAggregationProps {
  /** Cell size in pixels (grid_size). */
  cellSizePixels: number;
  colorRange: Rgba[];
}

/** Cells from a faint to the full color_picker colour (the incumbent colours its screen grid by one colour). */
function singleColorRange(color: Rgba, steps = 6): Rgba[] {
  return Array.from({ length: steps }, (_, i) => [color[0], color[1], color[2], Math.round(40 + ((255 - 40) * i) / (steps - 1))] as Rgba);
}

/**
 * Points weighted by the Weight metric, binned on the GPU into grid_size-pixel screen cells.
 *
 * @example
 * transformDeckScreengridProps(input).cellSizePixels; // 20 by default
 */
export function transformDeckScreengridProps(input: TransformPropsInput): DeckScreengridProps {
  const fd = input.formData;
  return {
    ...aggregationProps(input, 'Screen grid'),
    cellSizePixels: positiveNumber(fd, 'grid_size', 'Grid Size', 20),
    colorRange: singleColorRange(toRgba(fd.color_picker, [0, 122, 135, 255])),
  };
}
