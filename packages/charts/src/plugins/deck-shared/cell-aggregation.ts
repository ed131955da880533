/**
 * What deck_hex and deck_grid share: weighted points binned on the GPU into cells of grid_size metres
 * (hexagons or squares), coloured and, extruded, raised by the aggregated weight. The two types differ
 * only in the deck.gl layer that draws the cells (cell-layer.ts).
 */
import type { TransformPropsInput } from '../../types';
import { aggregationOperation, aggregationProps, type DeckAggregationProps } from './aggregation';
import { colorRange, type Rgba } from './colors';
import { positiveNumber } from './props';

/** Render props of deck_hex and deck_grid. */
export interface DeckCellProps extends DeckAggregationProps {
  /** Cell size in metres (grid_size): the hexagon's radius or the square's side. */
  cellSize: number;
  extruded: boolean;
  colorRange: Rgba[];
  aggregation: 'SUM' | 'MEAN' | 'MIN' | 'MAX';
}

/**
 * The transformProps of a cell chart; `kind` names the chart in its accessible description.
 *
 * @example
 * cellTransformProps('Hexagon map')(input).cellSize; // 20000 with grid_size '20000'
 */
export function cellTransformProps(kind: string): (input: TransformPropsInput) => DeckCellProps {
  return (input) => {
    const fd = input.formData;
    return {
      ...aggregationProps(input, kind),
      cellSize: positiveNumber(fd, 'grid_size', 'Grid Size', 20),
      extruded: fd.extruded !== false,
      colorRange: colorRange(fd.linear_color_scheme),
      aggregation: aggregationOperation(fd, 'js_agg_function', 'Dynamic Aggregation Function'),
    };
  };
}
