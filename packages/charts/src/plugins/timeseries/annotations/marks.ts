/**
 * Annotation layers + the server's annotation_data -> what to draw: lines (formulas, other charts' series),
 * events (vertical lines) and intervals (bands), in x-axis units, or why a layer is not drawn. Pure: the
 * canvas code (draw.ts) only maps these to pixels.
 */
import type { AnnotationLayer } from '@lumen-bi/core';
import type { TimeseriesAnnotations, XMode } from '../types';
import { layerSeries } from './layer-series';
import { annotationLabel, layerRecords, recordAnnotations } from './records';
import { annotationOpacity, layerStroke, type AnnotationStroke } from './style';

/** A compiled formula: y for x (NaN where it has no value, e.g. log of a negative); throws when it gives no number. */
export type Formula = (x: number) => number;

/** A line over the x axis: a formula layer, or one series of a time-series layer. */
export interface LineMark {
  layer: string;
  name: string;
  xs: number[];
  ys: Array<number | null>;
  stroke: AnnotationStroke;
  /** Marker diameter in px (0: none). */
  markers: number;
}

/** A vertical line at an event's time. */
export interface EventMark {
  layer: string;
  x: number;
  label: string;
  stroke: AnnotationStroke;
  showLabel: boolean;
}

/** A band from an interval's start to its end. */
export interface IntervalMark {
  layer: string;
  start: number;
  end: number;
  label: string;
  color: string;
  opacity: number;
  showLabel: boolean;
}

/** What a chart's annotation layers draw, and a note for each layer that draws nothing. */
export interface AnnotationMarks {
  lines: LineMark[];
  events: EventMark[];
  intervals: IntervalMark[];
  skipped: string[];
}

/** The x axis the marks go on: its kind and the range of the chart's own data. */
export interface XRange {
  mode: XMode;
  min: number;
  max: number;
}

/** Points a formula is evaluated at, evenly over the x range: enough for a smooth curve at any chart width. */
export const FORMULA_SAMPLES = 256;

const skipNote = (layer: AnnotationLayer, why: string) => `Annotation layer "${layer.name}" not drawn: ${why}.`;

/** A formula's line over the x range, or why it has none (a formula that fails at one x fails everywhere). */
function formulaLine(layer: AnnotationLayer, formula: Formula | string | undefined, x: XRange, stroke: AnnotationStroke): LineMark | string {
  if (typeof formula !== 'function') return skipNote(layer, formula ?? 'its formula was not compiled');
  const count = x.max > x.min ? FORMULA_SAMPLES : 1;
  const xs = Array.from({ length: count }, (_, i) => (count === 1 ? x.min : x.min + ((x.max - x.min) * i) / (count - 1)));
  let ys: Array<number | null>;
  try {
    ys = xs.map((v) => {
      const y = formula(v);
      return Number.isFinite(y) ? y : null;
    });
  } catch {
    return skipNote(layer, 'its formula does not give a number');
  }
  if (ys.every((y) => y === null)) return skipNote(layer, 'its formula gives no number over the x axis');
  return { layer: layer.name, name: layer.name, xs, ys, stroke, markers: 0 };
}

/** The events or intervals of a record layer, or why it has none. */
function recordMarks(layer: AnnotationLayer, data: unknown, stroke: AnnotationStroke): Array<EventMark | IntervalMark> | string {
  const records = layerRecords(data, layer.name);
  if (!records) return skipNote(layer, 'the chart data has no annotations for it');
  const showLabel = Boolean(layer.showLabel);
  return recordAnnotations(layer, records).flatMap((a): Array<EventMark | IntervalMark> => {
    const label = annotationLabel(layer.name, a.title, a.descriptions);
    if (layer.annotationType === 'EVENT') return [{ layer: layer.name, x: a.time, label, stroke, showLabel }];
    if (a.end === null) return [];
    const [start, end] = a.time <= a.end ? [a.time, a.end] : [a.end, a.time];
    // Bands default to the medium step, so the series under them stay readable (the incumbent's default).
    return [{ layer: layer.name, start, end, label, color: stroke.color, opacity: annotationOpacity(layer.opacity, 0.5), showLabel }];
  });
}

/**
 * The marks of a chart's shown annotation layers. `formulas` holds each formula layer's compiled formula, or
 * the note of one that does not compile. Annotations need a time or number x axis: on a category axis every
 * layer is noted instead.
 *
 * @example
 * const marks = annotationMarks(props.annotations, { mode: 'time', min, max }, new Map([['Goal', (x) => 2 * x]]), 6);
 * marks.lines[0].ys.length; // FORMULA_SAMPLES
 */
export function annotationMarks(annotations: TimeseriesAnnotations, x: XRange, formulas: Map<string, Formula | string>, markerSize: number): AnnotationMarks {
  const marks: AnnotationMarks = { lines: [], events: [], intervals: [], skipped: [] };
  const colorOf = (name: string) => annotations.scale.getColor(name);
  for (const layer of annotations.layers) {
    if (x.mode === 'category') {
      marks.skipped.push(skipNote(layer, 'annotations need a time or numeric x axis'));
      continue;
    }
    const stroke = layerStroke(layer, colorOf);
    if (layer.annotationType === 'FORMULA') {
      const line = formulaLine(layer, formulas.get(layer.name), x, stroke);
      if (typeof line === 'string') marks.skipped.push(line);
      else marks.lines.push(line);
    } else if (layer.annotationType === 'EVENT' || layer.annotationType === 'INTERVAL') {
      const found = recordMarks(layer, annotations.data, stroke);
      if (typeof found === 'string') marks.skipped.push(found);
      else
        for (const m of found) {
          if ('x' in m) marks.events.push(m);
          else marks.intervals.push(m);
        }
    } else if (layer.annotationType === 'TIME_SERIES') {
      const result = (annotations.data as Record<string, unknown> | null | undefined)?.[layer.name];
      // hideLine leaves the markers alone (the incumbent draws the line at width 0).
      const lineStroke = layer.hideLine ? { ...stroke, width: 0 } : stroke;
      const markers = layer.showMarkers ? markerSize : 0;
      for (const s of layerSeries(result)) marks.lines.push({ layer: layer.name, name: s.key || layer.name, xs: s.xs, ys: s.ys, stroke: lineStroke, markers });
    }
  }
  return marks;
}

/**
 * The y extent of the lines within the x range (null without any): the y axis takes it in, as the incumbent's
 * axis takes in its annotation series, so a formula above the data is seen rather than cut off.
 *
 * @example
 * linesExtent([{ xs: [0, 10], ys: [5, 50] } as LineMark], { mode: 'time', min: 0, max: 10 }); // [5, 50]
 */
export function linesExtent(lines: LineMark[], x: XRange): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const line of lines)
    line.xs.forEach((v, i) => {
      const y = line.ys[i];
      if (y === null || v < x.min || v > x.max) return;
      lo = Math.min(lo, y);
      hi = Math.max(hi, y);
    });
  return lo <= hi ? [lo, hi] : null;
}
