/** SVG Nightingale rose: a legend of series (toggles), a wedge per time step, time labels around the rim. */
import { h, svg } from '../../shared/dom';
import { renderLegend } from '../../shared/legend';
import { mountChart } from '../../shared/mount';
import { createTooltip, type Tooltip } from '../../shared/tooltip';
import type { ChartInstance } from '../../types';
import { svgRoot, text } from '../svg-common/svg';
import { pieArcs, point, roseArcs, sectorPath } from './geometry';
import type { RoseProps } from './types';

/** Space between the outermost radius and the edge, for the time labels (the incumbent's edge margin). */
const EDGE = 35;
const LEGEND_HEIGHT = 28;

/**
 * Labels every k-th time step so neighbouring labels do not overlap along the rim.
 *
 * @example
 * labelStride(['2001', '2002', '2003', '2004'], 20, 12); // 2 when a label is wider than its slice
 */
export function labelStride(labels: string[], radius: number, fontSize: number): number {
  if (!labels.length) return 1;
  const slice = (Math.PI * 2 * radius) / labels.length;
  const widest = Math.max(...labels.map((l) => l.length)) * fontSize * 0.6 + 6;
  return Math.max(1, Math.ceil(widest / Math.max(slice, 1e-9)));
}

/**
 * Each time step's wedge is focusable and named with its values; hovering a segment shows its time step
 * (every series with rich_tooltip, else only the hovered one); a click (or Enter) opens the time step into
 * a pie of its series, as the incumbent's does, and closes it again.
 *
 * @example
 * renderRose(container, transformRoseProps(input));
 */
export function renderRose(element: HTMLElement, props: RoseProps): ChartInstance<RoseProps> {
  return mountChart(element, props, {
    draw(body, p) {
      body.replaceChildren();
      const visible = p.series.map(() => true);
      const tooltip = createTooltip(body);
      const plot = h('div', { class: 'bi-rose-plot' });
      // The time step opened into a pie (click or Enter on its wedge; again, or Escape, closes it).
      const view: RoseView = { visible, open: null, toggle: () => undefined };
      const draw = () => plot.replaceChildren(rose(p, view, tooltip, body));
      view.toggle = (t) => {
        view.open = view.open === t ? null : t;
        tooltip.hide();
        draw();
        plot.querySelector<SVGGElement>(`g.bi-rose-wedge[data-time="${t}"]`)?.focus();
      };
      const legend = renderLegend(p.series.map((name, i) => ({ name, color: p.colors[i], visible: true })), (i, shown) => {
        visible[i] = shown;
        draw();
      });
      legend.setAttribute('style', `height:${LEGEND_HEIGHT}px;overflow:hidden;color:${p.theme.text};font-size:${p.theme.fontSize}px;justify-content:center`);
      body.append(legend, plot);
      draw();
    },
  });
}

/** What the user changed: hidden series and the time step opened into a pie. */
interface RoseView {
  visible: boolean[];
  open: number | null;
  toggle(time: number): void;
}

function rose(p: RoseProps, view: RoseView, tooltip: Tooltip, body: HTMLElement): SVGSVGElement {
  const visible = view.visible;
  const height = Math.max(0, p.height - LEGEND_HEIGHT);
  const radius = Math.max(10, Math.min(p.width, height) / 2 - EDGE);
  const root = svgRoot(p.width, height, p.ariaLabel);
  root.setAttribute('role', 'group');
  const g = svg('g', { transform: `translate(${p.width / 2} ${height / 2})` });
  const arcs = roseArcs(p.values, visible, radius, p.areaProportion);
  const n = p.series.length;
  const steps = view.open === null ? p.times.map((_, t) => t) : [view.open];
  steps.forEach((t) => {
    const wedge = svg('g', { class: 'bi-rose-wedge', style: 'cursor:pointer', tabindex: 0, role: 'button', 'data-time': t, 'aria-expanded': String(view.open === t), 'aria-label': `${p.timeLabels[t]}: ${p.series.map((s, i) => `${s} ${p.formatValue(p.values[t][i])}`).join(', ')}` });
    const segments = view.open === t ? pieArcs(t, p.values[t], p.series, visible, radius) : arcs.slice(t * n, (t + 1) * n);
    for (const a of segments) {
      const d = sectorPath(a);
      if (d) wedge.append(svg('path', { d, fill: p.colors[a.series], stroke: p.theme.background, 'stroke-width': 1, class: 'bi-rose-segment', 'data-series': a.series }));
    }
    const show = (series: number | undefined, x: number, y: number) => {
      const rows = p.richTooltip || series === undefined ? p.series.map((_, i) => i).filter((i) => visible[i]) : [series];
      tooltip.show(x, y, p.timeLabels[t], rows.map((i) => ({ color: p.colors[i], label: i === series && p.richTooltip ? `▸ ${p.series[i]}` : p.series[i], value: p.formatValue(p.values[t][i]) })));
    };
    wedge.addEventListener('mousemove', (event) => {
      const origin = body.getBoundingClientRect();
      const series = Number((event.target as Element).getAttribute?.('data-series'));
      show(Number.isInteger(series) ? series : undefined, event.clientX - origin.left + 12, event.clientY - origin.top + 12);
    });
    wedge.addEventListener('mouseleave', () => tooltip.hide());
    wedge.addEventListener('focus', () => {
      const [x, y] = point(((t + 0.5) * Math.PI * 2) / p.times.length, radius / 2);
      show(undefined, p.width / 2 + x, LEGEND_HEIGHT + height / 2 + y);
    });
    wedge.addEventListener('blur', () => tooltip.hide());
    wedge.addEventListener('click', () => view.toggle(t));
    wedge.addEventListener('keydown', (event) => {
      const key = (event as KeyboardEvent).key;
      if (key !== 'Enter' && key !== ' ' && !(key === 'Escape' && view.open === t)) return;
      event.preventDefault();
      view.toggle(t);
    });
    g.append(wedge);
  });
  if (view.open === null) g.append(timeLabels(p, radius));
  else g.append(text(p.timeLabels[view.open], { x: 0, y: -radius - 12, 'text-anchor': 'middle', 'font-size': p.theme.fontSize, fill: p.theme.text, 'font-weight': 600 }));
  root.append(g);
  return root;
}

/** The time labels around the rim, thinned so they do not collide. */
function timeLabels(p: RoseProps, radius: number): SVGGElement {
  const g = svg('g', { class: 'bi-rose-labels', 'font-size': p.theme.fontSize - 1, fill: p.theme.mutedText, 'pointer-events': 'none' });
  const stride = labelStride(p.timeLabels, radius + 17, p.theme.fontSize - 1);
  p.timeLabels.forEach((label, t) => {
    if (t % stride) return;
    const angle = ((t + 0.5) * Math.PI * 2) / p.timeLabels.length;
    const [x, y] = point(angle, radius + 17);
    const anchor = Math.abs(Math.sin(angle)) < 0.2 ? 'middle' : Math.sin(angle) > 0 ? 'start' : 'end';
    g.append(text(label, { x, y, 'text-anchor': anchor, 'dominant-baseline': 'middle' }));
  });
  return g;
}
