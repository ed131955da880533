/** SVG histogram: grouped bars per bin (one per series), value axis with grid, bin labels, legend. */
import { h, svg } from '../../shared/dom';
import { getNumberFormatter } from '../../shared/format';
import { renderToggleLegend } from '../../shared/legend-toggle';
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import { bandScale, linearScale, niceDomain } from '../svg-common/scales';
import { categoryAxis, svgRoot, text, valueAxis, withTitle } from '../svg-common/svg';
import type { HistogramProps } from './types';

/**
 * @example
 * renderHistogram(container, transformHistogramProps(input));
 */
export function renderHistogram(element: HTMLElement, props: HistogramProps): ChartInstance<HistogramProps> {
  const hidden = new Set<string>();
  return mountChart(element, props, { draw });
  function draw(body: HTMLElement, p: HistogramProps): void {
    // Legend toggles redraw locally: hiding a series is a view state, not new props.
    const redraw = () => draw(body, p);
    const legend = p.showLegend && p.series.length > 1
      ? renderToggleLegend(p.series.map((s) => ({ key: s.name, name: s.name, color: s.color })), hidden, redraw)
      : undefined;
    body.replaceChildren(...(legend ? [legend] : []));
    const height = Math.max(60, p.height - (legend?.offsetHeight ?? 0));
    const fmt = getNumberFormatter(p.yFormat);
    const series = p.series.filter((s) => !hidden.has(s.name));
    const max = series.reduce((m, s) => Math.max(m, ...s.values), 0);
    const m = { top: 12, right: 12, bottom: p.xAxisTitle ? 44 : 28, left: p.yAxisTitle ? 64 : 48 };
    const y = linearScale(niceDomain(0, max), [height - m.bottom, m.top]);
    const x = bandScale(p.bins.length, [m.left, p.width - m.right], 0.1);
    const root = svgRoot(p.width, height, p.ariaLabel);
    root.append(valueAxis('left', y, m, p.width, height, (v) => fmt.format(v), p.theme));
    const inner = series.length ? x.bandwidth / series.length : 0;
    const bars = svg('g', { class: 'bi-bars' });
    p.bins.forEach((bin, b) => {
      series.forEach((s, k) => {
        const v = s.values[b];
        const top = y(Math.max(0, v));
        const rect = svg('rect', { x: x.start(b) + k * inner, y: top, width: Math.max(0, inner - 1), height: Math.max(0, y(0) - top), fill: s.color, class: 'bi-bar' });
        bars.append(withTitle(rect, `${s.name} ${bin}: ${fmt.format(v)}`));
        if (p.showValue && v) bars.append(text(fmt.format(v), { x: x.start(b) + (k + 0.5) * inner, y: top - 3, 'text-anchor': 'middle', 'font-size': p.theme.fontSize - 2, fill: p.theme.text }));
      });
    });
    root.append(bars);
    root.append(categoryAxis(p.bins, (i) => x.start(i) + x.bandwidth / 2, height - m.bottom + 14, x.step, p.theme, p.width));
    if (p.xAxisTitle) root.append(text(p.xAxisTitle, { x: (m.left + p.width - m.right) / 2, y: height - 6, 'text-anchor': 'middle', fill: p.theme.text }));
    if (p.yAxisTitle) root.append(text(p.yAxisTitle, { x: 12, y: (m.top + height - m.bottom) / 2, 'text-anchor': 'middle', transform: `rotate(-90 12 ${(m.top + height - m.bottom) / 2})`, fill: p.theme.text }));
    body.append(h('div', {}, [root]));
  }
}
