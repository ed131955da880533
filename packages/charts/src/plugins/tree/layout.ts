/**
 * Tree geometry with d3-hierarchy's tidy tree: orthogonal (in one of four directions) or radial, with
 * collapsed nodes' subtrees left out. Layout works in (breadth, depth) and `project` maps that to pixels,
 * so one link shape serves every direction.
 */
import { hierarchy, tree, type HierarchyPointNode } from 'd3-hierarchy';
import type { TreeNodeDatum, TreeOrient } from './types';

/** A placed node. */
export interface PlacedTreeNode {
  node: TreeNodeDatum;
  x: number;
  y: number;
  depth: number;
  /** Whether the node has children that are hidden (collapsed). */
  collapsed: boolean;
  /** Unit vector from the centre through the node (radial layout), for labels pointing outwards. */
  outward: { x: number; y: number } | null;
}

/** The laid-out tree. */
export interface TreeGeometry {
  nodes: PlacedTreeNode[];
  /** One cubic curve per parent-child pair. */
  links: string[];
}

/** Layout settings. */
export interface TreeLayoutOptions {
  layout: 'orthogonal' | 'radial';
  orient: TreeOrient;
  width: number;
  height: number;
  /** Room kept free around the tree (labels, symbols). */
  margin: { x: number; y: number };
  collapsed: ReadonlySet<string>;
}

type Project = (breadth: number, depth: number) => [number, number];

/** The mapping of layout coordinates to pixels, and the layout's size in layout units. */
function projection(o: TreeLayoutOptions): { size: [number, number]; project: Project } {
  const w = Math.max(1, o.width - 2 * o.margin.x);
  const h = Math.max(1, o.height - 2 * o.margin.y);
  if (o.layout === 'radial') {
    const radius = Math.max(1, Math.min(w, h) / 2);
    const [cx, cy] = [o.width / 2, o.height / 2];
    return { size: [2 * Math.PI, radius], project: (a, r) => [cx + r * Math.sin(a), cy - r * Math.cos(a)] };
  }
  const [left, top] = [o.margin.x, o.margin.y];
  switch (o.orient) {
    case 'RL': return { size: [h, w], project: (b, d) => [left + w - d, top + b] };
    case 'TB': return { size: [w, h], project: (b, d) => [left + b, top + d] };
    case 'BT': return { size: [w, h], project: (b, d) => [left + b, top + h - d] };
    default: return { size: [h, w], project: (b, d) => [left + d, top + b] };
  }
}

/**
 * @example
 * layoutTree(root, { layout: 'orthogonal', orient: 'LR', width: 400, height: 300, margin: { x: 40, y: 10 }, collapsed: new Set() }).nodes[0].x; // 40
 */
export function layoutTree(root: TreeNodeDatum, o: TreeLayoutOptions): TreeGeometry {
  const { size, project } = projection(o);
  const h = hierarchy(root, (n) => (o.collapsed.has(n.key) ? [] : n.children));
  // Around a circle the first and the last leaf would meet at 12 o'clock: leave one leaf's share between them.
  const leaves = h.leaves().length;
  if (o.layout === 'radial' && leaves > 1) size[0] *= 1 - 1 / leaves;
  const layout = tree<TreeNodeDatum>().size(size);
  // Radial: leaves far from the root get more room than near ones, and cousins more than siblings.
  if (o.layout === 'radial') layout.separation((a, b) => (a.parent === b.parent ? 1 : 2) / Math.max(1, a.depth));
  const placed = layout(h);
  const centre = project(0, 0);
  const nodes = placed.descendants().map((d): PlacedTreeNode => {
    const [x, y] = project(d.x, d.y);
    const dist = Math.hypot(x - centre[0], y - centre[1]);
    return {
      node: d.data,
      x,
      y,
      depth: d.depth,
      collapsed: o.collapsed.has(d.data.key) && d.data.children.length > 0,
      outward: o.layout === 'radial' && dist > 0 ? { x: (x - centre[0]) / dist, y: (y - centre[1]) / dist } : null,
    };
  });
  return { nodes, links: placed.links().map(({ source, target }) => curve(source, target, project)) };
}

/** A curve leaving the parent along the depth axis and arriving at the child the same way. */
function curve(s: HierarchyPointNode<TreeNodeDatum>, t: HierarchyPointNode<TreeNodeDatum>, project: Project): string {
  const mid = (s.y + t.y) / 2;
  const p = (b: number, d: number) => project(b, d).map((v) => v.toFixed(1)).join(',');
  return `M${p(s.x, s.y)}C${p(s.x, mid)} ${p(t.x, mid)} ${p(t.x, t.y)}`;
}

/**
 * Keys of the nodes deeper than `depth` levels that have children: collapsed at first (-1: none).
 *
 * @example
 * initiallyCollapsed(root, 2); // the keys of depth-2 nodes with children
 */
export function initiallyCollapsed(root: TreeNodeDatum, depth: number): Set<string> {
  const out = new Set<string>();
  if (depth < 0) return out;
  const visit = (n: TreeNodeDatum, level: number) => {
    if (level >= depth && n.children.length) out.add(n.key);
    else n.children.forEach((c) => visit(c, level + 1));
  };
  visit(root, 0);
  return out;
}
