/** Chart-data response -> the hexagon map's weighted points and cell options. */
import type { TransformPropsInput } from '../../types';
import { aggregationOperation, aggregationProps, type DeckAggregationProps } from '../deck-shared/aggregation';
import { colorRange, type Rgba } from '../deck-shared/colors';
import { positiveNumber } from '../deck-shared/props';

/** Render props of deck_hex. */
export interface DeckHexProps extends DeckAggregationProps {
  /** Cell size in metres (grid_size). */
  cellSize: number;
  extruded: boolean;
  colorRange: Rgba[];
  aggregation: 'SUM' | 'MEAN' | 'MIN' | 'MAX';
}

/**
 * Points weighted by the Weight metric, binned on the GPU into cells of grid_size metres.
 *
 * @example
 * transformDeckHexProps(input).cellSize; // 20000 with grid_size '20000'
 */
export function transformDeckHexProps(input: TransformPropsInput): DeckHexProps {
  const fd = input.formData;
  return {
    ...aggregationProps(input, 'Hexagon map'),
    cellSize: positiveNumber(fd, 'grid_size', 'Grid Size', 20),
    extruded: fd.extruded !== false,
    colorRange: colorRange(fd.linear_color_scheme),
    aggregation: aggregationOperation(fd, 'js_agg_function', 'Dynamic Aggregation Function'),
  };
}
