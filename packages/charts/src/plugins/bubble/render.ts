/** SVG bubble chart: linear or log axes, one circle per entity (largest drawn first), legend. */
import { h, svg } from '../../shared/dom';
import { getNumberFormatter } from '../../shared/format';
import { renderLegend } from '../../shared/legend';
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import { linearScale, logScale, niceDomain } from '../svg-common/scales';
import { svgRoot, text, valueAxis, withTitle } from '../svg-common/svg';
import type { BubbleProps } from './types';

const extent = (values: number[]): [number, number] => (values.length ? [Math.min(...values), Math.max(...values)] : [0, 1]);

/**
 * @example
 * renderBubble(container, transformBubbleProps(input));
 */
export function renderBubble(element: HTMLElement, props: BubbleProps): ChartInstance<BubbleProps> {
  return mountChart(element, props, {
    draw(body, p) {
      const legend = p.showLegend && p.legend.length ? renderLegend(p.legend.map((l) => ({ ...l, visible: true }))) : undefined;
      body.replaceChildren(...(legend ? [legend] : []));
      const height = Math.max(60, p.height - (legend?.offsetHeight ?? 0));
      const pad = Math.max(0, ...p.bubbles.map((b) => b.diameter)) / 2;
      const m = { top: 8 + pad, right: 8 + pad, bottom: (p.xAxisLabel ? 40 : 24) + pad, left: (p.yAxisLabel ? 60 : 44) + pad };
      const [x0, x1] = extent(p.bubbles.map((b) => b.x));
      const [y0, y1] = extent(p.bubbles.map((b) => b.y));
      const x = p.logX ? logScale([x0, x1], [m.left, p.width - m.right]) : linearScale(niceDomain(x0, x1), [m.left, p.width - m.right]);
      const y = p.logY ? logScale([y0, y1], [height - m.bottom, m.top]) : linearScale(niceDomain(y0, y1), [height - m.bottom, m.top]);
      const root = svgRoot(p.width, height, p.ariaLabel);
      const xf = getNumberFormatter(p.xFormat);
      const yf = getNumberFormatter(p.yFormat);
      root.append(valueAxis('left', y, m, p.width, height, (v) => yf.format(v), p.theme));
      root.append(valueAxis('bottom', x, m, p.width, height, (v) => xf.format(v), p.theme));
      // Big bubbles first so small ones stay visible (and hoverable) on top.
      const order = p.bubbles.map((_, i) => i).sort((a, b) => p.bubbles[b].diameter - p.bubbles[a].diameter || a - b);
      const g = svg('g', { class: 'bi-bubbles' });
      for (const i of order) {
        const b = p.bubbles[i];
        g.append(withTitle(svg('circle', { cx: x(b.x), cy: y(b.y), r: b.diameter / 2, fill: b.color, 'fill-opacity': p.opacity, stroke: b.color, class: 'bi-bubble' }), b.tooltip));
      }
      root.append(g);
      if (p.xAxisLabel) root.append(text(p.xAxisLabel, { x: p.width / 2, y: height - 4, 'text-anchor': 'middle', fill: p.theme.text }));
      if (p.yAxisLabel) root.append(text(p.yAxisLabel, { x: 12, y: height / 2, 'text-anchor': 'middle', transform: `rotate(-90 12 ${height / 2})`, fill: p.theme.text }));
      body.append(h('div', {}, [root]));
    },
  });
}
