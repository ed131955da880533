/** Types of the partition chart (viz_type 'partition'). */
import type { BaseChartProps } from '../../shared/mount';
import type { NodeTip } from '../hierarchy-common/node-tooltip';

/** A node of an icicle, positioned in fractions of its panel (x down, y across). */
export interface IcicleNode {
  /** Index of the parent in the panel's node list; -1 for the root. */
  parent: number;
  depth: number;
  /** Display name (time stamps formatted). */
  name: string;
  /** Formatted value ('' for none or zero, as the incumbent shows it). */
  disp: string;
  color: string;
  /** Top and height as fractions of the panel's height. */
  x: number;
  dx: number;
  /** Left and width as fractions of the panel's width. */
  y: number;
  dy: number;
  leaf: boolean;
  /** What the node's level is: 'Metric', 'Date' or the level's column. */
  category: string;
  tip: NodeTip;
}

/** One icicle per metric. */
export interface IciclePanel {
  metric: string;
  /** Nodes breadth-first: the root first, parents before their children. */
  nodes: IcicleNode[];
}

/** Render props of the partition chart. */
export interface PartitionProps extends BaseChartProps {
  panels: IciclePanel[];
}
