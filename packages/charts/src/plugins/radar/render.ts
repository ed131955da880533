/** SVG radar: a spoke per metric, grid rings, and a closed line per group with a dot at each value. */
import { createCrossFilterMarks } from '../../shared/cross-filter-marks';
import { svg } from '../../shared/dom';
import { estimateLabelWidth, truncateLabel } from '../../shared/label-fit';
import { renderToggleLegend } from '../../shared/legend-toggle';
import { placeLegend } from '../../shared/legend-placement';
import { createMarkTooltips } from '../../shared/mark-tooltip';
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import { svgRoot, text } from '../svg-common/svg';
import type { RadarProps } from './types';

const RINGS = 5;
/** Widest an axis name may get before it is cut (its tooltip and the series' labels still name it). */
const AXIS_LABEL_MAX = 140;

/**
 * The point at `fraction` of the radius on spoke `index` of `count`: the first spoke points up and the
 * others follow counter-clockwise, as the incumbent's radar lays them out.
 *
 * @example
 * spokePoint(0, 4, 1, { cx: 100, cy: 100, r: 50 }); // [100, 50]
 */
export function spokePoint(index: number, count: number, fraction: number, c: { cx: number; cy: number; r: number }): [number, number] {
  const angle = Math.PI / 2 + (2 * Math.PI * index) / Math.max(1, count);
  return [c.cx + c.r * fraction * Math.cos(angle), c.cy - c.r * fraction * Math.sin(angle)];
}

/**
 * Each series is focusable and shows its values in a tooltip; on a dashboard with one groupby column it
 * is a cross-filter toggle (the incumbent's radar filters on the series' group). The legend shows and
 * hides series.
 *
 * @example
 * renderRadar(container, transformRadarProps(input));
 */
export function renderRadar(element: HTMLElement, props: RadarProps): ChartInstance<RadarProps> {
  const marks = createCrossFilterMarks();
  const hidden = new Set<string>();
  return mountChart(element, props, {
    draw(body, p) {
      marks.begin(p);
      let legend: HTMLUListElement | undefined;
      if (p.showLegend) {
        legend = renderToggleLegend(p.series.map((s) => ({ key: s.name, name: s.name, color: s.color })), hidden, (name, visible) => {
          const i = p.series.findIndex((s) => s.name === name);
          body.querySelectorAll<SVGGElement>('g.bi-radar-series')[i].style.display = visible ? '' : 'none';
        });
      }
      body.replaceChildren();
      const tips = createMarkTooltips(body);
      const { plot, width, height } = placeLegend(body, legend, p.legendOrientation, p.width, p.height);
      const root = svgRoot(width, height, p.ariaLabel);
      // Series are focusable; an image's children would be hidden from assistive technology.
      root.setAttribute('role', 'group');
      const fontPx = p.theme.fontSize;
      const c = { cx: width / 2, cy: height / 2, r: fittedRadius(p.axes.map((a) => Math.min(AXIS_LABEL_MAX, estimateLabelWidth(a.name, fontPx))), width, height, fontPx) };
      root.append(grid(p, c), axisNames(p, c, width));
      const column = p.onCrossFilter ? p.crossFilterColumn : null;
      p.series.forEach((s) => {
        const points = s.positions.map((f, j) => spokePoint(j, p.axes.length, f, c));
        const g = svg('g', { class: 'bi-radar-series' });
        if (hidden.has(s.name)) g.style.display = 'none';
        g.append(svg('polygon', { points: points.map(([x, y]) => `${x},${y}`).join(' '), fill: s.color, 'fill-opacity': 0.08, stroke: s.color, 'stroke-width': 2, 'stroke-linejoin': 'round' }));
        points.forEach(([x, y], j) => {
          g.append(svg('circle', { cx: x, cy: y, r: 3, fill: p.theme.background, stroke: s.color, 'stroke-width': 1.5 }));
          if (s.labels[j]) g.append(text(s.labels[j], { x, y: y - 7, 'text-anchor': 'middle', 'font-size': fontPx - 1, fill: p.theme.text, 'pointer-events': 'none' }));
        });
        tips.attach(g, { title: s.name, lines: p.axes.map((a, j) => ({ color: s.color, label: a.name, value: s.formatted[j] })) });
        if (column && s.filterValue !== undefined) marks.add(g, `Filter by ${s.name}`, column, s.filterValue, p);
        else {
          g.setAttribute('tabindex', '0');
          g.setAttribute('role', 'img');
          g.setAttribute('aria-label', `${s.name}: ${p.axes.map((a, j) => `${a.name} ${s.formatted[j]}`).join(', ')}`);
        }
        root.append(g);
      });
      marks.highlight();
      plot.append(root);
    },
  });
}

