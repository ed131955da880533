/** SVG line chart of the period pivot: one line per period over the latest period's span. */
import { curveBasis, curveCardinal, curveLinear, curveMonotoneX, curveStepAfter, curveStepBefore, line, type CurveFactory } from 'd3-shape';
import { svg } from '../../shared/dom';
import { getNumberFormatter } from '../../shared/format';
import { estimateLabelWidth } from '../../shared/label-fit';
import { renderToggleLegend } from '../../shared/legend-toggle';
import { placeLegend } from '../../shared/legend-placement';
import { mountChart } from '../../shared/mount';
import { createTooltip, type Tooltip } from '../../shared/tooltip';
import { formatTimeAlone, formatTimeTicks } from '../../shared/year-aware-time';
import type { ChartInstance } from '../../types';
import { linearScale, logScale, type ContinuousScale } from '../svg-common/scales';
import { svgRoot, text, type Margins } from '../svg-common/svg';
import { timeTicks } from '../svg-common/time-ticks';
import type { LineInterpolation, TimePivotProps } from './types';

/** line_interpolation -> d3 curve (the names are NVD3's, which were d3 v3's). */
export const CURVES: Readonly<Record<LineInterpolation, CurveFactory>> = {
  linear: curveLinear,
  basis: curveBasis,
  cardinal: curveCardinal,
  monotone: curveMonotoneX,
  'step-before': curveStepBefore,
  'step-after': curveStepAfter,
};

/**
 * The plot is focusable: focus shows the values of every period at the latest step, Left and Right (Home,
 * End) step through the time steps, as hovering does with the pointer. The legend shows and hides periods.
 *
 * @example
 * renderTimePivot(container, transformTimePivotProps(input));
 */
export function renderTimePivot(element: HTMLElement, props: TimePivotProps): ChartInstance<TimePivotProps> {
  const hidden = new Set<string>();
  return mountChart(element, props, {
    draw(body, p) {
      body.replaceChildren();
      let legend: HTMLUListElement | undefined;
      if (p.showLegend) {
        legend = renderToggleLegend(p.series.map((s) => ({ key: s.name, name: s.name, color: s.color })), hidden, (name, visible) => {
          const i = p.series.findIndex((s) => s.name === name);
          body.querySelector<SVGPathElement>(`path.bi-time-pivot-line[data-series="${i}"]`)!.style.display = visible ? '' : 'none';
        });
      }
      const { plot, width, height } = placeLegend(body, legend, 'top', p.width, p.height);
      const tooltip = createTooltip(body);
      plot.append(chart(p, width, height, hidden, tooltip, body));
    },
  });
}

/** Axes, lines and the hover/keyboard layer. */
function chart(p: TimePivotProps, width: number, height: number, hidden: Set<string>, tooltip: Tooltip, body: HTMLElement): SVGSVGElement {
  const yFmt = getNumberFormatter(p.yFormat);
  const fontPx = p.theme.fontSize - 1;
  const yTickSample = linearScale(p.yDomain, [0, 1]).ticks(5).map((v) => yFmt.format(v));
  const m: Margins = {
    top: 8,
    right: 16,
    bottom: p.bottomMargin ?? 22 + (p.xLabel ? fontPx + 6 : 0),
    left: p.leftMargin ?? 10 + Math.max(24, ...yTickSample.map((t) => estimateLabelWidth(t, fontPx))) + (p.yLabel ? fontPx + 6 : 0),
  };
  const root = svgRoot(width, height, p.ariaLabel);
  root.setAttribute('role', 'group');
  const xMin = p.steps[0] ?? 0;
  const xMax = p.steps.at(-1) ?? 1;
  const x = linearScale([xMin, xMax], [m.left, width - m.right]);
  const y = (p.logScale ? logScale : linearScale)(p.yDomain, [height - m.bottom, m.top]);
  root.append(yAxis(p, y, m, width, yFmt.format), xAxis(p, x, m, height, width));
  const curve = CURVES[p.interpolation];
  const lines = svg('g', { class: 'bi-time-pivot-lines', fill: 'none', 'stroke-width': 2 });
  const paths = p.series.map((s, i) => {
    const d = line<{ x: number; y: number | null }>().defined((pt) => pt.y !== null).x((pt) => x(pt.x)).y((pt) => y(pt.y!)).curve(curve)(s.points) ?? '';
    const path = svg('path', { class: 'bi-time-pivot-line', 'data-series': i, d, stroke: s.color, 'stroke-linejoin': 'round' });
    if (hidden.has(s.name)) path.style.display = 'none';
    return path;
  });
  // Oldest first, so the current period is drawn on top.
  lines.append(...paths.slice().reverse());
  root.append(lines, hoverLayer(p, x, y, m, width, height, hidden, tooltip, body));
  return root;
}

