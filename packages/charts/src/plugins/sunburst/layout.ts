/** The sunburst's arcs for a size: d3-hierarchy's partition in angle, one ring per level around a hole. */
import { partition } from 'd3-hierarchy';
import type { TreeNode } from '../hierarchy-common/tree';
import type { SunburstArc } from './types';

/**
 * The outer radius for a card (the incumbent keeps 5 px at the sides and 10 px above and below) and the
 * hole's (30% of it).
 *
 * @example
 * sunburstRadii(400, 300); // { inner: 42, outer: 140 }
 */
export function sunburstRadii(width: number, height: number): { inner: number; outer: number } {
  const outer = Math.max(0, Math.min(width - 10, height - 20) / 2);
  return { inner: outer * 0.3, outer };
}

/**
 * Arcs of every node but the root, in `root.descendants()` order; each level is a ring of equal width.
 *
 * @example
 * layoutSunburst(props.root, props.levels, 400, 300).length; // nodes - 1
 */
export function layoutSunburst(root: TreeNode, levels: number, width: number, height: number): SunburstArc[] {
  const { inner, outer } = sunburstRadii(width, height);
  const ring = levels > 0 ? (outer - inner) / levels : 0;
  partition<TreeNode['data']>().size([Math.PI * 2, 1])(root);
  const arcs: SunburstArc[] = [];
  let i = 0;
  root.each((n) => {
    const index = i++;
    if (n.depth === 0) return;
    const p = n as TreeNode & { x0: number; x1: number };
    arcs.push({ index, depth: n.depth, a0: p.x0, a1: p.x1, r0: inner + (n.depth - 1) * ring, r1: inner + n.depth * ring });
  });
  return arcs;
}
