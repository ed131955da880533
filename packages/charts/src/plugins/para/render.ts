/** SVG parallel coordinates: a vertical axis per metric (and the series), a line per row; an optional data table. */
import { h, svg } from '../../shared/dom';
import { getNumberFormatter } from '../../shared/format';
import { estimateLabelWidth, truncateLabel } from '../../shared/label-fit';
import { createMarkTooltips } from '../../shared/mark-tooltip';
import { mountChart } from '../../shared/mount';
import type { ChartInstance } from '../../types';
import { niceTicks } from '../svg-common/scales';
import { svgRoot, text } from '../svg-common/svg';
import type { ParaAxis, ParaLine, ParaProps } from './types';

const TABLE_CSS = `.bi-para-table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
.bi-para-table th,.bi-para-table td{padding:3px 8px;border-bottom:1px solid var(--bi-color-border,#e0e0e0);text-align:right}
.bi-para-table th:first-child,.bi-para-table td:first-child{text-align:left}
.bi-para-table thead th{position:sticky;top:0;background:var(--bi-color-surface,#fff)}
.bi-para-table tbody tr:hover,.bi-para-table tbody tr:focus-visible{background:var(--bi-color-hover,rgba(127,127,127,.12));outline:none}`;

const MARGIN = { top: 24, right: 12, bottom: 10, left: 12 };

/**
 * Each line is focusable with its values in a tooltip; hovering or focusing a line, or its row of the
 * data table, brings it forward and fades the others (the incumbent highlights the same way).
 *
 * @example
 * renderPara(container, transformParaProps(input));
 */
export function renderPara(element: HTMLElement, props: ParaProps): ChartInstance<ParaProps> {
  return mountChart(element, props, {
    draw(body, p) {
      body.replaceChildren();
      const tips = createMarkTooltips(body);
      // With the table the chart takes the top half, as the incumbent's does.
      const chartHeight = p.showDatatable ? Math.round(p.height / 2) : p.height;
      const root = svgRoot(p.width, chartHeight, p.ariaLabel);
      root.setAttribute('role', 'group');
      // Tick labels sit left of each axis: the first axis leaves room for its own (the series' names can be long).
      const first = p.axes[0];
      const firstLabels = first ? (first.kind === 'number' ? numberTicks(first) : categoryTicks(first, chartHeight, p.theme.fontSize - 1)).map((t) => t.label) : [];
      const lead = Math.min(p.width * 0.25, Math.max(40, ...firstLabels.map((l) => estimateLabelWidth(l, p.theme.fontSize - 1) + 10)));
      const x = (j: number) => (p.axes.length > 1 ? MARGIN.left + lead + (j * (p.width - MARGIN.left - MARGIN.right - lead - 40)) / (p.axes.length - 1) : p.width / 2);
      const y = (position: number) => chartHeight - MARGIN.bottom - position * (chartHeight - MARGIN.top - MARGIN.bottom);
      const lineLayer = svg('g', { class: 'bi-para-lines', fill: 'none', 'stroke-width': 1.5 });
      const marks = p.lines.map((line) => lineMark(p, line, x, y));
      const highlight = (index: number | null) => {
        marks.forEach((m, i) => m.setAttribute('stroke-opacity', index === null || i === index ? '0.8' : '0.1'));
        if (index !== null) lineLayer.append(marks[index]);
      };
      marks.forEach((mark, i) => {
        tips.attach(mark, { title: p.lines[i].name, lines: tooltipLines(p, p.lines[i]) });
        mark.addEventListener('mouseenter', () => highlight(i));
        mark.addEventListener('focus', () => highlight(i));
        mark.addEventListener('mouseleave', () => highlight(null));
        mark.addEventListener('blur', () => highlight(null));
      });
      lineLayer.append(...marks);
      root.append(lineLayer, ...p.axes.map((axis, j) => axisMark(p, axis, x(j), y, x)));
      body.append(root);
      if (p.showDatatable) body.append(dataTable(p, p.height - chartHeight, highlight));
    },
  });
}

