import type { AnnotationLayer } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import type { TimeseriesAnnotations } from '../types';
import { FORMULA_SAMPLES, annotationMarks, linesExtent, type Formula } from './marks';
import { annotationOpacity, lineDash } from './style';

const day = 86400000;
const x = { mode: 'time' as const, min: 0, max: 10 * day };
const scale = { getColor: (name: string) => (name === 'Goal' ? '#1FA8C9' : '#454E7C') };
const layer = (fields: Partial<AnnotationLayer>) => ({ show: true, showMarkers: false, value: '', ...fields }) as AnnotationLayer;
const annotations = (layers: AnnotationLayer[], data: unknown = {}): TimeseriesAnnotations => ({ layers, data, scale });

describe('annotation marks', () => {
  it('draws a formula over the x range, in its colour, width, dash and opacity', () => {
    const goal = layer({ name: 'Goal', annotationType: 'FORMULA', sourceType: '', value: 'x / 86400000', color: '#ff0000', width: 2, style: 'dashed', opacity: 'opacityHigh' });
    const formulas = new Map<string, Formula>([['Goal', (v) => v / day]]);
    const { lines, skipped } = annotationMarks(annotations([goal]), x, formulas, 6);
    expect(skipped).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ layer: 'Goal', stroke: { color: '#ff0000', width: 2, dash: [8, 4], opacity: 0.8 }, markers: 0 });
    expect(lines[0].xs).toHaveLength(FORMULA_SAMPLES);
    expect([lines[0].xs[0], lines[0].xs.at(-1)]).toEqual([0, 10 * day]);
    expect([lines[0].ys[0], lines[0].ys.at(-1)]).toEqual([0, 10]);
  });

  it("names the layer of a formula that does not compile or gives no number, and draws the others", () => {
    const broken = layer({ name: 'Broken', annotationType: 'FORMULA', value: 'x +' });
    const stringy = layer({ name: 'Stringy', annotationType: 'FORMULA', value: 'x' });
    const nothing = layer({ name: 'Nothing', annotationType: 'FORMULA', value: 'log(-1)' });
    const ok = layer({ name: 'Goal', annotationType: 'FORMULA', value: '1' });
    const formulas = new Map<string, Formula | string>([
      ['Broken', 'its formula does not parse (Unexpected end of expression (char 4))'],
      ['Stringy', () => { throw new Error('not a number'); }],
      ['Nothing', () => NaN],
      ['Goal', () => 1],
    ]);
    const marks = annotationMarks(annotations([broken, stringy, nothing, ok]), x, formulas, 6);
    expect(marks.skipped).toEqual([
      'Annotation layer "Broken" not drawn: its formula does not parse (Unexpected end of expression (char 4)).',
      'Annotation layer "Stringy" not drawn: its formula does not give a number.',
      'Annotation layer "Nothing" not drawn: its formula gives no number over the x axis.',
    ]);
    expect(marks.lines.map((l) => [l.layer, l.stroke.color])).toEqual([['Goal', '#1FA8C9']]);
  });

  it('draws events and intervals of NATIVE and table layers with their labels; bands default to medium opacity', () => {
    const data = {
      Releases: { columns: ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'], records: [{ start_dttm: day, end_dttm: day, short_descr: 'v2', long_descr: 'New charts', json_metadata: '' }] },
      Sales: { records: [{ ds: 2 * day, until: day, title: 'Spring', note: 'Half price' }, { ds: 3 * day, until: null, title: 'Open' }] },
    };
    const releases = layer({ name: 'Releases', annotationType: 'EVENT', sourceType: 'NATIVE', showLabel: true, width: 3, style: 'dotted' });
    const sales = layer({ name: 'Sales', annotationType: 'INTERVAL', sourceType: 'table', timeColumn: 'ds', intervalEndColumn: 'until', titleColumn: 'title', descriptionColumns: ['note'], color: '#00ff00' });
    const marks = annotationMarks(annotations([releases, sales], data), x, new Map(), 6);
    expect(marks.events).toEqual([{ layer: 'Releases', x: day, label: 'Releases - v2\n\nNew charts', stroke: { color: '#454E7C', width: 3, dash: [3, 3], opacity: 1 }, showLabel: true }]);
    // An end before the start is a band all the same; a row without an end draws nothing.
    expect(marks.intervals).toEqual([{ layer: 'Sales', start: day, end: 2 * day, label: 'Sales - Spring\n\nHalf price', color: '#00ff00', opacity: 0.5, showLabel: false }]);
    expect(marks.skipped).toEqual([]);
  });

  it('notes a record layer the chart data has nothing for (a NATIVE layer before the store answers it)', () => {
    const marks = annotationMarks(annotations([layer({ name: 'Releases', annotationType: 'EVENT', sourceType: 'NATIVE' })]), x, new Map(), 6);
    expect(marks.skipped).toEqual(['Annotation layer "Releases" not drawn: the chart data has no annotations for it.']);
  });

  it("draws a time-series layer's series as lines: markers with showMarkers, no line with hideLine", () => {
    const data = { Other: { records: [{ ds: 0, boy: 1, girl: 2 }, { ds: day, boy: 3, girl: 4 }] } };
    const other = layer({ name: 'Other', annotationType: 'TIME_SERIES', sourceType: 'line', value: 7, showMarkers: true, hideLine: true, opacity: 'opacityLow' });
    const { lines } = annotationMarks(annotations([other], data), x, new Map(), 6);
    expect(lines.map((l) => [l.name, l.xs, l.ys, l.stroke.width, l.stroke.opacity, l.markers])).toEqual([
      ['boy', [0, day], [1, 3], 0, 0.2, 6],
      ['girl', [0, day], [2, 4], 0, 0.2, 6],
    ]);
  });

  it('notes every layer on a category x axis', () => {
    const marks = annotationMarks(annotations([layer({ name: 'Goal', annotationType: 'FORMULA' })]), { mode: 'category', min: 0, max: 3 }, new Map([['Goal', () => 1]]), 6);
    expect(marks).toEqual({ lines: [], events: [], intervals: [], skipped: ['Annotation layer "Goal" not drawn: annotations need a time or numeric x axis.'] });
  });

  it("gives the lines' y extent within the x range", () => {
    const line = { layer: 'a', name: 'a', stroke: { color: '', width: 1, dash: [], opacity: 1 }, markers: 0 };
    expect(linesExtent([{ ...line, xs: [-5, 0, 5, 20], ys: [-100, 2, null, 900] }, { ...line, xs: [1], ys: [7] }], { mode: 'linear', min: 0, max: 10 })).toEqual([2, 7]);
    expect(linesExtent([], x)).toBeNull();
  });
});

describe('annotation style', () => {
  it("maps the incumbent's opacity steps and line styles", () => {
    expect(['', 'opacityLow', 'opacityMedium', 'opacityHigh'].map((o) => annotationOpacity(o as AnnotationLayer['opacity']))).toEqual([1, 0.2, 0.5, 0.8]);
    expect(annotationOpacity(undefined, 0.5)).toBe(0.5);
    expect(['solid', 'dashed', 'longDashed', 'dotted'].map((s) => lineDash(s as AnnotationLayer['style'], 1))).toEqual([[], [4, 2], [8, 3], [1, 1]]);
  });
});
