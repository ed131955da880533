/**
 * Paints annotation marks on a uPlot chart's canvas: bands under the series (the drawAxes hook), lines and
 * event lines over them (the draw hook), clipped to the plot area. Marks are in x-axis units; uPlot maps them
 * to canvas pixels.
 */
import uPlot from 'uplot';
import type { ChartTheme } from '../../../types';
import type { AnnotationMarks, EventMark, IntervalMark, LineMark } from './marks';
import type { AnnotationStroke } from './style';

/** Runs `paint` clipped to the plot area, with the canvas state restored after. */
function clipped(u: uPlot, paint: (ctx: CanvasRenderingContext2D) => void): void {
  const { ctx, bbox } = u;
  ctx.save();
  ctx.beginPath();
  ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
  ctx.clip();
  paint(ctx);
  ctx.restore();
}

function setStroke(ctx: CanvasRenderingContext2D, stroke: AnnotationStroke): void {
  const ratio = uPlot.pxRatio;
  ctx.strokeStyle = stroke.color;
  ctx.globalAlpha = stroke.opacity;
  ctx.lineWidth = stroke.width * ratio;
  ctx.setLineDash(stroke.dash.map((d) => d * ratio));
}

const labelFont = (theme: ChartTheme) => `bold ${theme.fontSize * uPlot.pxRatio}px ${theme.fontFamily}`;

/** The first line of a label (layer - title): what fits beside a mark; the rest shows on hover. */
const heading = (label: string) => label.split('\n')[0];

/**
 * Paints the intervals' bands, and the titles of those that show their label, at the top of the band.
 *
 * @example
 * hooks.drawAxes = [(u) => drawIntervals(u, marks.intervals, theme)];
 */
export function drawIntervals(u: uPlot, intervals: IntervalMark[], theme: ChartTheme): void {
  if (!intervals.length) return;
  clipped(u, (ctx) => {
    const { top, height } = u.bbox;
    for (const band of intervals) {
      const left = u.valToPos(band.start, 'x', true);
      const right = u.valToPos(band.end, 'x', true);
      ctx.globalAlpha = band.opacity;
      ctx.fillStyle = band.color;
      // A band shorter than a pixel (an interval of an instant) is still drawn, a pixel wide.
      ctx.fillRect(left, top, Math.max(right - left, uPlot.pxRatio), height);
      if (band.showLabel) {
        ctx.globalAlpha = 1;
        ctx.fillStyle = theme.text;
        ctx.font = labelFont(theme);
        ctx.textAlign = 'center';
        ctx.textBaseline = 'top';
        ctx.fillText(heading(band.label), (left + right) / 2, top + 4 * uPlot.pxRatio);
      }
    }
  });
}

/** Paints one line: segments between its numbers (a missing y breaks it), then its markers. */
function drawLine(u: uPlot, ctx: CanvasRenderingContext2D, line: LineMark): void {
  const points = line.xs.map((x, i) => {
    const y = line.ys[i];
    return y === null ? null : [u.valToPos(x, 'x', true), u.valToPos(y, 'y', true)];
  });
  setStroke(ctx, line.stroke);
  if (line.stroke.width > 0) {
    ctx.beginPath();
    let drawing = false;
    for (const p of points) {
      if (!p) drawing = false;
      else if (drawing) ctx.lineTo(p[0], p[1]);
      else {
        ctx.moveTo(p[0], p[1]);
        drawing = true;
      }
    }
    ctx.stroke();
  }
  if (line.markers > 0) {
    ctx.fillStyle = line.stroke.color;
    const r = (line.markers / 2) * uPlot.pxRatio;
    for (const p of points) {
      if (!p) continue;
      ctx.beginPath();
      ctx.arc(p[0], p[1], r, 0, 2 * Math.PI);
      ctx.fill();
    }
  }
}

/** Paints one event: a vertical line across the plot and, when it shows its label, its title along it. */
function drawEvent(u: uPlot, ctx: CanvasRenderingContext2D, event: EventMark, theme: ChartTheme): void {
  const x = u.valToPos(event.x, 'x', true);
  const { top, height } = u.bbox;
  setStroke(ctx, event.stroke);
  ctx.beginPath();
  ctx.moveTo(x, top);
  ctx.lineTo(x, top + height);
  ctx.stroke();
  if (!event.showLabel) return;
  // Along the line, reading upwards, ending near the top: where the incumbent puts it (insideEndTop).
  ctx.save();
  ctx.globalAlpha = 1;
  ctx.fillStyle = theme.text;
  ctx.font = labelFont(theme);
  ctx.translate(x, top + 4 * uPlot.pxRatio);
  ctx.rotate(-Math.PI / 2);
  ctx.textAlign = 'right';
  ctx.textBaseline = 'bottom';
  ctx.fillText(heading(event.label), 0, -2 * uPlot.pxRatio);
  ctx.restore();
}

/**
 * Paints the lines and the events over the series, leaving out the layers in `hidden` (toggled off in the
 * legend).
 *
 * @example
 * hooks.draw = [(u) => drawLinesAndEvents(u, marks, new Set(), theme)];
 */
export function drawLinesAndEvents(u: uPlot, marks: Pick<AnnotationMarks, 'lines' | 'events'>, hidden: ReadonlySet<string>, theme: ChartTheme): void {
  if (!marks.lines.length && !marks.events.length) return;
  clipped(u, (ctx) => {
    for (const line of marks.lines) if (!hidden.has(line.layer)) drawLine(u, ctx, line);
    for (const event of marks.events) drawEvent(u, ctx, event, theme);
  });
}

/**
 * The labels of the marks under the cursor, `left` css px into the plot area: events within 4 px of it and
 * intervals around it.
 *
 * @example
 * marksAt(u, marks, u.cursor.left); // ['Releases - v2\n\nNew charts']
 */
export function marksAt(u: uPlot, marks: Pick<AnnotationMarks, 'events' | 'intervals'>, left: number): string[] {
  const value = u.posToVal(left, 'x');
  return [
    ...marks.events.filter((e) => Math.abs(u.valToPos(e.x, 'x') - left) <= 4).map((e) => e.label),
    ...marks.intervals.filter((i) => i.start <= value && value <= i.end).map((i) => i.label),
  ];
}
