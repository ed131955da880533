/** SVG chord diagram: a ring of group arcs, ribbons coloured by their source, labels outside the ring. */
import { h, svg } from '../../shared/dom';
import { CATEGORY_LABEL_MAX, estimateLabelWidth, truncateLabel } from '../../shared/label-fit';
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import { svgRoot, text, withTitle } from '../svg-common/svg';
import { layoutChords, ribbonPath, ringArc } from './geometry';
import type { ChordProps } from './types';

/** The incumbent's ring thickness. */
const RING = 24;
const GAP = 6;
/** Opacity of the ribbons not touching the hovered or focused group. */
const FADED = '0.1';

/** A group's label just outside the ring at its mid angle, on the side it points to. */
function groupLabel(name: string, mid: number, radius: number, room: number, fontPx: number, fill: string): SVGTextElement | null {
  const label = truncateLabel(name, room, fontPx);
  if (!label) return null;
  const [x, y] = [Math.sin(mid) * radius, -Math.cos(mid) * radius];
  const anchor = Math.sin(mid) > 0.1 ? 'start' : Math.sin(mid) < -0.1 ? 'end' : 'middle';
  const baseline = Math.cos(mid) > 0.9 ? 'auto' : Math.cos(mid) < -0.9 ? 'hanging' : 'middle';
  return text(label, { x, y, 'text-anchor': anchor, 'dominant-baseline': baseline, fill, 'font-size': fontPx, 'pointer-events': 'none' });
}

/**
 * Hovering or focusing a group fades the ribbons that do not touch it, as the incumbent's chord does.
 *
 * @example
 * renderChord(container, transformChordProps(input));
 */
export function renderChord(element: HTMLElement, props: ChordProps): ChartInstance<ChordProps> {
  return mountChart(element, props, {
    draw(body, p) {
      const fontPx = p.theme.fontSize;
      const widest = p.nodes.reduce((w, n) => Math.max(w, estimateLabelWidth(n.name, fontPx)), 0);
      const room = Math.min(widest, CATEGORY_LABEL_MAX, p.width / 5);
      const outer = Math.max(RING + 1, Math.min(p.width / 2 - room - GAP, p.height / 2 - fontPx - GAP) - 2);
      const inner = outer - RING;
      const layout = layoutChords(p.matrix);
      const root = svgRoot(p.width, p.height, p.ariaLabel);
      root.setAttribute('role', 'group');
      const plot = svg('g', { transform: `translate(${p.width / 2},${p.height / 2})` });
      const ribbons = layout.map((c) => {
        const [s, t] = [p.nodes[c.source.index], p.nodes[c.target.index]];
        const [i, j] = [c.source.index, c.target.index];
        const tip = i === j ? `${s.name} → ${s.name}: ${p.format(p.flows[i][i])}` : `${s.name} → ${t.name}: ${p.format(p.flows[i][j])}\n${t.name} → ${s.name}: ${p.format(p.flows[j][i])}`;
        return { chord: c, path: withTitle(svg('path', { d: ribbonPath(c, inner), fill: s.color, 'fill-opacity': 0.67, stroke: p.theme.background, 'stroke-width': 0.5, class: 'bi-chord-ribbon' }), tip) };
      });
      const highlight = (group: number | null) => {
        for (const r of ribbons) r.path.setAttribute('opacity', group === null || r.chord.source.index === group || r.chord.target.index === group ? '1' : FADED);
      };
      const groups = svg('g', {});
      for (const g of layout.groups) {
        const node = p.nodes[g.index];
        const tip = `${node.name}: ${p.format(g.value)}`;
        const arc = withTitle(svg('path', { d: ringArc(inner, outer, g.startAngle, g.endAngle), fill: node.color, class: 'bi-chord-group', tabindex: 0, 'aria-label': tip }), tip);
        arc.addEventListener('mouseenter', () => highlight(g.index));
        arc.addEventListener('focus', () => highlight(g.index));
        arc.addEventListener('blur', () => highlight(null));
        groups.append(arc);
        // A label only where the arc is long enough to own it; the arc's tooltip names the rest.
        if ((g.endAngle - g.startAngle) * outer < fontPx) continue;
        const label = groupLabel(node.name, (g.startAngle + g.endAngle) / 2, outer + GAP, room, fontPx, p.theme.text);
        if (label) groups.append(label);
      }
      plot.append(...ribbons.map((r) => r.path), groups);
      root.addEventListener('mouseleave', () => highlight(null));
      root.append(plot);
      body.replaceChildren(h('div', {}, [root]));
    },
  });
}
