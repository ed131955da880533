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
  /** flows[i][j]: the metric flowing from node i to node j (0 where no row pairs them); what tooltips state. */
  flows: number[][];
  /**
   * What the layout sizes arcs and ribbons by: the flows themselves when they are symmetric (the incumbent's
   * chord: each arc is its node's row), else each pair's flows in both directions added, so a node that only
   * receives (a target column of other values) still gets its arc.
   */
  matrix: number[][];
  /** Formats values for tooltips (y_axis_format). */
  format(value: number): string;
}
