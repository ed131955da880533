/** SVG graph chart: edges as curves with optional arrow heads, nodes as circles, labels, a category legend. */
import { createCrossFilterMarks } from '../../shared/cross-filter-marks';
import { h, svg } from '../../shared/dom';
import { CATEGORY_LABEL_MAX, estimateLabelWidth, truncateLabel } from '../../shared/label-fit';
import { renderToggleLegend } from '../../shared/legend-toggle';
import { applyLegendType, placeLegend } from '../../shared/legend-placement';
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import { svgRoot, text, withTitle } from '../svg-common/svg';
import { edgeShape } from './edge-path';
import { visibleGraphLabels, type LabelCandidate } from './label-collisions';
import { circularLayout, fitToBox, forceLayout, type Box, type Point } from './layout';
import { attachRoam, viewTransform, type View } from './roam';
import type { GraphProps } from './types';

/**
 * Edges are see-through so crossings stay readable; the hovered one comes forward. While a node is hovered
 * or focused, what is not adjacent to it fades (the incumbent's emphasis 'adjacency').
 */
const GRAPH_CSS = [
  '.bi-graph-edge{opacity:.5;transition:opacity .1s}.bi-graph-edge:hover{opacity:1}',
  '.bi-graph--focus .bi-graph-adjacent.bi-graph-edge{opacity:1}',
  '.bi-graph--focus :is(.bi-graph-edge,.bi-graph-node,.bi-graph-label):not(.bi-graph-adjacent){opacity:.12}',
].join('');

/** Marks the elements adjacent to node `focus` (itself, its edges and their other ends), or clears it. */
function emphasise(root: SVGSVGElement, p: GraphProps, focus: number | null): void {
  root.classList.toggle('bi-graph--focus', focus !== null);
  const near = new Set<number>(focus === null ? [] : [focus]);
  for (const e of p.edges) if (e.source === focus || e.target === focus) near.add(e.source).add(e.target);
  for (const el of root.querySelectorAll<SVGElement>('[data-node]')) el.classList.toggle('bi-graph-adjacent', near.has(Number(el.dataset.node)));
  for (const el of root.querySelectorAll<SVGElement>('[data-edge]')) {
    const e = p.edges[Number(el.dataset.edge)];
    el.classList.toggle('bi-graph-adjacent', e.source === focus || e.target === focus);
  }
}
const PAD = 4;

/** Layout positions for the props' graph, kept while the graph and its layout settings stay the same. */
function createPositionCache(): (p: GraphProps) => Point[] {
  let key: unknown[] = [];
  let points: Point[] = [];
  return (p) => {
    const next = [p.nodes, p.edges, p.layout, p.forces];
    if (next.some((v, i) => v !== key[i])) {
      points = p.layout === 'circular' ? circularLayout(p.nodes.length) : forceLayout(p.nodes.length, p.edges, p.forces, p.nodes.map((n) => n.radius));
      key = next;
    }
    return points;
  };
}

/** The box node centres may use, leaving room for the nodes themselves and their labels. */
function plotBox(p: GraphProps, height: number, labelRoom: number): Box {
  const r = p.nodes.reduce((m, n) => Math.max(m, n.radius), 0) + PAD;
  const side = p.layout === 'circular' ? r + labelRoom : r;
  const right = r + labelRoom;
  const vertical = r + (p.layout === 'circular' ? p.theme.fontSize : 0);
  return { left: side, top: vertical, width: Math.max(0, p.width - side - (p.layout === 'circular' ? side : right)), height: Math.max(0, height - 2 * vertical) };
}

/** A node's label: right of it (force), or outside the circle pointing away from its centre (circular). */
function labelAt(p: GraphProps, at: Point, radius: number, centre: Point): Pick<LabelCandidate, 'x' | 'y' | 'anchor' | 'baseline'> {
  if (p.layout !== 'circular') return { x: at.x + radius + PAD, y: at.y, anchor: 'start', baseline: 'middle' };
  const dx = at.x - centre.x;
  const dy = at.y - centre.y;
  const d = Math.hypot(dx, dy) || 1;
  const anchor = dx / d > 0.2 ? 'start' : dx / d < -0.2 ? 'end' : 'middle';
  return { x: at.x + (dx / d) * (radius + PAD), y: at.y + (dy / d) * (radius + PAD), anchor, baseline: dy / d > 0.7 ? 'hanging' : dy / d < -0.7 ? 'auto' : 'middle' };
}

