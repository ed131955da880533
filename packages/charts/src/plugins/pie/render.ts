/** SVG pie/donut renderer with a DOM legend and per-slice tooltips (<title>). */
import { h, svg } from '../../shared/dom';
import { renderLegend } from '../../shared/legend';
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import type { PieProps } from './types';

/** SVG path of an annular sector (angles in radians, clockwise from 12 o'clock). */
export function arcPath(cx: number, cy: number, r0: number, r1: number, a0: number, a1: number): string {
  const large = a1 - a0 > Math.PI ? 1 : 0;
  const p = (r: number, a: number) => `${(cx + r * Math.sin(a)).toFixed(2)},${(cy - r * Math.cos(a)).toFixed(2)}`;
  // A full circle cannot be one arc; two halves close it.
  if (a1 - a0 >= Math.PI * 2 - 1e-9) return `${arcPath(cx, cy, r0, r1, a0, a0 + Math.PI)} ${arcPath(cx, cy, r0, r1, a0 + Math.PI, a1 - 1e-9)}`;
  const outer = `M${p(r1, a0)} A${r1},${r1} 0 ${large} 1 ${p(r1, a1)}`;
  return r0 > 0 ? `${outer} L${p(r0, a1)} A${r0},${r0} 0 ${large} 0 ${p(r0, a0)} Z` : `${outer} L${cx},${cy} Z`;
}

/**
 * @example
 * renderPie(container, transformPieProps(input));
 */
export function renderPie(element: HTMLElement, props: PieProps): ChartInstance<PieProps> {
  return mountChart(element, props, {
    draw(body, p) {
      const legend = p.showLegend ? renderLegend(p.slices.map((s) => ({ name: s.name, color: s.color, visible: true }))) : undefined;
      body.replaceChildren(...(legend ? [legend] : []));
      const height = Math.max(50, p.height - (legend?.offsetHeight ?? 0));
      const root = svg('svg', { width: p.width, height, role: 'img', 'aria-label': p.ariaLabel });
      const cx = p.width / 2;
      const cy = height / 2;
      const half = Math.min(p.width, height) / 2;
      const r1 = (half * p.outerRadius) / 100;
      const r0 = p.donut ? (half * p.innerRadius) / 100 : 0;
      let a = 0;
      for (const s of p.slices) {
        const a1 = a + s.percent * Math.PI * 2;
        const path = svg('path', { d: arcPath(cx, cy, r0, r1, a, a1), fill: s.color, stroke: p.theme.background, 'stroke-width': 1 });
        const title = svg('title');
        title.textContent = `${s.name}: ${s.value} (${(s.percent * 100).toFixed(2)}%)`;
        path.append(title);
        root.append(path);
        if (s.label) {
          const mid = (a + a1) / 2;
          const rl = p.labelsOutside ? r1 + 12 : (r0 + r1) / 2;
          const text = svg('text', { x: cx + rl * Math.sin(mid), y: cy - rl * Math.cos(mid), 'text-anchor': p.labelsOutside ? (Math.sin(mid) >= 0 ? 'start' : 'end') : 'middle', 'dominant-baseline': 'middle', fill: p.theme.text, 'font-size': p.theme.fontSize });
          text.textContent = s.label;
          root.append(text);
        }
        a = a1;
      }
      body.append(h('div', {}, [root]));
    },
  });
}