/** Gap between a spoke's end and its name. */
const NAME_GAP = 8;

/**
 * The largest radius at which every axis name still fits beside its spoke: a name sticks out sideways
 * from a spoke pointing left or right, upwards or downwards from one pointing up or down.
 *
 * @example
 * fittedRadius([40, 40, 40], 300, 300, 12); // the sideways spokes' names bound it
 */
export function fittedRadius(nameWidths: number[], width: number, height: number, fontPx: number): number {
  let r = Math.min(width, height) / 2 - NAME_GAP - fontPx;
  nameWidths.forEach((w, j) => {
    const [x, y] = spokePoint(j, nameWidths.length, 1, { cx: 0, cy: 0, r: 1 });
    if (Math.abs(x) > 0.01) r = Math.min(r, (width / 2 - NAME_GAP - w - 2) / Math.abs(x));
    if (Math.abs(y) > 0.01) r = Math.min(r, (height / 2 - NAME_GAP - fontPx - 2) / Math.abs(y));
  });
  // On a card too small for the names a small radar is still drawn: the names are cut to the room left.
  return Math.max(Math.min(width, height) / 6, r);
}

/** Rings (circles or polygons) and spokes. */
function grid(p: RadarProps, c: { cx: number; cy: number; r: number }): SVGGElement {
  const g = svg('g', { class: 'bi-radar-grid', fill: 'none', stroke: p.theme.grid });
  for (let i = 1; i <= RINGS; i++) {
    const f = i / RINGS;
    if (p.circle || p.axes.length < 3) g.append(svg('circle', { cx: c.cx, cy: c.cy, r: c.r * f }));
    else g.append(svg('polygon', { points: p.axes.map((_, j) => spokePoint(j, p.axes.length, f, c).join(',')).join(' ') }));
  }
  p.axes.forEach((_, j) => {
    const [x, y] = spokePoint(j, p.axes.length, 1, c);
    g.append(svg('line', { x1: c.cx, y1: c.cy, x2: x, y2: y }));
  });
  return g;
}

/** Metric names beyond the spokes' ends, anchored away from the centre and cut to the room beside the chart. */
function axisNames(p: RadarProps, c: { cx: number; cy: number; r: number }, width: number): SVGGElement {
  const g = svg('g', { class: 'bi-radar-axis', 'font-size': p.theme.fontSize, fill: p.theme.mutedText });
  p.axes.forEach((a, j) => {
    const [x, y] = spokePoint(j, p.axes.length, 1, { ...c, r: c.r + NAME_GAP });
    const dx = x - c.cx;
    const anchor = Math.abs(dx) < 1 ? 'middle' : dx > 0 ? 'start' : 'end';
    const room = anchor === 'middle' ? width : anchor === 'start' ? width - x - 2 : x - 2;
    const label = truncateLabel(a.name, room, p.theme.fontSize);
    if (label) g.append(text(label, { x, y, 'text-anchor': anchor, 'dominant-baseline': y < c.cy - 1 ? 'auto' : y > c.cy + 1 ? 'hanging' : 'middle' }));
  });
  return g;
}
