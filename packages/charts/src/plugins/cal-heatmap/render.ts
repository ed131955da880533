/** SVG calendar heatmap: per metric a title, a legend of colour steps and its domain grids, wrapped to the width. */
import { readableTextOn } from '../../colors/readable-text';
import { h, svg } from '../../shared/dom';
import { mountChart } from '../../shared/mount';
import { createTooltip, type Tooltip } from '../../shared/tooltip';
import type { ChartInstance } from '../../types';
import { text } from '../svg-common/svg';
import { domainWindow, domainsPerLine, type DomainWindow } from './browse';
import type { CalDomainGrid, CalHeatmapProps, CalMetric } from './types';

/** Space between domains, and under each for its label (cal-heatmap's domain margin and label). */
const GAP = 10;
const LABEL = 16;

/**
 * Placement of each domain: left to right, a new line when the next would overflow the width.
 *
 * @example
 * flowDomains([{ w: 80, h: 70 }, { w: 80, h: 70 }], 120); // [{ x: 0, y: 0 }, { x: 0, y: 80 }] and height 150
 */
export function flowDomains(sizes: Array<{ w: number; h: number }>, width: number): { at: Array<{ x: number; y: number }>; width: number; height: number } {
  let x = 0;
  let y = 0;
  let line = 0;
  let widest = 0;
  const at = sizes.map((s) => {
    if (x > 0 && x + s.w > width) {
      x = 0;
      y += line + GAP;
      line = 0;
    }
    const p = { x, y };
    x += s.w + GAP;
    widest = Math.max(widest, x - GAP);
    line = Math.max(line, s.h);
    return p;
  });
  return { at, width: widest, height: sizes.length ? y + line : 0 };
}

/**
 * Each domain grid is focusable and named with its extent for screen readers; hovering a cell shows its
 * time and value.
 *
 * @example
 * renderCalHeatmap(container, transformCalHeatmapProps(input));
 */
export function renderCalHeatmap(element: HTMLElement, props: CalHeatmapProps): ChartInstance<CalHeatmapProps> {
  // The first domain shown: kept while browsing and resizing, back to the start for new data.
  let offset = 0;
  let offsetOf: unknown;
  // The button pressed: it keeps the focus across the redraw it asks for (the other one when it hit the end).
  let pressed: 'previous' | 'next' | null = null;
  const instance = mountChart(element, props, {
    draw(body, p) {
      if (offsetOf !== p.metrics) [offset, offsetOf] = [0, p.metrics];
      body.replaceChildren();
      const tooltip = createTooltip(body);
      const scroller = h('div', { class: 'bi-cal-heatmap', style: `height:${p.height}px;overflow:auto;color:${p.theme.text};font-family:${p.theme.fontFamily};font-size:${p.theme.fontSize}px;padding:4px 8px;box-sizing:border-box` });
      scroller.setAttribute('aria-label', p.ariaLabel);
      const view = visibleDomains(p, offset);
      const browse = (by: number) => {
        offset = view.from + by;
        pressed = by < 0 ? 'previous' : 'next';
        instance.update({ ...p });
      };
      if (view.canPrevious || view.canNext) scroller.append(browseBar(p, view, browse));
      for (const m of p.metrics) scroller.append(metricBlock(p, m, view, tooltip, body));
      body.append(scroller);
      if (pressed) {
        const [same, other] = pressed === 'previous' ? ['previous', 'next'] : ['next', 'previous'];
        const target = body.querySelector<HTMLButtonElement>(`.bi-cal-heatmap-${same}:not(:disabled)`) ?? body.querySelector<HTMLButtonElement>(`.bi-cal-heatmap-${other}`);
        target?.focus();
        pressed = null;
      }
    },
  });
  return instance;
}

/** The window of domains that fits one line of the card. */
function visibleDomains(p: CalHeatmapProps, offset: number): DomainWindow {
  const step = p.cellSize + p.cellPadding;
  const domains = p.metrics[0]?.domains ?? [];
  const widest = domains.reduce((w, d) => Math.max(w, d.cols * step), step);
  return domainWindow(domains.length, domainsPerLine(Math.max(step, p.width - 24), widest, GAP), offset);
}

/** Previous and next buttons (native buttons: Tab reaches them, Enter and Space press them) and the range shown. */
function browseBar(p: CalHeatmapProps, view: DomainWindow, browse: (by: number) => void): HTMLElement {
  const domains = p.metrics[0]?.domains ?? [];
  const button = (kind: 'previous' | 'next', glyph: string, by: number, enabled: boolean) => {
    const b = h('button', { type: 'button', class: `bi-cal-heatmap-${kind}`, 'aria-label': `${kind === 'previous' ? 'Previous' : 'Next'} ${p.domainUnit}`, style: 'min-width:28px;cursor:pointer' }, [glyph]);
    b.disabled = !enabled;
    b.addEventListener('click', () => browse(by));
    return b;
  };
  const shown = `${domains[view.from]?.label ?? ''} – ${domains[view.to - 1]?.label ?? ''}`;
  return h('div', { class: 'bi-cal-heatmap-browse', style: 'display:flex;align-items:center;gap:8px;margin-bottom:4px' }, [
    button('previous', '‹', -1, view.canPrevious),
    h('span', { 'aria-live': 'polite', style: `color:${p.theme.mutedText}` }, [shown]),
    button('next', '›', 1, view.canNext),
  ]);
}

