/** SVG horizon chart: one row per series, its values folded into coloured bands; a scrolling list of rows. */
import { h, svg } from '../../shared/dom';
import { mountChart } from '../../shared/mount';
import { createTooltip, type Tooltip } from '../../shared/tooltip';
import type { ChartInstance } from '../../types';
import { svgRoot, text } from '../svg-common/svg';
import { horizonBandPaths } from './bands';
import type { HorizonProps, HorizonSeries } from './types';

/**
 * Each row is focusable: focus shows its latest value, Left and Right (Home, End) step through the time
 * steps, as hovering does with the pointer.
 *
 * @example
 * renderHorizon(container, transformHorizonProps(input));
 */
export function renderHorizon(element: HTMLElement, props: HorizonProps): ChartInstance<HorizonProps> {
  return mountChart(element, props, {
    draw(body, p) {
      body.replaceChildren();
      const scroller = h('div', { class: 'bi-horizon', style: `height:${p.height}px;overflow-y:auto;overflow-x:hidden` });
      body.append(scroller);
      const tooltip = createTooltip(body);
      const rowH = p.rowHeight;
      const root = svgRoot(p.width, p.series.length * (rowH + 1), p.ariaLabel);
      // Rows are focusable; an image's children would be hidden from assistive technology.
      root.setAttribute('role', 'group');
      const step = p.times.length ? p.width / p.times.length : 0;
      p.series.forEach((s, i) => root.append(row(p, s, i * (rowH + 1), step, tooltip, body)));
      scroller.append(root);
    },
  });
}

/** A series' row: its bands, its name, and the pointer and keyboard tooltip. */
function row(p: HorizonProps, s: HorizonSeries, top: number, step: number, tooltip: Tooltip, body: HTMLElement): SVGGElement {
  const rowH = p.rowHeight;
  const bands = p.colors.length / 2;
  const g = svg('g', { class: 'bi-horizon-row', transform: `translate(0 ${top})`, tabindex: 0, role: 'img', 'aria-label': summary(p, s) });
  g.append(svg('rect', { width: p.width, height: rowH, fill: 'transparent' }));
  const paths = horizonBandPaths(s.values, s.extent, bands, rowH, step);
  paths.positive.forEach((d, b) => d && g.append(svg('path', { d, fill: p.colors[bands + b], class: 'bi-horizon-band' })));
  paths.negative.forEach((d, b) => d && g.append(svg('path', { d, fill: p.colors[bands - b - 1], class: 'bi-horizon-band' })));
  // A halo in the surface colour keeps the name readable over any band, in either theme.
  g.append(text(s.name, { x: 4, y: Math.min(rowH - 3, p.theme.fontSize + 1), 'font-size': Math.min(p.theme.fontSize, rowH - 2), fill: p.theme.text, stroke: p.theme.background, 'stroke-width': 3, 'paint-order': 'stroke', 'pointer-events': 'none', class: 'bi-horizon-title' }));
  let current = s.values.length - 1;
  const show = (i: number, x: number) => {
    current = Math.max(0, Math.min(s.values.length - 1, i));
    const origin = body.getBoundingClientRect();
    const box = g.getBoundingClientRect();
    tooltip.show(x, box.top - origin.top, s.name, [{ color: p.colors[bands + 2], label: p.timeLabels[current] ?? '', value: s.formatted[current] ?? '' }]);
  };
  g.addEventListener('mousemove', (event) => {
    const e = event as MouseEvent;
    const x = e.clientX - body.getBoundingClientRect().left;
    show(Math.floor(x / Math.max(step, 1e-9)), x);
  });
  g.addEventListener('mouseleave', () => tooltip.hide());
  g.addEventListener('focus', () => show(current, (current + 0.5) * step));
  g.addEventListener('blur', () => tooltip.hide());
  g.addEventListener('keydown', (event) => {
    const e = event as KeyboardEvent;
    const next = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: s.values.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    show(next, (Math.max(0, Math.min(s.values.length - 1, next)) + 0.5) * step);
  });
  return g;
}

/** What a screen reader says of a row: the series, its first and last values and its range. */
function summary(p: HorizonProps, s: HorizonSeries): string {
  const known = s.formatted.map((f, i) => ({ f, v: s.values[i], t: p.timeLabels[i] })).filter((x) => x.v !== null);
  if (!known.length) return `${s.name}: no values`;
  const first = known[0];
  const last = known[known.length - 1];
  return `${s.name}: ${first.t} ${first.f} to ${last.t} ${last.f}`;
}
