/** Types of the sunburst (viz_type 'sunburst_v2'). */
import type { BaseChartProps } from '../../shared/mount';
import type { NodeTip } from '../hierarchy-common/node-tooltip';
import type { TreeNode } from '../hierarchy-common/tree';

/** Render props of the sunburst. */
export interface SunburstProps extends BaseChartProps {
  root: TreeNode;
  /** Number of rings (hierarchy levels). */
  levels: number;
  /** Fill of each node, by its index in `root.descendants()`. */
  colors: string[];
  /** Label of each node: '' where labels are off or the node is under the percentage threshold. */
  labels: string[];
  /** Tooltip of the node at an index; made when shown. */
  tipOf(index: number): NodeTip;
  /** 'Total: 1.2k' in the centre (show_total), else ''. */
  totalLabel: string;
  /** Column each level cross-filters on; null when the hierarchy cannot be filtered by equality. */
  crossFilterColumns: string[] | null;
}

/** A laid-out arc. */
export interface SunburstArc {
  /** Index in `root.descendants()`. */
  index: number;
  depth: number;
  /** Angles in radians, clockwise from 12 o'clock. */
  a0: number;
  a1: number;
  r0: number;
  r1: number;
}