function yAxis(p: TimePivotProps, y: ContinuousScale, m: Margins, width: number, format: (v: number) => string): SVGGElement {
  const g = svg('g', { class: 'bi-axis bi-axis-left', 'font-size': p.theme.fontSize - 1, fill: p.theme.mutedText });
  const ticks = y.ticks(5);
  if (p.yShowMinMax) ticks.push(...y.domain.filter((v) => !ticks.includes(v)));
  for (const v of ticks) {
    const py = y(v);
    g.append(svg('line', { x1: m.left, x2: width - m.right, y1: py, y2: py, stroke: p.theme.grid }));
    g.append(text(format(v), { x: m.left - 6, y: py, 'text-anchor': 'end', 'dominant-baseline': 'middle' }));
  }
  if (p.yLabel) {
    const cy = (y.domain.map(y).reduce((a, b) => a + b, 0)) / 2;
    g.append(text(p.yLabel, { x: 0, y: 0, transform: `translate(${p.theme.fontSize} ${cy}) rotate(-90)`, 'text-anchor': 'middle', fill: p.theme.text }));
  }
  return g;
}

function xAxis(p: TimePivotProps, x: ContinuousScale, m: Margins, height: number, width: number): SVGGElement {
  const g = svg('g', { class: 'bi-axis bi-axis-bottom', 'font-size': p.theme.fontSize - 1, fill: p.theme.mutedText });
  const [lo, hi] = x.domain;
  const count = Math.max(2, Math.floor((width - m.left - m.right) / 90));
  const ticks = timeTicks(lo, hi, count);
  if (p.xShowMinMax) ticks.push(...[lo, hi].filter((v) => !ticks.includes(v)));
  ticks.sort((a, b) => a - b);
  const labels = formatTimeTicks(p.xFormat, ticks);
  const base = height - m.bottom;
  g.append(svg('line', { x1: m.left, x2: width - m.right, y1: base, y2: base, stroke: p.theme.grid }));
  ticks.forEach((t, i) => g.append(text(labels[i], { x: x(t), y: base + 14, 'text-anchor': 'middle', class: 'bi-time-pivot-tick' })));
  if (p.xLabel) g.append(text(p.xLabel, { x: (m.left + width - m.right) / 2, y: height - 4, 'text-anchor': 'middle', fill: p.theme.text }));
  return g;
}

/** The index of the step nearest to pixel `px`. */
function nearestStep(steps: number[], x: ContinuousScale, px: number): number {
  let best = 0;
  for (let i = 1; i < steps.length; i++) if (Math.abs(x(steps[i]) - px) < Math.abs(x(steps[best]) - px)) best = i;
  return best;
}

/** A transparent rect over the plot: the pointer and the arrow keys pick a step; the tooltip lists every shown period there. */
function hoverLayer(p: TimePivotProps, x: ContinuousScale, y: ContinuousScale, m: Margins, width: number, height: number, hidden: Set<string>, tooltip: Tooltip, body: HTMLElement): SVGGElement {
  const g = svg('g', { class: 'bi-time-pivot-focus', tabindex: 0, role: 'img', 'aria-label': `${p.ariaLabel}. Use the arrow keys to read the values.` });
  const guide = svg('line', { y1: m.top, y2: height - m.bottom, stroke: p.theme.mutedText, 'stroke-dasharray': '3 3', visibility: 'hidden' });
  g.append(svg('rect', { x: m.left, y: m.top, width: width - m.left - m.right, height: height - m.top - m.bottom, fill: 'transparent' }), guide);
  let current = p.steps.length - 1;
  const show = (i: number) => {
    if (!p.steps.length) return;
    current = Math.max(0, Math.min(p.steps.length - 1, i));
    const step = p.steps[current];
    const px = x(step);
    guide.setAttribute('x1', String(px));
    guide.setAttribute('x2', String(px));
    guide.setAttribute('visibility', 'visible');
    const lines = p.series.filter((s) => !hidden.has(s.name)).flatMap((s) => {
      const j = s.points.findIndex((pt) => pt.x === step);
      return j < 0 ? [] : [{ color: s.color, label: `${s.name} (${formatTimeAlone(p.xFormat, s.points[j].t)})`, value: s.formatted[j] }];
    });
    const current0 = p.series[0]?.points.find((pt) => pt.x === step)?.y;
    // The tooltip lives in the body; the plot sits below the legend.
    const b = body.getBoundingClientRect();
    const r = (g.ownerSVGElement ?? body).getBoundingClientRect();
    tooltip.show(r.left - b.left + px, r.top - b.top + (current0 === null || current0 === undefined ? m.top : y(current0)), `${p.metric} · ${formatTimeAlone(p.xFormat, step)}`, lines);
    g.setAttribute('aria-label', `${formatTimeAlone(p.xFormat, step)}: ${lines.map((l) => `${l.label} ${l.value}`).join(', ')}`);
  };
  const hide = () => {
    tooltip.hide();
    guide.setAttribute('visibility', 'hidden');
  };
  g.addEventListener('mousemove', (event) => show(nearestStep(p.steps, x, (event as MouseEvent).clientX - (g.ownerSVGElement ?? body).getBoundingClientRect().left)));
  g.addEventListener('mouseleave', hide);
  g.addEventListener('focus', () => show(current));
  g.addEventListener('blur', hide);
  g.addEventListener('keydown', (event) => {
    const e = event as KeyboardEvent;
    const next = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: p.steps.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    show(next);
  });
  return g;
}
