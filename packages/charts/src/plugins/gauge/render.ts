/** SVG gauge: an arc axis (with coloured intervals), progress arcs, pointers and the value label. */
import { h, svg } from '../../shared/dom';
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import { svgRoot, text, withTitle } from '../svg-common/svg';
import type { GaugeProps } from './types';

const rad = (deg: number) => (deg * Math.PI) / 180;

/**
 * An SVG arc path between two angles in the incumbent's convention (degrees, 0 = 3 o'clock,
 * counter-clockwise positive), so start 225 / end -45 sweeps clockwise over the top.
 *
 * @example
 * gaugeArc(50, 50, 40, 180, 0); // upper half circle
 */
export function gaugeArc(cx: number, cy: number, r: number, fromDeg: number, toDeg: number): string {
  const p = (deg: number) => `${(cx + r * Math.cos(rad(deg))).toFixed(2)},${(cy - r * Math.sin(rad(deg))).toFixed(2)}`;
  const sweep = Math.abs(toDeg - fromDeg);
  // SVG sweep-flag 1 is clockwise on screen, i.e. decreasing angles in this convention.
  const clockwise = toDeg < fromDeg ? 1 : 0;
  return `M${p(fromDeg)} A${r},${r} 0 ${sweep > 180 ? 1 : 0} ${clockwise} ${p(toDeg)}`;
}

/**
 * @example
 * renderGauge(container, transformGaugeProps(input));
 */
export function renderGauge(element: HTMLElement, props: GaugeProps): ChartInstance<GaugeProps> {
  return mountChart(element, props, {
    draw(body, p) {
      const root = svgRoot(p.width, p.height, p.ariaLabel);
      const cx = p.width / 2;
      const cy = p.height / 2 + p.height * 0.05;
      const radius = Math.max(10, Math.min(p.width, p.height) / 2 - 16);
      const band = Math.max(4, radius * 0.08);
      const at = (f: number) => p.startAngle + (p.endAngle - p.startAngle) * f;
      root.append(svg('path', { d: gaugeArc(cx, cy, radius, p.startAngle, p.endAngle), fill: 'none', stroke: p.theme.grid, 'stroke-width': band, class: 'bi-gauge-axis' }));
      for (const iv of p.intervals) {
        if (iv.to > iv.from) root.append(svg('path', { d: gaugeArc(cx, cy, radius, at(iv.from), at(iv.to)), fill: 'none', stroke: iv.color, 'stroke-width': band, class: 'bi-gauge-interval' }));
      }
      for (const t of p.ticks) {
        const a = rad(at(t.fraction));
        const r = radius - band - 10;
        root.append(text(t.label, { x: cx + r * Math.cos(a), y: cy - r * Math.sin(a), 'text-anchor': 'middle', 'dominant-baseline': 'middle', 'font-size': p.theme.fontSize - 2, fill: p.theme.mutedText }));
      }
      p.values.forEach((v, i) => {
        // Without overlap each value gets its own concentric ring inside the axis.
        const r = p.overlap ? radius : radius - i * (band + 2);
        // A small card has no room for every value's ring: a ring that would turn inside out is not drawn.
        if (p.showProgress && v.fraction > 0 && r > band / 2) {
          root.append(withTitle(svg('path', { d: gaugeArc(cx, cy, r, p.startAngle, at(v.fraction)), fill: 'none', stroke: v.color, 'stroke-width': band, 'stroke-linecap': p.roundCap ? 'round' : 'butt', class: 'bi-gauge-progress' }), `${v.name}: ${v.formatted}`));
        }
        if (p.showPointer) {
          const a = rad(at(v.fraction));
          const len = radius * 0.7;
          root.append(withTitle(svg('line', { x1: cx, y1: cy, x2: cx + len * Math.cos(a), y2: cy - len * Math.sin(a), stroke: v.color, 'stroke-width': 3, 'stroke-linecap': 'round', class: 'bi-gauge-pointer' }), `${v.name}: ${v.formatted}`));
        }
      });
      if (p.showPointer && p.values.length) root.append(svg('circle', { cx, cy, r: 4, fill: p.theme.text }));
      p.values.slice(0, 3).forEach((v, i) => {
        const label = p.values.length > 1 ? `${v.name}: ${v.formatted}` : v.formatted;
        root.append(text(label, { x: cx, y: cy + radius * 0.45 + i * (p.fontSize + 4), 'text-anchor': 'middle', 'font-size': p.fontSize, 'font-weight': 600, fill: p.theme.text, class: 'bi-gauge-value' }));
      });
      body.replaceChildren(h('div', {}, [root]));
    },
  });
}
