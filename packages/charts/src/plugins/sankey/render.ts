/** SVG Sankey: links as bands coloured by their source, nodes as bars, labels beside the nodes. */
import { isCrossFilterSelected } from '../../shared/cross-filter';
import { createCrossFilterMarks } from '../../shared/cross-filter-marks';
import { h, svg } from '../../shared/dom';
import { truncateLabel } from '../../shared/label-fit';
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import { svgRoot, text, withTitle } from '../svg-common/svg';
import { visibleLabels } from './label-placement';
import { layoutSankey, linkPath } from './layout';
import type { SankeyProps } from './types';

/** Bands are see-through so crossing flows stay readable; the hovered one comes forward. */
const SANKEY_CSS = '.bi-sankey-link{stroke-opacity:.35;transition:stroke-opacity .1s}.bi-sankey-link:hover{stroke-opacity:.65}';

/**
 * Nodes are cross-filter toggles on a dashboard (the host passes `onCrossFilter`): a click filters on
 * the node's value in its column (source or target), as the incumbent's Sankey does.
 *
 * @example
 * renderSankey(container, transformSankeyProps(input));
 */
export function renderSankey(element: HTMLElement, props: SankeyProps): ChartInstance<SankeyProps> {
  const marks = createCrossFilterMarks();
  return mountChart(element, props, {
    draw(body, p) {
      marks.begin(p);
      const geometry = layoutSankey(p.nodes.length, p.links, p.width, p.height);
      const root = svgRoot(p.width, p.height, p.ariaLabel);
      if (p.onCrossFilter) root.setAttribute('role', 'group');
      const links = svg('g', { fill: 'none' });
      // With a cross filter set, the flows of the selected nodes stay and the others fade with their nodes.
      const selected = p.onCrossFilter && p.crossFilterValues?.length ? p.crossFilterValues : null;
      const kept = (node: number) => isCrossFilterSelected(selected ?? [], p.nodes[node].value);
      geometry.links.forEach((l, i) => {
        const datum = p.links[i];
        const path = svg('path', { d: linkPath(l), stroke: p.nodes[datum.source].color, 'stroke-width': Math.max(1, l.width), class: 'bi-sankey-link' });
        if (selected && !kept(datum.source) && !kept(datum.target)) path.setAttribute('opacity', '0.3');
        links.append(withTitle(path, datum.tooltip));
      });
      const nodes = svg('g', {});
      const labels = svg('g', { 'font-size': p.theme.fontSize, fill: p.theme.text, 'pointer-events': 'none' });
      const labelX = (n: (typeof geometry.nodes)[number]) => (n.labelLeft ? n.x0 - 6 : n.x1 + 6);
      const labelled = visibleLabels(geometry.nodes.map((n) => ({ x: labelX(n), y: (n.y0 + n.y1) / 2, weight: n.y1 - n.y0 })), p.theme.fontSize + 2);
      geometry.nodes.forEach((n, i) => {
        const node = p.nodes[i];
        const rect = withTitle(svg('rect', { x: n.x0, y: n.y0, width: n.x1 - n.x0, height: Math.max(1, n.y1 - n.y0), fill: node.color, class: 'bi-sankey-node' }), node.tooltip);
        if (p.onCrossFilter) marks.add(rect, `Filter by ${node.name}`, node.column, node.value, p);
        nodes.append(rect);
        const label = labelled.has(i) ? truncateLabel(node.name, geometry.labelRoom, p.theme.fontSize) : '';
        if (label) labels.append(text(label, { x: labelX(n), y: (n.y0 + n.y1) / 2, 'text-anchor': n.labelLeft ? 'end' : 'start', 'dominant-baseline': 'middle' }));
      });
      root.append(links, nodes, labels);
      marks.highlight();
      body.replaceChildren(h('style', {}, [SANKEY_CSS]), h('div', {}, [root]));
    },
  });
}
