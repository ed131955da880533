/** The treemap's tiles for a size: d3-hierarchy's squarified treemap with room for the parents' headers. */
import { treemap, treemapSquarify } from 'd3-hierarchy';
import type { TreeNode } from '../hierarchy-common/tree';
import type { TreemapRect } from './types';

/** Height of a parent's header strip (its upper label). */
export const HEADER_HEIGHT = 18;
/** Gap between siblings and around a parent's children. */
const GAP = 1;

/**
 * Tiles of every node in `root.descendants()` order (parents before their children), in pixels.
 *
 * @example
 * layoutTreemap(props.root, 400, 300, { ratio: 1.618, upperLabels: true }).filter((r) => r.leaf).length;
 */
export function layoutTreemap(root: TreeNode, width: number, height: number, options: { ratio: number; upperLabels: boolean }): TreemapRect[] {
  const w = Math.max(0, width);
  const h = Math.max(0, height);
  treemap<TreeNode['data']>()
    .size([w, h])
    .tile(treemapSquarify.ratio(options.ratio))
    .paddingInner(GAP)
    .paddingOuter((n) => (n.depth === 0 ? 0 : GAP))
    // A parent keeps a header strip only where it is tall enough to hold one and some children below.
    .paddingTop((n) => (n.depth === 0 ? 0 : options.upperLabels && (n.y1 - n.y0) > HEADER_HEIGHT * 2 ? HEADER_HEIGHT : GAP))(root);
  const rects: TreemapRect[] = [];
  let i = 0;
  root.each((n) => {
    const r = n as TreeNode & { x0: number; y0: number; x1: number; y1: number };
    rects.push({ index: i++, depth: n.depth, x0: r.x0, y0: r.y0, x1: Math.max(r.x0, r.x1), y1: Math.max(r.y0, r.y1), leaf: !n.children });
  });
  return rects;
}
