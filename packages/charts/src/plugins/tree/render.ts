/** SVG tree: curved links, a symbol per node, labels; nodes with children fold and unfold their subtree. */
import { h, svg } from '../../shared/dom';
import { CATEGORY_LABEL_MAX, estimateLabelWidth, truncateLabel } from '../../shared/label-fit';
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import { svgRoot, text, withTitle } from '../svg-common/svg';
import { initiallyCollapsed, layoutTree, type PlacedTreeNode } from './layout';
import { treeSymbol } from './symbols';
import type { TreeLabelPosition, TreeNodeDatum, TreeProps } from './types';

const GAP = 4;

/** Label attributes for a node: beside it per its position setting, or outwards for a radial leaf. */
function labelAttrs(n: PlacedTreeNode, position: TreeLabelPosition, offset: number): Record<string, string | number> {
  if (n.outward && !n.node.children.length) {
    const anchor = n.outward.x > 0.2 ? 'start' : n.outward.x < -0.2 ? 'end' : 'middle';
    return { x: n.x + n.outward.x * offset, y: n.y + n.outward.y * offset, 'text-anchor': anchor, 'dominant-baseline': 'middle' };
  }
  switch (position) {
    case 'top': return { x: n.x, y: n.y - offset, 'text-anchor': 'middle', 'dominant-baseline': 'auto' };
    case 'bottom': return { x: n.x, y: n.y + offset, 'text-anchor': 'middle', 'dominant-baseline': 'hanging' };
    case 'right': return { x: n.x + offset, y: n.y, 'text-anchor': 'start', 'dominant-baseline': 'middle' };
    default: return { x: n.x - offset, y: n.y, 'text-anchor': 'end', 'dominant-baseline': 'middle' };
  }
}

/**
 * Width a centred label (top or bottom of its node) may take: the distance to the nearest node of the same
 * depth beside it, so neighbouring leaves' names never run into each other.
 */
function centredLabelRooms(nodes: readonly PlacedTreeNode[]): Map<PlacedTreeNode, number> {
  const rooms = new Map<PlacedTreeNode, number>();
  const byDepth = new Map<number, PlacedTreeNode[]>();
  for (const n of nodes) {
    const row = byDepth.get(n.depth);
    if (row) row.push(n);
    else byDepth.set(n.depth, [n]);
  }
  for (const row of byDepth.values()) {
    row.sort((a, b) => a.x - b.x);
    row.forEach((n, i) => {
      const gaps = [row[i - 1], row[i + 1]].filter((m) => m && Math.abs(m.y - n.y) < 1).map((m) => Math.abs(m.x - n.x));
      rooms.set(n, gaps.length ? Math.min(...gaps) - 4 : Infinity);
    });
  }
  return rooms;
}

/** Room kept around the tree: the widest label beside the outer nodes, a line of text above and below. */
function margins(p: TreeProps, labelWidth: number): { x: number; y: number } {
  const side = p.layout === 'radial' || p.nodeLabelPosition === 'left' || p.nodeLabelPosition === 'right' || p.childLabelPosition === 'left' || p.childLabelPosition === 'right';
  return { x: p.symbolSize / 2 + GAP + (side ? labelWidth : labelWidth / 2), y: p.symbolSize / 2 + GAP + p.theme.fontSize + 2 };
}

/** Makes a node with children a keyboard-operable fold toggle. */
function makeFoldToggle(el: SVGElement, n: PlacedTreeNode, toggle: () => void): void {
  el.setAttribute('tabindex', '0');
  el.setAttribute('role', 'button');
  el.setAttribute('aria-expanded', String(!n.collapsed));
  el.setAttribute('aria-label', `${n.node.name}: ${n.collapsed ? 'expand' : 'collapse'}`);
  el.style.cursor = 'pointer';
  el.addEventListener('click', toggle);
  el.addEventListener('keydown', (event) => {
    const e = event as KeyboardEvent;
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    toggle();
  });
}

/**
 * Levels below initialTreeDepth start folded, as the incumbent's tree opens; a click, Enter or Space on a
 * node with children folds or unfolds it.
 *
 * @example
 * renderTree(container, transformTreeProps(input));
 */
export function renderTree(element: HTMLElement, props: TreeProps): ChartInstance<TreeProps> {
  let collapsed = new Set<string>();
  let folded: { root: TreeNodeDatum | null; depth: number } = { root: null, depth: NaN };
  const instance = mountChart(element, props, {
    draw(body, p) {
      // Legend toggles and folds draw again from the same props (the shell draws only on a new props object).
      const redraw = () => instance.update({ ...p });
      if (!p.root) return void body.replaceChildren();
      // A new tree (or a new initial depth) starts folded afresh; a resize or an unfold keeps the state.
      if (folded.root !== p.root || folded.depth !== p.initialTreeDepth) {
        collapsed = initiallyCollapsed(p.root, p.initialTreeDepth);
        folded = { root: p.root, depth: p.initialTreeDepth };
      }
      const fontPx = p.theme.fontSize;
      const labelWidth = Math.min(CATEGORY_LABEL_MAX, p.width / 5, widestLabel(p.root, fontPx));
      const geometry = layoutTree(p.root, { layout: p.layout, orient: p.orient, width: p.width, height: p.height, margin: margins(p, labelWidth), collapsed });
      const root = svgRoot(p.width, p.height, p.ariaLabel);
      root.setAttribute('role', 'group');
      const links = svg('g', { fill: 'none', stroke: p.theme.mutedText, 'stroke-width': 1.5, 'stroke-opacity': 0.6 });
      for (const d of geometry.links) links.append(svg('path', { d }));
      const nodes = svg('g', {});
      const labels = svg('g', { 'font-size': fontPx, fill: p.theme.text, 'pointer-events': 'none' });
      const centredRooms = centredLabelRooms(geometry.nodes);
      for (const n of geometry.nodes) {
        const style = { color: p.color, background: p.theme.background, filled: n.collapsed };
        const mark = treeSymbol(p.symbol, n.x, n.y, p.symbolSize, style) ?? svg('circle', { cx: n.x, cy: n.y, r: p.symbolSize / 2, fill: 'transparent' });
        mark.setAttribute('class', 'bi-tree-node');
        nodes.append(withTitle(mark, n.node.tooltip));
        if (n.node.children.length) {
          makeFoldToggle(mark, n, () => {
            if (collapsed.has(n.node.key)) collapsed.delete(n.node.key);
            else collapsed.add(n.node.key);
            redraw();
          });
        }
        const position = n.node.children.length ? p.nodeLabelPosition : p.childLabelPosition;
        const attrs = labelAttrs(n, position, p.symbolSize / 2 + GAP);
        const room = attrs['text-anchor'] === 'middle' ? Math.min(labelWidth, centredRooms.get(n) ?? Infinity) : labelWidth;
        const label = truncateLabel(n.node.name, room, fontPx);
        if (label) labels.append(text(label, attrs));
      }
      root.append(links, nodes, labels);
      body.replaceChildren(h('div', {}, [root]));
    },
  });
  return instance;
}

/** Width of the widest node name, estimated. */
function widestLabel(node: TreeNodeDatum, fontPx: number): number {
  return node.children.reduce((w, c) => Math.max(w, widestLabel(c, fontPx)), estimateLabelWidth(node.name, fontPx));
}
