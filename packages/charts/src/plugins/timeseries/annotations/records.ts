/**
 * Events and intervals read from a layer's records: NATIVE layers (the annotation store's rows: start_dttm,
 * end_dttm, short_descr, long_descr) and table layers (another chart's rows, with the columns the layer names),
 * as the incumbent's extractRecordAnnotations reads them.
 */
import type { AnnotationLayer } from '@lumen-bi/core';

/** One event or interval: its times in epoch ms, its title and its descriptions. */
export interface RecordAnnotation {
  time: number;
  /** An interval's end (null for an event, or a row without one). */
  end: number | null;
  title: string;
  descriptions: string[];
}

/** The columns of a NATIVE layer's records, fixed by the annotation store. */
const NATIVE_COLUMNS = { timeColumn: 'start_dttm', intervalEndColumn: 'end_dttm', titleColumn: 'short_descr', descriptionColumns: ['long_descr'] };

/**
 * The records the server answered for a layer: annotation_data[name] is `{ records }` (chart-backed layers)
 * or `{ columns, records }` (NATIVE ones); null when the answer has none for it.
 *
 * @example
 * layerRecords({ Releases: { records: [{ ds: 0 }] } }, 'Releases'); // [{ ds: 0 }]
 */
export function layerRecords(data: unknown, name: string): Record<string, unknown>[] | null {
  const result = isObject(data) ? data[name] : undefined;
  const records = isObject(result) ? result.records : undefined;
  return Array.isArray(records) ? records.filter(isObject) : null;
}

/** A plain object (a record, an answer), not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const NAIVE_DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * A time cell in epoch ms: numbers are epoch ms already (the chart-data encoding of temporal columns);
 * strings are ISO dates, read as UTC when they carry no zone (the server's naive datetimes are UTC, as the
 * x axis is). Anything else, or an unreadable string, is null.
 *
 * @example
 * toEpochMs('2024-03-01 12:00:00'); // Date.UTC(2024, 2, 1, 12)
 */
export function toEpochMs(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || !value.trim()) return null;
  const text = value.trim();
  const ms = Date.parse(NAIVE_DATE_TIME.test(text) ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isFinite(ms) ? ms : null;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * The events or intervals of a layer's records, with the NATIVE columns or, for a table layer, the columns it
 * names (timeColumn, intervalEndColumn, titleColumn, descriptionColumns). Rows without a readable time are
 * left out (the incumbent's chart library draws nothing for them either).
 *
 * @example
 * recordAnnotations({ name: 'Releases', sourceType: 'NATIVE' } as AnnotationLayer, [{ start_dttm: 0, end_dttm: 10, short_descr: 'v1', long_descr: '' }]);
 * // [{ time: 0, end: 10, title: 'v1', descriptions: [''] }]
 */
export function recordAnnotations(layer: AnnotationLayer, records: Record<string, unknown>[]): RecordAnnotation[] {
  const columns = layer.sourceType === 'table' ? layer : NATIVE_COLUMNS;
  const { timeColumn = '', intervalEndColumn = '', titleColumn = '' } = columns;
  // Saved form data is anyone's: a description list that is not one reads as none.
  const descriptionColumns: unknown[] = Array.isArray(columns.descriptionColumns) ? columns.descriptionColumns : [];
  return records.flatMap((record) => {
    const time = toEpochMs(record[String(timeColumn)]);
    if (time === null) return [];
    const cell = (column: unknown) => text(record[String(column)]);
    return [{ time, end: toEpochMs(record[String(intervalEndColumn)]), title: cell(titleColumn), descriptions: descriptionColumns.map(cell) }];
  });
}

/**
 * An annotation's label, as the incumbent's formatAnnotationLabel writes it: "layer - title", then a blank
 * line and the non-empty descriptions, one a line.
 *
 * @example
 * annotationLabel('Releases', 'v2', ['New charts', '']); // 'Releases - v2\n\nNew charts'
 */
export function annotationLabel(name: string, title: string, descriptions: string[]): string {
  const heading = [name, title].filter(Boolean).join(' - ');
  const details = descriptions.filter(Boolean).join('\n');
  return [heading, details].filter(Boolean).join('\n\n');
}