function metricBlock(p: CalHeatmapProps, m: CalMetric, view: DomainWindow, tooltip: Tooltip, body: HTMLElement): HTMLElement {
  const block = h('section', { class: 'bi-cal-heatmap-metric', style: 'margin-bottom:12px' });
  if (p.showMetricName) block.append(h('div', { class: 'bi-cal-heatmap-title', style: 'font-weight:600;margin:2px 0 4px' }, [m.name]));
  if (p.showLegend) block.append(legend(p, m));
  const step = p.cellSize + p.cellPadding;
  const shown = m.domains.slice(view.from, view.to);
  const sizes = shown.map((d) => ({ w: d.cols * step, h: d.rows * step + LABEL }));
  const flow = flowDomains(sizes, Math.max(step, p.width - 24));
  const root = svg('svg', { width: flow.width, height: flow.height, role: 'group', 'aria-label': `${m.name}: ${p.ariaLabel}` });
  shown.forEach((d, i) => root.append(domainGrid(p, m, d, flow.at[i], tooltip, body)));
  block.append(root);
  return block;
}

function domainGrid(p: CalHeatmapProps, m: CalMetric, d: CalDomainGrid, at: { x: number; y: number }, tooltip: Tooltip, body: HTMLElement): SVGGElement {
  const step = p.cellSize + p.cellPadding;
  const known = d.cells.filter((c) => c.value !== null);
  const summary = known.length ? `${d.label}: ${known.length} values from ${p.formatValue(Math.min(...known.map((c) => c.value!)))} to ${p.formatValue(Math.max(...known.map((c) => c.value!)))}` : `${d.label}: no values`;
  const g = svg('g', { class: 'bi-cal-heatmap-domain', transform: `translate(${at.x} ${at.y})`, tabindex: 0, role: 'img', 'aria-label': summary });
  d.cells.forEach((c, i) => {
    const rect = svg('rect', { x: c.col * step, y: c.row * step, width: p.cellSize, height: p.cellSize, rx: p.cellRadius, fill: c.color ?? p.theme.grid, 'data-i': i, class: c.color ? 'bi-cal-heatmap-cell' : 'bi-cal-heatmap-cell bi-cal-heatmap-empty' });
    if (!c.color) rect.setAttribute('fill-opacity', '0.5');
    g.append(rect);
    if (p.showValues && c.value !== null && c.color) g.append(text(p.formatValue(c.value), { x: c.col * step + p.cellSize / 2, y: c.row * step + p.cellSize / 2, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': Math.max(6, p.cellSize / 3), fill: readableTextOn(c.color), 'pointer-events': 'none' }));
  });
  g.append(text(d.label, { x: 0, y: d.rows * step + LABEL - 4, 'font-size': p.theme.fontSize - 1, fill: p.theme.mutedText }));
  g.addEventListener('mousemove', (event) => {
    const i = Number((event.target as Element).getAttribute?.('data-i'));
    const cell = Number.isInteger(i) ? d.cells[i] : undefined;
    if (!cell) return tooltip.hide();
    const origin = body.getBoundingClientRect();
    tooltip.show(event.clientX - origin.left + 12, event.clientY - origin.top + 12, p.formatTime(cell.time), [{ color: cell.color ?? undefined, label: m.name, value: cell.value === null ? 'No data' : p.formatValue(cell.value) }]);
  });
  g.addEventListener('mouseleave', () => tooltip.hide());
  return g;
}

/** The legend: a swatch per colour step, the first and last labelled with their values. */
function legend(p: CalHeatmapProps, m: CalMetric): HTMLElement {
  const row = h('div', { class: 'bi-cal-heatmap-legend', style: 'display:flex;align-items:center;gap:2px;margin-bottom:4px;font-size:11px', role: 'img', 'aria-label': `Legend of ${m.name}: ${m.legend[0]?.label} to ${m.legend[m.legend.length - 1]?.label}` });
  row.append(h('span', { style: `color:${p.theme.mutedText};margin-right:4px` }, [m.legend[0]?.label ?? '']));
  for (const s of m.legend) row.append(h('i', { title: s.label, style: `display:inline-block;width:${p.cellSize}px;height:${p.cellSize}px;background:${s.color};border-radius:${p.cellRadius}px` }));
  row.append(h('span', { style: `color:${p.theme.mutedText};margin-left:4px` }, [m.legend[m.legend.length - 1]?.label ?? '']));
  return row;
}
