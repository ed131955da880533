import type { AnnotationLayer } from '@lumen-bi/core';
import { describe, expect, it } from 'vitest';
import { layerSeries } from './layer-series';
import { annotationLabel, layerRecords, recordAnnotations, toEpochMs } from './records';

const native = { name: 'Releases', annotationType: 'EVENT', sourceType: 'NATIVE', value: 1, show: true, showMarkers: false } as AnnotationLayer;

describe('record annotations', () => {
  it("reads a NATIVE layer's store columns and a table layer's named columns", () => {
    const rows = [{ start_dttm: '2024-03-01 12:00:00', end_dttm: '2024-03-05T00:00:00', short_descr: 'v2', long_descr: 'New charts', json_metadata: '' }];
    expect(recordAnnotations(native, rows)).toEqual([{ time: Date.UTC(2024, 2, 1, 12), end: Date.UTC(2024, 2, 5), title: 'v2', descriptions: ['New charts'] }]);
    const table = { ...native, sourceType: 'table', timeColumn: 'ds', intervalEndColumn: 'until', titleColumn: 'name', descriptionColumns: ['why', 'who'] } as AnnotationLayer;
    expect(recordAnnotations(table, [{ ds: 0, until: 86400000, name: 'Sale', why: 'Spring', who: null }, { ds: 'never', name: 'bad' }])).toEqual([
      { time: 0, end: 86400000, title: 'Sale', descriptions: ['Spring', ''] },
    ]);
  });

  it('finds the records under the layer name in both answer shapes, or none', () => {
    expect(layerRecords({ Releases: { columns: ['start_dttm'], records: [{ start_dttm: 1 }, 'junk'] } }, 'Releases')).toEqual([{ start_dttm: 1 }]);
    expect(layerRecords({ Other: { records: [] } }, 'Releases')).toBeNull();
    expect(layerRecords(null, 'Releases')).toBeNull();
  });

  it('reads times as epoch ms, naive strings as UTC', () => {
    expect(toEpochMs(5)).toBe(5);
    expect(toEpochMs('2024-01-02')).toBe(Date.UTC(2024, 0, 2));
    expect(toEpochMs('2024-01-02T03:04:05+01:00')).toBe(Date.UTC(2024, 0, 2, 2, 4, 5));
    expect(toEpochMs('soon')).toBeNull();
    expect(toEpochMs(null)).toBeNull();
  });

  it('labels an annotation as the incumbent does', () => {
    expect(annotationLabel('Releases', 'v2', ['New charts', '', 'Faster'])).toBe('Releases - v2\n\nNew charts\nFaster');
    expect(annotationLabel('Releases', '', [])).toBe('Releases');
  });
});

describe('time-series layer series', () => {
  it("reads Lumen's records: the x column first, a line per numeric column, in x order", () => {
    const records = [
      { ds: Date.UTC(2024, 0, 2), boy: 3, girl: null },
      { ds: Date.UTC(2024, 0, 1), boy: 1, girl: 2 },
    ];
    expect(layerSeries({ records })).toEqual([
      { key: 'boy', xs: [Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 2)], ys: [1, 3] },
      { key: 'girl', xs: [Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 2)], ys: [2, null] },
    ]);
    expect(layerSeries({ records: [{ region: 'East', __timestamp: 0, count: 4 }] })).toEqual([{ key: 'count', xs: [0], ys: [4] }]);
  });

  it("reads the incumbent's key/values series and nothing from anything else", () => {
    expect(layerSeries([{ key: 'SUM(num)', values: [{ x: 10, y: 1 }, { x: 5, y: 2 }] }])).toEqual([{ key: 'SUM(num)', xs: [5, 10], ys: [2, 1] }]);
    expect(layerSeries(undefined)).toEqual([]);
    expect(layerSeries({ records: [] })).toEqual([]);
  });
});
