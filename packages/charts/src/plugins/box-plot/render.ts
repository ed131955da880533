/** SVG box plot: per box a whisker line, a q1..q3 rectangle, a median line and outlier dots. */
import { createCrossFilterMarks } from '../../shared/cross-filter-marks';
import { h, svg } from '../../shared/dom';
import { getNumberFormatter } from '../../shared/format';
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import { bandScale, linearScale, niceDomain } from '../svg-common/scales';
import { categoryAxis, svgRoot, text, valueAxis, withTitle } from '../svg-common/svg';
import type { BoxPlotProps } from './types';

/**
 * Boxes are cross-filter toggles when the host passes `onCrossFilter` and there is one groupby column and
 * one metric: a click (Enter, Space) on a box filters other charts by its group.
 *
 * @example
 * renderBoxPlot(container, transformBoxPlotProps(input));
 */
export function renderBoxPlot(element: HTMLElement, props: BoxPlotProps): ChartInstance<BoxPlotProps> {
  const marks = createCrossFilterMarks();
  return mountChart(element, props, {
    draw(body, p) {
      marks.begin(p);
      const column = p.onCrossFilter ? p.crossFilterColumn : null;
      const fmt = getNumberFormatter(p.numberFormat);
      const all = p.boxes.flatMap((b) => [b.min, b.max, ...b.outliers]).filter(Number.isFinite);
      const m = { top: 12, right: 12, bottom: p.xAxisTitle ? 44 : 28, left: p.yAxisTitle ? 64 : 48 };
      const y = linearScale(niceDomain(all.length ? Math.min(...all) : 0, all.length ? Math.max(...all) : 1), [p.height - m.bottom, m.top]);
      const x = bandScale(p.boxes.length, [m.left, p.width - m.right], 0.4);
      const root = svgRoot(p.width, p.height, p.ariaLabel);
      // An image's children are hidden from assistive technology; toggles must not be.
      if (column) root.setAttribute('role', 'group');
      root.append(valueAxis('left', y, m, p.width, p.height, (v) => fmt.format(v), p.theme));
      p.boxes.forEach((b, i) => {
        const g = svg('g', { class: 'bi-box' });
        const x0 = x.start(i);
        const cx = x0 + x.bandwidth / 2;
        const stroke = { stroke: b.color, 'stroke-width': 1.5 };
        g.append(svg('line', { x1: cx, x2: cx, y1: y(b.min), y2: y(b.max), ...stroke }));
        for (const w of [b.min, b.max]) g.append(svg('line', { x1: cx - x.bandwidth / 4, x2: cx + x.bandwidth / 4, y1: y(w), y2: y(w), ...stroke }));
        const title = `${b.name}\nmax: ${fmt.format(b.max)}\nQ3: ${fmt.format(b.q3)}\nmedian: ${fmt.format(b.median)}\nQ1: ${fmt.format(b.q1)}\nmin: ${fmt.format(b.min)}\nmean: ${fmt.format(b.mean)}\ncount: ${b.count}`;
        g.append(withTitle(svg('rect', { x: x0, y: y(b.q3), width: Math.max(0, x.bandwidth), height: Math.max(0, y(b.q1) - y(b.q3)), fill: p.theme.background, ...stroke, class: 'bi-box-iqr' }), title));
        g.append(svg('line', { x1: x0, x2: x0 + x.bandwidth, y1: y(b.median), y2: y(b.median), stroke: b.color, 'stroke-width': 2.5, class: 'bi-box-median' }));
        for (const o of b.outliers) g.append(withTitle(svg('circle', { cx, cy: y(o), r: 3, fill: 'none', stroke: b.color, class: 'bi-box-outlier' }), `${b.name}: ${fmt.format(o)}`));
        if (column) marks.add(g, `Filter by ${b.name}`, column, p.boxValues[i], p);
        root.append(g);
      });
      marks.highlight();
      root.append(categoryAxis(p.boxes.map((b) => b.name), (i) => x.start(i) + x.bandwidth / 2, p.height - m.bottom + 14, x.step, p.theme, p.width));
      if (p.xAxisTitle) root.append(text(p.xAxisTitle, { x: (m.left + p.width - m.right) / 2, y: p.height - 6, 'text-anchor': 'middle', fill: p.theme.text }));
      if (p.yAxisTitle) root.append(text(p.yAxisTitle, { x: 12, y: p.height / 2, 'text-anchor': 'middle', transform: `rotate(-90 12 ${p.height / 2})`, fill: p.theme.text }));
      body.replaceChildren(h('div', {}, [root]));
    },
  });
}
