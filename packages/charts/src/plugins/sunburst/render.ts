/**
 * SVG sunburst: one ring per level around a hole, radial labels that fit their ring, an optional total.
 * Arcs are written as one markup string and parsed once; tooltips and cross filters are delegated.
 */
import { arc } from 'd3-shape';
import { readableTextOn } from '../../colors/readable-text';
import { h, svg } from '../../shared/dom';
import { truncateLabel } from '../../shared/label-fit';
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import { svgRoot, text } from '../svg-common/svg';
import { attachNodeTooltip } from '../hierarchy-common/node-tooltip';
import { createPathMarks, escapeMarkup } from '../hierarchy-common/path-cross-filter';
import { layoutSunburst, sunburstRadii } from './layout';
import type { SunburstProps } from './types';

const arcPath = arc<{ innerRadius: number; outerRadius: number; startAngle: number; endAngle: number }>().digits(2);
const fixed = (n: number) => (Math.round(n * 100) / 100).toString();

/**
 * Every arc is a cross-filter toggle when the host passes `onCrossFilter` (the incumbent's sunburst): the
 * arc's path from the centre is the selection; the arcs on that path and under it stay lit.
 *
 * @example
 * renderSunburst(container, transformSunburstProps(input));
 */
export function renderSunburst(element: HTMLElement, props: SunburstProps): ChartInstance<SunburstProps> {
  const marks = createPathMarks();
  return mountChart(element, props, {
    draw(body, p) {
      marks.begin(p);
      const columns = p.onCrossFilter ? p.crossFilterColumns : null;
      const root = svgRoot(p.width, p.height, p.ariaLabel);
      root.classList.add('bi-sunburst');
      if (columns) root.setAttribute('role', 'group');
      const g = svg('g', { transform: `translate(${fixed(p.width / 2)},${fixed(p.height / 2)})` });
      const nodes = p.root.descendants();
      const font = p.theme.fontSize - 1;
      const stroke = escapeMarkup(p.theme.background);
      let arcs = '';
      let labels = '';
      for (const a of layoutSunburst(p.root, p.levels, p.width, p.height)) {
        if (a.a1 - a.a0 <= 0 || a.r1 <= a.r0) continue;
        const node = nodes[a.index];
        const color = p.colors[a.index];
        const d = arcPath({ innerRadius: a.r0, outerRadius: a.r1, startAngle: a.a0, endAngle: a.a1 }) ?? '';
        const target = columns ? `Filter by ${node.data.names.join(' ▸ ')}` : undefined;
        arcs += `<path d="${d}" fill="${escapeMarkup(color)}" stroke="${stroke}" stroke-width="1" class="bi-sunburst-arc"${marks.attrs(a.index, node.data.path, target)}/>`;
        const label = p.labels[a.index];
        const rm = (a.r0 + a.r1) / 2;
        // Radial text needs the arc to be at least a line thick at its middle.
        if (!label || (a.a1 - a.a0) * rm < font + 2) continue;
        const shown = truncateLabel(label, a.r1 - a.r0 - 6, font);
        if (!shown) continue;
        const mid = (a.a0 + a.a1) / 2;
        const deg = (mid * 180) / Math.PI;
        // Along the radius, never upside down: the left half is turned half a circle.
        const rotate = deg <= 180 ? deg - 90 : deg + 90;
        const x = fixed(rm * Math.sin(mid));
        const y = fixed(-rm * Math.cos(mid));
        labels += `<text x="${x}" y="${y}" text-anchor="middle" dominant-baseline="middle" transform="rotate(${fixed(rotate)} ${x} ${y})" fill="${escapeMarkup(readableTextOn(color, p.theme.text))}" class="bi-sunburst-label">${escapeMarkup(shown)}</text>`;
      }
      const arcLayer = svg('g', { class: 'bi-sunburst-arcs' });
      arcLayer.innerHTML = arcs;
      const labelLayer = svg('g', { 'pointer-events': 'none', 'font-size': font });
      labelLayer.innerHTML = labels;
      g.append(arcLayer, labelLayer);
      if (p.totalLabel) {
        const { inner } = sunburstRadii(p.width, p.height);
        g.append(text(truncateLabel(p.totalLabel, inner * 2 - 4, p.theme.fontSize + 2) || p.totalLabel, { x: 0, y: 0, 'text-anchor': 'middle', 'dominant-baseline': 'middle', 'font-size': p.theme.fontSize + 2, 'font-weight': 700, fill: p.theme.text, class: 'bi-sunburst-total' }));
      }
      root.append(g);
      const nodeAt = (i: number) => nodes[i]?.data;
      if (columns) marks.attach(root, columns, p, nodeAt);
      body.replaceChildren(h('div', {}, [root]));
      attachNodeTooltip(body, root, (i) => (nodes[i] ? p.tipOf(i) : undefined));
    },
  });
}
