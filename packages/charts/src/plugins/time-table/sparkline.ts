/** The SVG sparkline of a time-table cell: line, bars or area, with its pointer tooltip. */
import { svg } from '../../shared/dom';
import type { Tooltip } from '../../shared/tooltip';
import type { ChartTheme } from '../../types';
import { text } from '../svg-common/svg';
import type { SparkCell } from './types';

/** Room for the min/max labels when the cell shows its y axis. */
const AXIS_WIDTH = 40;

/**
 * The path of the known points: gaps break the line, as missing time steps should.
 *
 * @example
 * sparkPath([{ x: 0, y: 5 }, null, { x: 10, y: 2 }]); // 'M0,5M10,2'
 */
export function sparkPath(points: Array<{ x: number; y: number } | null>): string {
  let d = '';
  let pen = false;
  for (const p of points) {
    if (!p) pen = false;
    else {
      d += `${pen ? 'L' : 'M'}${round(p.x)},${round(p.y)}`;
      pen = true;
    }
  }
  return d;
}

const round = (v: number) => Math.round(v * 10) / 10;

/**
 * A sparkline element; hovering shows the nearest point's time and value in `tooltip`.
 *
 * @example
 * cell.append(sparkline(spark, theme, tooltip, body));
 */
export function sparkline(cell: SparkCell, theme: ChartTheme, tooltip: Tooltip, body: HTMLElement, color: string): SVGSVGElement {
  const left = cell.showYAxis ? AXIS_WIDTH : 0;
  const plotW = Math.max(1, cell.width - left);
  const n = cell.values.length;
  // Bars sit in bands (the first and last whole, not cut by the edges); line points span the width.
  const x = cell.sparkType === 'bar' ? (i: number) => left + ((i + 0.5) / Math.max(1, n)) * plotW : (i: number) => left + (n > 1 ? (i / (n - 1)) * plotW : plotW / 2);
  const span = cell.yMax - cell.yMin || 1;
  const y = (v: number) => 2 + (1 - (Math.min(cell.yMax, Math.max(cell.yMin, v)) - cell.yMin) / span) * (cell.height - 4);
  const known = cell.labels.filter((_, i) => cell.values[i] !== null);
  const root = svg('svg', { width: cell.width, height: cell.height, class: 'bi-time-table-spark', role: 'img', 'aria-label': known.length ? `${known[0]} to ${known[known.length - 1]}` : 'No values' });
  if (cell.showYAxis) {
    root.append(text(cell.axisLabels[1], { x: left - 4, y: 10, 'text-anchor': 'end', 'font-size': theme.fontSize - 2, fill: theme.mutedText }));
    root.append(text(cell.axisLabels[0], { x: left - 4, y: cell.height - 2, 'text-anchor': 'end', 'font-size': theme.fontSize - 2, fill: theme.mutedText }));
  }
  root.append(marks(cell, x, y, plotW, color));
  root.addEventListener('mousemove', (event) => {
    const box = root.getBoundingClientRect();
    const share = (event.clientX - box.left - left) / plotW;
    const i = cell.sparkType === 'bar' ? Math.floor(share * n) : Math.round(share * (n - 1));
    const at = Math.max(0, Math.min(n - 1, i));
    const origin = body.getBoundingClientRect();
    tooltip.show(event.clientX - origin.left + 12, box.top - origin.top, cell.labels[at] ?? '', []);
  });
  root.addEventListener('mouseleave', () => tooltip.hide());
  return root;
}

/** The line, area or bars of a sparkline. */
function marks(cell: SparkCell, x: (i: number) => number, y: (v: number) => number, plotW: number, color: string): SVGGElement {
  const g = svg('g', { class: 'bi-time-table-spark-marks' });
  const points = cell.values.map((v, i) => (v === null ? null : { x: x(i), y: y(v) }));
  if (cell.sparkType === 'bar') {
    const w = Math.max(1, plotW / Math.max(1, cell.values.length) - 1);
    const base = y(Math.max(cell.yMin, Math.min(cell.yMax, 0)));
    for (const p of points) if (p) g.append(svg('rect', { x: round(p.x - w / 2), y: round(Math.min(p.y, base)), width: round(w), height: round(Math.max(0.5, Math.abs(base - p.y))), fill: color }));
    return g;
  }
  const d = sparkPath(points);
  if (cell.sparkType === 'area') {
    const bottom = y(cell.yMin);
    const first = points.find(Boolean);
    const last = [...points].reverse().find(Boolean);
    if (first && last) g.append(svg('path', { d: `M${round(first.x)},${round(bottom)}${d.replace(/M/g, 'L')}L${round(last.x)},${round(bottom)}Z`, fill: color, 'fill-opacity': 0.3 }));
  }
  g.append(svg('path', { d, fill: 'none', stroke: color, 'stroke-width': 1.5 }));
  return g;
}
