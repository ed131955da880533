/**
 * The series of a time-series layer (sourceType 'line': another saved line chart): what the server answered
 * under annotation_data[name], as lines of (x, y) points. Lumen's server answers that chart's rows as
 * `{ records }` (its x column first, then a column per series, as its own query pivots them); the incumbent's
 * older answers, `[{ key, values: [{ x, y }] }]`, are read too.
 */
import { isObject, toEpochMs } from './records';

/** One series of another chart: its name and its points in x order. */
export interface LayerSeries {
  key: string;
  xs: number[];
  ys: Array<number | null>;
}

/** The name of the x column of a line chart's rows: the legacy `__timestamp`, else the first column. */
function xColumnOf(record: Record<string, unknown>): string | undefined {
  return '__timestamp' in record ? '__timestamp' : Object.keys(record)[0];
}

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Points sorted by x, so the line runs left to right whatever order the rows came in. */
function sorted(key: string, points: Array<[number, number | null]>): LayerSeries {
  points.sort((a, b) => a[0] - b[0]);
  return { key, xs: points.map((p) => p[0]), ys: points.map((p) => p[1]) };
}

/** Series of `{ records }`: every column holding a number in some row, but the x column. */
function fromRecords(records: Record<string, unknown>[]): LayerSeries[] {
  const xColumn = records.length ? xColumnOf(records[0]) : undefined;
  if (xColumn === undefined) return [];
  const keys = [...new Set(records.flatMap((r) => Object.keys(r).filter((k) => k !== xColumn && typeof r[k] === 'number')))];
  const rows = records.flatMap((r) => {
    const x = toEpochMs(r[xColumn]);
    return x === null ? [] : [{ x, r }];
  });
  return keys.map((key) => sorted(key, rows.map(({ x, r }) => [x, numberOrNull(r[key])])));
}

/** Series of the incumbent's `[{ key, values: [{ x, y }] }]`. */
function fromKeyValues(list: unknown[]): LayerSeries[] {
  return list.filter(isObject).flatMap((s) => {
    if (!Array.isArray(s.values)) return [];
    const points = s.values.filter(isObject).flatMap((v): Array<[number, number | null]> => {
      const x = toEpochMs(v.x);
      return x === null ? [] : [[x, numberOrNull(v.y)]];
    });
    return [sorted(String(s.key ?? ''), points)];
  });
}

/**
 * The series of a time-series layer's answer; empty when there is none (the layer draws nothing).
 *
 * @example
 * layerSeries({ records: [{ ds: 86400000, 'SUM(num)': 3 }, { ds: 0, 'SUM(num)': 2 }] });
 * // [{ key: 'SUM(num)', xs: [0, 86400000], ys: [2, 3] }]
 */
export function layerSeries(result: unknown): LayerSeries[] {
  if (Array.isArray(result)) return fromKeyValues(result);
  if (isObject(result) && Array.isArray(result.records)) return fromRecords(result.records.filter(isObject));
  return [];
}
