/**
 * SVG partition chart (an icicle per metric, levels from left to right). A click, Enter or Space on a
 * node zooms into it (a leaf zooms into its parent, the root back out), as the incumbent's partition does.
 */
import { readableTextOn } from '../../colors/readable-text';
import { h, svg } from '../../shared/dom';
import { truncateLabel } from '../../shared/label-fit';
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import { svgRoot } from '../svg-common/svg';
import { attachNodeTooltip } from '../hierarchy-common/node-tooltip';
import type { IcicleNode, IciclePanel, PartitionProps } from './types';

/** Width the zoomed view keeps for the level left of the zoomed node, so a click there zooms out. */
const BACK = 40;
let clipIds = 0;

/** A node shows its label from this height on. */
const MIN_LABEL_HEIGHT = 12;

/** A panel's view: the zoomed node's range mapped onto the panel. */
export interface IcicleView {
  /** Fraction range shown across (y) and down (x). */
  y0: number;
  x0: number;
  x1: number;
}

/**
 * Pixel box of a node in a view of a `width` x `height` panel.
 *
 * @example
 * nodeBox({ x: 0.5, dx: 0.5, y: 0.5, dy: 0.5 }, { y0: 0, x0: 0, x1: 1 }, 200, 100); // { left: 100, top: 50, width: 100, height: 50 }
 */
export function nodeBox(n: Pick<IcicleNode, 'x' | 'dx' | 'y' | 'dy'>, view: IcicleView, width: number, height: number) {
  const left0 = view.y0 ? BACK : 0;
  const sx = (width - left0) / (1 - view.y0 || 1);
  const sy = height / (view.x1 - view.x0 || 1);
  return { left: left0 + (n.y - view.y0) * sx, top: (n.x - view.x0) * sy, width: n.dy * sx, height: n.dx * sy };
}

/** The view after activating `node`: zoom into it (a leaf into its parent); the root resets. */
export function zoomTo(nodes: IcicleNode[], index: number): IcicleView {
  let n = nodes[index];
  if (n.leaf && n.parent >= 0) n = nodes[n.parent];
  if (n.leaf || n.parent < 0) return { y0: 0, x0: 0, x1: 1 };
  return { y0: n.y, x0: n.x, x1: n.x + n.dx };
}

/**
 * @example
 * renderPartition(container, transformPartitionProps(input));
 */
export function renderPartition(element: HTMLElement, props: PartitionProps): ChartInstance<PartitionProps> {
  // The zoom of each panel survives redraws (a resize) but not new data.
  let views: IcicleView[] = [];
  let zoomedPanels: IciclePanel[] | undefined;
  return mountChart(element, props, {
    draw(body, p) {
      if (p.panels !== zoomedPanels) {
        views = p.panels.map(() => ({ y0: 0, x0: 0, x1: 1 }));
        zoomedPanels = p.panels;
      }
      const root = svgRoot(p.width, p.height, p.ariaLabel);
      root.classList.add('bi-partition');
      root.setAttribute('role', 'group');
      const gap = p.panels.length > 1 ? 6 : 0;
      const panelH = Math.max(0, (p.height - gap * (p.panels.length - 1)) / Math.max(1, p.panels.length));
      const font = p.theme.fontSize - 1;
      // Tooltip indices run across the panels: panel k's node i is offsets[k] + i.
      const tips = p.panels.flatMap((panel) => panel.nodes);
      const offsets = p.panels.map((_, k) => p.panels.slice(0, k).reduce((s, q) => s + q.nodes.length, 0));
      p.panels.forEach((panel, k) => {
        const g = svg('g', { transform: `translate(0,${(k * (panelH + gap)).toFixed(2)})`, class: 'bi-partition-panel' });
        const clip = `bi-partition-clip-${++clipIds}`;
        const defs = svg('defs');
        const cp = svg('clipPath', { id: clip });
        cp.append(svg('rect', { x: 0, y: 0, width: p.width, height: panelH }));
        defs.append(cp);
        g.append(defs);
        const inner = svg('g', { 'clip-path': `url(#${clip})` });
        const draw = () => {
          inner.replaceChildren();
          panel.nodes.forEach((n, i) => {
            const b = nodeBox(n, views[k], p.width, panelH);
            if (b.top + b.height <= 0 || b.top >= panelH || b.left >= p.width || b.height <= 0) return;
            const cell = svg('g', { transform: `translate(${b.left.toFixed(2)},${b.top.toFixed(2)})`, 'data-node': offsets[k] + i, class: 'bi-partition-node', tabindex: 0, role: 'button', 'aria-label': `${n.category} ${n.name}${n.disp ? `: ${n.disp}` : ''}. ${n.parent < 0 ? 'Zoom out' : 'Zoom in'}` });
            cell.append(svg('rect', { width: Math.max(0, b.width - 1), height: Math.max(0, b.height - 1), fill: n.color }));
            const label = n.disp ? `${n.name}: ${n.disp}` : n.name;
            const shown = b.height > MIN_LABEL_HEIGHT ? truncateLabel(label, b.width - 12, font) : '';
            if (shown) {
              const t = svg('text', { x: 8, y: b.height / 2, 'dominant-baseline': 'middle', 'font-size': font, fill: readableTextOn(n.color, p.theme.text), 'pointer-events': 'none' });
              t.textContent = shown;
              cell.append(t);
            }
            cell.style.cursor = 'pointer';
            const activate = () => {
              views[k] = zoomTo(panel.nodes, i);
              draw();
            };
            cell.addEventListener('click', activate);
            cell.addEventListener('keydown', (e) => {
              if (e.key !== 'Enter' && e.key !== ' ') return;
              e.preventDefault();
              activate();
              // The redraw replaced the focused node: focus stays on the same node.
              (inner.querySelector(`[data-node="${offsets[k] + i}"]`) as SVGElement | null)?.focus?.();
            });
            inner.append(cell);
          });
        };
        draw();
        g.append(inner);
        root.append(g);
      });
      body.replaceChildren(h('div', {}, [root]));
      attachNodeTooltip(body, root, (i) => tips[i]?.tip);
    },
  });
}