/**
 * Nodes are cross-filter toggles on a dashboard (the host passes `onCrossFilter`): a click filters on the
 * node's value in its column, as the incumbent's graph does. Legend entries show and hide a category's nodes.
 *
 * @example
 * renderGraph(container, transformGraphProps(input));
 */
export function renderGraph(element: HTMLElement, props: GraphProps): ChartInstance<GraphProps> {
  const marks = createCrossFilterMarks();
  const positions = createPositionCache();
  const hidden = new Set<string>();
  // The zoom and pan of the current graph: kept across redraws, back to whole when the graph changes.
  let view: View = { k: 1, x: 0, y: 0 };
  let viewOf: unknown;
  const instance = mountChart(element, props, {
    draw(body, p) {
      // Legend toggles and folds draw again from the same props (the shell draws only on a new props object).
      const redraw = () => instance.update({ ...p });
      marks.begin(p);
      const legend = p.showLegend && p.categories.length
        ? renderToggleLegend(p.categories.map((c) => ({ key: c.name, name: c.name, color: c.color })), hidden, redraw)
        : undefined;
      body.replaceChildren(h('style', {}, [GRAPH_CSS]));
      const frame = placeLegend(body, legend && applyLegendType(legend, p.legendType), p.legendOrientation, p.width, p.height);
      const width = frame.width;
      const height = Math.max(50, frame.height);
      const widest = p.nodes.reduce((w, n) => Math.max(w, n.showLabel ? estimateLabelWidth(n.name, p.theme.fontSize) : 0), 0);
      const labelRoom = Math.min(widest, CATEGORY_LABEL_MAX, width / 4);
      const box = plotBox({ ...p, width }, height, labelRoom + PAD);
      const at = fitToBox(positions(p), box);
      const centre = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      const shown = p.nodes.map((n) => n.category === null || !hidden.has(n.category));
      if (viewOf !== p.nodes) [view, viewOf] = [{ k: 1, x: 0, y: 0 }, p.nodes];

      const root = svgRoot(width, height, p.ariaLabel);
      if (p.onCrossFilter) root.setAttribute('role', 'group');
      const edges = svg('g', {});
      p.edges.forEach((e, index) => {
        if (!shown[e.source] || !shown[e.target]) return;
        const shape = edgeShape(at[e.source], p.nodes[e.source].radius, at[e.target], p.nodes[e.target].radius, p.edgeSymbols, Math.max(6, e.width * 2));
        if (!shape.path) return;
        const g = withTitle(svg('g', { class: 'bi-graph-edge', 'data-edge': index }), e.tooltip);
        g.append(svg('path', { d: shape.path, fill: 'none', stroke: e.color, 'stroke-width': e.width }));
        if (shape.symbols) g.append(svg('path', { d: shape.symbols, fill: e.color }));
        edges.append(g);
      });
      const nodes = svg('g', {});
      const labels = svg('g', { 'font-size': p.theme.fontSize, fill: p.theme.text, 'pointer-events': 'none' });
      const candidates: Array<LabelCandidate & { node: number }> = [];
      p.nodes.forEach((n, i) => {
        if (!shown[i]) return;
        const circle = withTitle(svg('circle', { cx: at[i].x, cy: at[i].y, r: n.radius, fill: n.color, stroke: p.theme.background, 'stroke-width': 1, class: 'bi-graph-node', 'data-node': i }), n.tooltip);
        for (const on of ['mouseenter', 'focus']) circle.addEventListener(on, () => emphasise(root, p, i));
        for (const off of ['mouseleave', 'blur']) circle.addEventListener(off, () => emphasise(root, p, null));
        if (p.onCrossFilter) marks.add(circle, `Filter by ${n.name}`, n.column, n.value, p);
        nodes.append(circle);
        const label = n.showLabel ? truncateLabel(n.name, labelRoom, p.theme.fontSize) : '';
        if (label) candidates.push({ node: i, text: label, weight: n.total, ...labelAt(p, at[i], n.radius, centre) });
      });
      const visible = visibleGraphLabels(candidates, p.theme.fontSize);
      candidates.forEach((c, k) => {
        if (!visible.has(k)) return;
        labels.append(text(c.text, { x: c.x, y: c.y, 'text-anchor': c.anchor, 'dominant-baseline': c.baseline, class: 'bi-graph-label', 'data-node': c.node }));
      });
      const viewport = svg('g', { class: 'bi-graph-view', transform: viewTransform(view) });
      viewport.append(edges, nodes, labels);
      root.append(viewport);
      attachRoam(root, viewport, p.roam, () => view, (v) => { view = v; });
      marks.highlight();
      frame.plot.append(root);
    },
  });
  return instance;
}
