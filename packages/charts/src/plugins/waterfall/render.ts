/** SVG waterfall: a floating bar per step, coloured by kind, on a category axis with a value axis. */
import { legibleOn, relativeLuminance } from '../../colors/readable-text';
import { createCrossFilterMarks } from '../../shared/cross-filter-marks';
import { h, svg } from '../../shared/dom';
import { getNumberFormatter } from '../../shared/format';
import { estimateLabelWidth } from '../../shared/label-fit';
import { renderToggleLegend } from '../../shared/legend-toggle';
import { createMarkTooltips } from '../../shared/mark-tooltip';
import { mountChart } from '../../shared/mount';
import { resolveCssColor } from '../../shared/theme-colors';
import type { ChartInstance } from '../../types';
import { rotatedAxisHeight, rotatedCategoryAxis } from '../svg-common/rotated-axis';
import { bandScale, linearScale, niceDomain } from '../svg-common/scales';
import { categoryAxis, svgRoot, text, valueAxis } from '../svg-common/svg';
import type { WaterfallKind, WaterfallProps } from './types';

const KINDS: readonly WaterfallKind[] = ['increase', 'decrease', 'total'];
/** Surfaces darker than this relative luminance are dark (the dark theme's surface is about 0.02). */
const DARK_SURFACE = 0.2;

/** The tick angle of an x_ticks_layout; 0 for the layouts that keep labels flat. */
function tickAngle(layout: string): number {
  if (layout === '90°') return 90;
  return layout === '45°' || layout === 'staggered' ? 45 : 0;
}

/**
 * The bar colours on the surface they are drawn on: the saved colours on a light page, lifted to stand
 * out at 3:1 on a dark one (the default total grey, #666666, nearly vanishes on the dark theme).
 */
function colorsOnSurface(colors: Record<WaterfallKind, string>, surface: string): Record<WaterfallKind, string> {
  const luminance = relativeLuminance(surface);
  if (luminance === null || luminance >= DARK_SURFACE) return colors;
  return { increase: legibleOn(colors.increase, surface), decrease: legibleOn(colors.decrease, surface), total: legibleOn(colors.total, surface) };
}

/**
 * Bars are cross-filter toggles on a dashboard when they stand for one value of a plain column (the
 * breakdown, or a categorical x); totals are not. The legend toggles a kind of bars on and off.
 *
 * @example
 * renderWaterfall(container, transformWaterfallProps(input));
 */
export function renderWaterfall(element: HTMLElement, props: WaterfallProps): ChartInstance<WaterfallProps> {
  const marks = createCrossFilterMarks();
  const hidden = new Set<WaterfallKind>();
  return mountChart(element, props, {
    // Bar colours are lifted on a dark surface: a theme switch recomputes them.
    redrawOnThemeChange: true,
    draw(body, p) {
      marks.begin(p);
      const colors = colorsOnSurface(p.colors, resolveCssColor(body, p.theme.background));
      let legend: HTMLUListElement | undefined;
      if (p.showLegend) {
        legend = renderToggleLegend(KINDS.map((k) => ({ key: k, name: p.names[k], color: colors[k] })), hidden, (kind, visible) => {
          for (const bar of body.querySelectorAll<SVGGElement>(`g.bi-waterfall-bar[data-kind="${kind}"]`)) bar.style.display = visible ? '' : 'none';
        });
      }
      body.replaceChildren(...(legend ? [legend] : []));
      const tips = createMarkTooltips(body);
      const height = Math.max(60, p.height - (legend?.offsetHeight ?? 0));
      const fmt = getNumberFormatter(p.yAxisFormat);
      const values = p.bars.flatMap((b) => [b.start, b.end]);
      const [lo, hi] = niceDomain(Math.min(0, ...values), Math.max(0, ...values));
      const fontPx = p.theme.fontSize - 1;
      const widestTick = [lo, hi].reduce((w, v) => Math.max(w, estimateLabelWidth(fmt.format(v), fontPx)), 0);
      const angle = tickAngle(p.xTicksLayout);
      const labels = p.bars.map((b) => b.label);
      const axisHeight = angle ? rotatedAxisHeight(labels, angle, fontPx) : 24;
      const m = { top: 16, right: 12, bottom: axisHeight + (p.xAxisLabel ? 18 : 0), left: widestTick + 14 + (p.yAxisLabel ? 18 : 0) };
      const y = linearScale([lo, hi], [height - m.bottom, m.top]);
      const x = bandScale(p.bars.length, [m.left, p.width - m.right], 0.2);
      const root = svgRoot(p.width, height, p.ariaLabel);
      const column = p.onCrossFilter ? p.crossFilterColumn : null;
      // Every bar is focusable (its tooltip shows on focus); an image's children would be hidden from assistive technology.
      root.setAttribute('role', 'group');
      root.append(valueAxis('left', y, m, p.width, height, (v) => fmt.format(v), p.theme));
      const plot = svg('g', { class: 'bi-waterfall-bars' });
      p.bars.forEach((bar, i) => {
        const top = y(Math.max(bar.start, bar.end));
        const bottom = y(Math.min(bar.start, bar.end));
        const g = svg('g', { class: 'bi-waterfall-bar', 'data-kind': bar.kind });
        if (hidden.has(bar.kind)) g.style.display = 'none';
        g.append(svg('rect', { x: x.start(i), y: top, width: x.bandwidth, height: Math.max(1, bottom - top), fill: colors[bar.kind] }));
        // A value wider than its bar would run into its neighbours' values: the tooltip still has it.
        if (bar.valueLabel && estimateLabelWidth(bar.valueLabel, fontPx) <= x.step) {
          const below = bar.kind === 'decrease';
          g.append(text(bar.valueLabel, { x: x.start(i) + x.bandwidth / 2, y: below ? bottom + fontPx + 2 : top - 4, 'text-anchor': 'middle', 'font-size': fontPx, fill: p.theme.text, 'pointer-events': 'none' }));
        }
        tips.attach(g, { title: bar.tooltipTitle, lines: bar.tooltipLines.map((l) => ({ ...l, color: l.label === p.names.total ? colors.total : colors[bar.kind] })) });
        if (column && bar.filterValue !== undefined) marks.add(g, `Filter by ${bar.label}`, column, bar.filterValue, p);
        else {
          g.setAttribute('tabindex', '0');
          g.setAttribute('role', 'img');
          g.setAttribute('aria-label', `${bar.tooltipTitle}: ${bar.tooltipLines.map((l) => `${l.label} ${l.value}`).join(', ')}`);
        }
        plot.append(g);
      });
      root.append(plot);
      marks.highlight();
      const center = (i: number) => x.start(i) + x.bandwidth / 2;
      const axisY = height - m.bottom;
      root.append(angle ? rotatedCategoryAxis(labels, center, axisY + 6, angle, p.theme) : categoryAxis(labels, center, axisY + 14, x.step, p.theme, p.width));
      if (p.xAxisLabel) root.append(text(p.xAxisLabel, { x: (m.left + p.width - m.right) / 2, y: height - 4, 'text-anchor': 'middle', fill: p.theme.mutedText }));
      if (p.yAxisLabel) root.append(text(p.yAxisLabel, { x: 12, y: (m.top + height - m.bottom) / 2, 'text-anchor': 'middle', transform: `rotate(-90 12 ${(m.top + height - m.bottom) / 2})`, fill: p.theme.mutedText }));
      body.append(h('div', {}, [root]));
    },
  });
}
