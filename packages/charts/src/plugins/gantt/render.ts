/** SVG Gantt chart: a row per category (or subcategory), a bar per event along a time axis. */
import { createCrossFilterMarks } from '../../shared/cross-filter-marks';
import { svg } from '../../shared/dom';
import { estimateLabelWidth, thinnedIndices, truncateLabel } from '../../shared/label-fit';
import { renderToggleLegend } from '../../shared/legend-toggle';
import { placeLegend } from '../../shared/legend-placement';
import { createMarkTooltips } from '../../shared/mark-tooltip';
import { mountChart } from '../../shared/mount';
import { formatTimeTicks } from '../../shared/year-aware-time';
import type { ChartInstance } from '../../types';
import { linearScale, type ContinuousScale } from '../svg-common/scales';
import { svgRoot, text, withTitle } from '../svg-common/svg';
import { timeTicks } from '../svg-common/time-ticks';
import type { GanttProps } from './types';

/** Share of a row's height a bar fills, leaving a gap between rows. */
const BAR_FILL = 0.8;
/** Widest share of the card the category names may take. */
const CATEGORY_WIDTH_SHARE = 0.3;

/**
 * Bars are focusable with their tooltip; on a dashboard they are cross-filter toggles on their series
 * value (or their category without a series). The legend shows and hides a series' bars.
 *
 * @example
 * renderGantt(container, transformGanttProps(input));
 */
export function renderGantt(element: HTMLElement, props: GanttProps): ChartInstance<GanttProps> {
  const marks = createCrossFilterMarks();
  const hidden = new Set<string>();
  return mountChart(element, props, {
    draw(body, p) {
      marks.begin(p);
      const legend = p.showLegend
        ? renderToggleLegend(p.legend.map((l) => ({ key: l.name, name: l.name, color: l.color })), hidden, (name, visible) => {
            body.querySelectorAll<SVGGElement>('g.bi-gantt-bar').forEach((bar, j) => {
              if (p.bars[j].series === name) bar.style.display = visible ? '' : 'none';
            });
          })
        : undefined;
      body.replaceChildren();
      const tips = createMarkTooltips(body);
      const { plot, width, height } = placeLegend(body, legend, p.legendOrientation, p.width, p.height);
      const fontPx = p.theme.fontSize - 1;
      const names = p.categories.reduce((w, c) => Math.max(w, estimateLabelWidth(c.name, fontPx)), 0);
      const titleRoom = p.yAxisTitle ? 18 : 0;
      const m = { top: 8, right: 16, bottom: 24 + (p.xAxisTitle ? 18 : 0), left: Math.min(width * CATEGORY_WIDTH_SHARE, names) + 12 + titleRoom };
      const x = linearScale(p.domain, [m.left, width - m.right]);
      const rowH = p.rowCount ? Math.max(0, height - m.top - m.bottom) / p.rowCount : 0;
      const root = svgRoot(width, height, p.ariaLabel);
      // Bars are focusable; an image's children would be hidden from assistive technology.
      root.setAttribute('role', 'group');
      root.append(timeAxis(p, x, m, width, height), categoryRows(p, m, rowH, width, titleRoom));
      const bars = svg('g', { class: 'bi-gantt-bars' });
      const column = p.onCrossFilter ? p.crossFilterColumn : null;
      p.bars.forEach((bar) => {
        const g = svg('g', { class: 'bi-gantt-bar' });
        if (hidden.has(bar.series)) g.style.display = 'none';
        // Events reaching past the axis bounds are cut at them.
        const left = Math.max(m.left, x(bar.start));
        const right = Math.min(width - m.right, x(bar.end));
        const barH = rowH * BAR_FILL;
        g.append(svg('rect', { x: left, y: m.top + bar.row * rowH + (rowH - barH) / 2, width: Math.max(right > left ? 1 : 0, right - left), height: barH, fill: bar.color, rx: 2 }));
        tips.attach(g, { title: bar.tooltipTitle, lines: bar.tooltipLines });
        if (column) marks.add(g, `Filter by ${bar.tooltipTitle}`, column, bar.filterValue, p);
        else {
          g.setAttribute('tabindex', '0');
          g.setAttribute('role', 'img');
          g.setAttribute('aria-label', `${bar.tooltipTitle}: ${bar.tooltipLines.map((l) => `${l.label} ${l.value}`).join(', ')}`);
        }
        bars.append(g);
      });
      root.append(bars);
      marks.highlight();
      if (p.xAxisTitle) root.append(text(p.xAxisTitle, { x: (m.left + width - m.right) / 2, y: height - 4, 'text-anchor': 'middle', fill: p.theme.mutedText }));
      if (p.yAxisTitle) root.append(text(p.yAxisTitle, { x: 12, y: (m.top + height - m.bottom) / 2, 'text-anchor': 'middle', transform: `rotate(-90 12 ${(m.top + height - m.bottom) / 2})`, fill: p.theme.mutedText }));
      plot.append(root);
    },
  });
}

/** Time ticks with grid lines across the rows, labels kept apart (the year where ticks need it). */
function timeAxis(p: GanttProps, x: ContinuousScale, m: { top: number; right: number; bottom: number; left: number }, width: number, height: number): SVGGElement {
  const fontPx = p.theme.fontSize - 1;
  const g = svg('g', { class: 'bi-axis bi-axis-time', 'font-size': fontPx, fill: p.theme.mutedText });
  const ticks = timeTicks(p.domain[0], p.domain[1], Math.max(2, Math.floor((width - m.left - m.right) / 90)));
  const labels = formatTimeTicks(p.xAxisTimeFormat, ticks);
  const widest = labels.reduce((w, l) => Math.max(w, estimateLabelWidth(l, fontPx)), 0);
  for (const i of thinnedIndices(ticks.length, width - m.left - m.right, widest + 12)) {
    const px = x(ticks[i]);
    g.append(svg('line', { x1: px, x2: px, y1: m.top, y2: height - m.bottom, stroke: p.theme.grid }));
    g.append(text(labels[i], { x: px, y: height - m.bottom + 14, 'text-anchor': 'middle' }));
  }
  return g;
}

/** Category names at the left, dashed lines between categories. */
function categoryRows(p: GanttProps, m: { top: number; left: number; right: number }, rowH: number, width: number, titleRoom: number): SVGGElement {
  const fontPx = p.theme.fontSize - 1;
  const g = svg('g', { class: 'bi-gantt-categories', 'font-size': fontPx, fill: p.theme.text });
  p.categories.forEach((c, i) => {
    const top = m.top + c.firstRow * rowH;
    const bottom = top + c.rowCount * rowH;
    if (i < p.categories.length - 1) g.append(svg('line', { x1: m.left, x2: width - m.right, y1: bottom, y2: bottom, stroke: p.theme.grid, 'stroke-dasharray': '4 3' }));
    const shown = truncateLabel(c.name, m.left - titleRoom - 12, fontPx);
    if (!shown) return;
    const label = text(shown, { x: m.left - 8, y: (top + bottom) / 2, 'text-anchor': 'end', 'dominant-baseline': 'middle' });
    g.append(shown === c.name ? label : withTitle(label, c.name));
  });
  return g;
}
