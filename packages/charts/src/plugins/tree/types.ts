/** Types of the tree chart. */
import type { BaseChartProps } from '../../shared/mount';

/** A node of the tree built from the id/parent rows. */
export interface TreeNodeDatum {
  /** Stable key within the tree (the row's id; the root's is the root id). */
  key: string;
  name: string;
  /** The metric of the node's row; null for the root and rows without one. */
  value: number | null;
  /** Tooltip: the path from the root (' ▸ ') and the formatted metric. */
  tooltip: string;
  children: TreeNodeDatum[];
}

/** Orthogonal tree direction: left to right, right to left, top to bottom, bottom to top. */
export type TreeOrient = 'LR' | 'RL' | 'TB' | 'BT';
/** Where a node's label sits relative to it. */
export type TreeLabelPosition = 'top' | 'bottom' | 'left' | 'right';
/** Node symbols (the incumbent's ECharts names); anything else draws as 'emptyCircle'. */
export type TreeSymbol = 'emptyCircle' | 'circle' | 'rect' | 'roundRect' | 'triangle' | 'diamond' | 'none';

/** Render props of the tree chart. */
export interface TreeProps extends BaseChartProps {
  /** The tree, null when no root was found among the rows. */
  root: TreeNodeDatum | null;
  layout: 'orthogonal' | 'radial';
  orient: TreeOrient;
  symbol: TreeSymbol;
  /** Symbol diameter in px. */
  symbolSize: number;
  nodeLabelPosition: TreeLabelPosition;
  childLabelPosition: TreeLabelPosition;
  /** Levels shown expanded at first (the root is level 0); -1 shows every level. */
  initialTreeDepth: number;
  /** Colour of the nodes (the scheme's first colour, as the incumbent's single-series tree). */
  color: string;
}
