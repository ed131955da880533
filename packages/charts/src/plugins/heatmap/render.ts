/** SVG heatmap: one rect per cell, axis labels, optional values and a continuous gradient legend. */
import { h, svg } from '../../shared/dom';
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import { bandScale } from '../svg-common/scales';
import { categoryAxis, svgRoot, text, withTitle } from '../svg-common/svg';
import type { HeatmapProps } from './types';

let gradientIds = 0;

/**
 * @example
 * renderHeatmap(container, transformHeatmapProps(input));
 */
export function renderHeatmap(element: HTMLElement, props: HeatmapProps): ChartInstance<HeatmapProps> {
  // Unique per mount: two heatmaps on one page must not share a gradient id.
  const gradientId = `bi-heatmap-gradient-${++gradientIds}`;
  return mountChart(element, props, {
    draw(body, p) {
      const longestY = p.yLabels.reduce((n, l) => Math.max(n, l.length), 0);
      const legendH = p.showLegend ? 28 : 0;
      const m = { top: 8 + legendH, right: 8, bottom: 24, left: Math.min(p.width / 3, 12 + longestY * 6.5) };
      const x = bandScale(p.xLabels.length, [m.left, p.width - m.right], 0.04);
      const y = bandScale(p.yLabels.length, [m.top, p.height - m.bottom], 0.04);
      const root = svgRoot(p.width, p.height, p.ariaLabel);
      if (p.showLegend) {
        const grad = svg('linearGradient', { id: gradientId });
        p.legendStops.forEach((c, i) => grad.append(svg('stop', { offset: `${(i / (p.legendStops.length - 1)) * 100}%`, 'stop-color': c })));
        const defs = svg('defs');
        defs.append(grad);
        const lx = p.width - m.right - 160;
        root.append(defs, svg('rect', { x: lx, y: 6, width: 120, height: 10, fill: `url(#${gradientId})`, class: 'bi-heatmap-legend' }));
        root.append(text(p.legendMin, { x: lx - 4, y: 15, 'text-anchor': 'end', 'font-size': p.theme.fontSize - 2, fill: p.theme.mutedText }));
        root.append(text(p.legendMax, { x: lx + 124, y: 15, 'font-size': p.theme.fontSize - 2, fill: p.theme.mutedText }));
      }
      const grid = svg('g', { class: 'bi-heatmap-cells' });
      for (const c of p.cells) {
        grid.append(withTitle(svg('rect', { x: x.start(c.x), y: y.start(c.y), width: Math.max(0, x.bandwidth), height: Math.max(0, y.bandwidth), fill: c.color, class: 'bi-heatmap-cell' }), c.tooltip));
        if (c.label && x.bandwidth > c.label.length * 5) {
          grid.append(text(c.label, { x: x.start(c.x) + x.bandwidth / 2, y: y.start(c.y) + y.bandwidth / 2, 'text-anchor': 'middle', 'dominant-baseline': 'middle', 'font-size': p.theme.fontSize - 1, fill: p.theme.text }));
        }
      }
      root.append(grid);
      root.append(categoryAxis(p.xLabels, (i) => x.start(i) + x.bandwidth / 2, p.height - m.bottom + 14, x.step, p.theme));
      const yAxis = svg('g', { class: 'bi-axis bi-axis-y', 'font-size': p.theme.fontSize - 1, fill: p.theme.mutedText });
      // Thin the row labels like the x labels when rows are shorter than the text.
      const every = Math.max(1, Math.ceil(p.theme.fontSize / Math.max(1, y.step)));
      p.yLabels.forEach((l, i) => {
        if (i % every === 0) yAxis.append(text(l, { x: m.left - 4, y: y.start(i) + y.bandwidth / 2, 'text-anchor': 'end', 'dominant-baseline': 'middle' }));
      });
      root.append(yAxis);
      body.replaceChildren(h('div', {}, [root]));
    },
  });
}
