/** Types of the treemap (viz_type 'treemap_v2'). */
import type { BaseChartProps } from '../../shared/mount';
import type { NodeTip } from '../hierarchy-common/node-tooltip';
import type { TreeNode } from '../hierarchy-common/tree';

/** Render props of the treemap. */
export interface TreemapProps extends BaseChartProps {
  /** The hierarchy with values summed and siblings sorted; laid out per draw (the size changes). */
  root: TreeNode;
  /** Fill of each node, by its index in `root.descendants()`. */
  colors: string[];
  /** Label text of the node at an index (label_type applied), '' for the root; made when drawn. */
  labelOf(index: number): string;
  /** Tooltip of the node at an index; made when shown (a 10k-leaf treemap formats only what is seen). */
  tipOf(index: number): NodeTip;
  showLabels: boolean;
  /** Headers on the parents (the incumbent's upper labels). */
  showUpperLabels: boolean;
  /** Aspect ratio the squarified tiles aim for (treemap_ratio, the golden ratio by default). */
  ratio: number;
  /** Column each level cross-filters on; null when the hierarchy cannot be filtered by equality. */
  crossFilterColumns: string[] | null;
}

/** A laid-out node (pixels). */
export interface TreemapRect {
  /** Index in `root.descendants()`. */
  index: number;
  depth: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  leaf: boolean;
}