/** A row's polyline; a gap where it has no value on an axis. */
function lineMark(p: ParaProps, line: ParaLine, x: (j: number) => number, y: (position: number) => number): SVGPathElement {
  let d = '';
  let pen = false;
  line.positions.forEach((pos, j) => {
    if (pos === null) {
      pen = false;
      return;
    }
    d += `${pen ? 'L' : 'M'}${x(j).toFixed(1)},${y(pos).toFixed(1)}`;
    pen = true;
  });
  const label = `${line.name}: ${p.axes.map((a, j) => `${a.name} ${line.formatted[j]}`).join(', ')}${p.colorMetric ? `, ${p.colorMetric} ${line.colorValue}` : ''}`;
  return svg('path', { class: 'bi-para-line', d, stroke: line.color, 'stroke-opacity': 0.8, 'stroke-linejoin': 'round', tabindex: 0, role: 'img', 'aria-label': label });
}

function tooltipLines(p: ParaProps, line: ParaLine) {
  const lines = p.axes.map((a, j) => ({ color: line.color, label: a.name, value: line.formatted[j] }));
  return p.colorMetric ? [...lines, { color: line.color, label: p.colorMetric, value: line.colorValue }] : lines;
}

/** An axis: its line, its name on top and its ticks (nice values, or the series' values thinned to fit). */
function axisMark(p: ParaProps, axis: ParaAxis, ax: number, y: (position: number) => number, x: (j: number) => number): SVGGElement {
  const fontPx = p.theme.fontSize - 1;
  const g = svg('g', { class: 'bi-para-axis', 'font-size': fontPx, fill: p.theme.mutedText });
  g.append(svg('line', { x1: ax, x2: ax, y1: y(0), y2: y(1), stroke: p.theme.mutedText }));
  const room = p.axes.length > 1 ? x(1) - x(0) : p.width;
  const tickRoom = ax === x(0) ? ax - MARGIN.left : room / 2;
  g.append(text(truncateLabel(axis.name, room - 4, p.theme.fontSize), { x: ax, y: MARGIN.top - 10, 'text-anchor': 'middle', fill: p.theme.text, 'font-size': p.theme.fontSize }));
  const ticks = axis.kind === 'number' ? numberTicks(axis) : categoryTicks(axis, y(0) - y(1), fontPx);
  for (const { position, label } of ticks) {
    const ty = y(position);
    g.append(svg('line', { x1: ax - 4, x2: ax, y1: ty, y2: ty, stroke: p.theme.mutedText }));
    // A halo in the surface colour keeps tick labels readable over the lines.
    g.append(text(truncateLabel(label, tickRoom - 8, fontPx), { x: ax - 6, y: ty, 'text-anchor': 'end', 'dominant-baseline': 'middle', stroke: p.theme.background, 'stroke-width': 3, 'paint-order': 'stroke' }));
  }
  return g;
}

function numberTicks(axis: Extract<ParaAxis, { kind: 'number' }>) {
  const fmt = getNumberFormatter(undefined);
  if (axis.max === axis.min) return [{ position: 0.5, label: fmt.format(axis.min) }];
  return niceTicks(axis.min, axis.max, 5).map((v) => ({ position: (v - axis.min) / (axis.max - axis.min), label: fmt.format(v) }));
}

function categoryTicks(axis: Extract<ParaAxis, { kind: 'category' }>, span: number, fontPx: number) {
  const n = axis.categories.length;
  const every = Math.max(1, Math.ceil((n * (fontPx + 2)) / Math.max(1, span)));
  return axis.categories.flatMap((label, i) => (i % every ? [] : [{ position: n > 1 ? 1 - i / (n - 1) : 0.5, label }]));
}

/** The rows as a table under the chart; a row hovered or focused highlights its line. */
function dataTable(p: ParaProps, height: number, highlight: (index: number | null) => void): HTMLElement {
  const head = h('tr', {}, [p.seriesName, ...p.metrics].map((c) => h('th', { scope: 'col' }, [c])));
  const rows = p.lines.map((line, i) => {
    const tr = h('tr', { tabindex: 0 }, [h('th', { scope: 'row', style: 'font-weight:400' }, [line.name]), ...p.tableCells[i].map((c) => h('td', {}, [c]))]);
    tr.addEventListener('mouseenter', () => highlight(i));
    tr.addEventListener('focus', () => highlight(i));
    tr.addEventListener('mouseleave', () => highlight(null));
    tr.addEventListener('blur', () => highlight(null));
    return tr;
  });
  const table = h('table', { class: 'bi-para-table', 'aria-label': `Data of ${p.ariaLabel}` }, [h('thead', {}, [head]), h('tbody', {}, rows)]);
  return h('div', { class: 'bi-para-datatable', style: `height:${height}px;overflow:auto` }, [h('style', {}, [TABLE_CSS]), table]);
}
