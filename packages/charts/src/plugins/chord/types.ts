/** Types of the chord diagram. */
import type { BaseChartProps } from '../../shared/mount';

/** One group: a value of the source or the target column, with its arc. */
export interface ChordNodeDatum {
  name: string;
  color: string;
}

/** Render props of the chord diagram. */
export interface ChordProps extends BaseChartProps {
  nodes: ChordNodeDatum[];
  /** matrix[i][j]: the metric flowing from node i to node j (0 where no row pairs them). */
  matrix: number[][];
  /** Formats values for tooltips (y_axis_format). */
  format(value: number): string;
}
