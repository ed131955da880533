/** Helpers over the chart-data response: records, column names and numeric columns. */
import type { ChartDataResponseResult } from '@lumen-bi/core';

/** The records of the first (or i-th) query, never undefined. */
export function getRecords(queriesData: ChartDataResponseResult[], i = 0): Array<Record<string, unknown>> {
  return queriesData[i]?.data ?? [];
}

/** Row count of a query result (rowcount, else the records' length). */
export function getRowcount(queriesData: ChartDataResponseResult[], i = 0): number {
  const q = queriesData[i];
  return q?.rowcount ?? q?.data?.length ?? 0;
}

/** Column names of a result: colnames, else the first record's keys. */
export function getColnames(result: ChartDataResponseResult | undefined): string[] {
  if (!result) return [];
  return result.colnames ?? Object.keys(result.data?.[0] ?? {});
}

/** Converts a cell to a number for plotting: null/undefined/'' stay null. */
export function toNumberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * One record field as a numeric column. Without nulls the result is a Float64Array (no boxing, and
 * uPlot reads typed arrays directly); with nulls it is a plain array so uPlot draws gaps.
 *
 * @example
 * numericColumn([{ a: 1 }, { a: 2 }], 'a');    // Float64Array [1, 2]
 * numericColumn([{ a: 1 }, { a: null }], 'a'); // [1, null]
 */
export function numericColumn(records: ReadonlyArray<Record<string, unknown>>, key: string): Float64Array | Array<number | null> {
  const n = records.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = records[i][key];
    // Hot loop: the common case is a finite number; anything else drops to the slow path once.
    if (typeof v === 'number' && v === v) out[i] = v;
    else return slowNumericColumn(records, key, out, i);
  }
  return out;
}

function slowNumericColumn(
  records: ReadonlyArray<Record<string, unknown>>,
  key: string,
  done: Float64Array,
  from: number,
): Array<number | null> {
  const out: Array<number | null> = new Array(records.length);
  for (let i = 0; i < from; i++) out[i] = done[i];
  for (let i = from; i < records.length; i++) out[i] = toNumberOrNull(records[i][key]);
  return out;
}

/**
 * A plain array used as a numeric column as it is when every cell is already a finite number or null
 * (what a parsed columnar response holds): uPlot reads it directly, so no copy and no boxing. Returns
 * null when some cell needs converting.
 */
function asCleanNumericArray(column: ArrayLike<unknown>): Array<number | null> | null {
  if (!Array.isArray(column)) return null;
  for (let i = 0; i < column.length; i++) {
    const v: unknown = column[i];
    if (v !== null && (typeof v !== 'number' || v !== v)) return null;
  }
  return column as Array<number | null>;
}

/**
 * One column of a result as sent: the columnar result's own array (`columns`, aligned with `colnames`;
 * no record pass at all), else the field read from each record. Undefined when a columnar result lacks it.
 *
 * @example
 * resultColumn({ colnames: ['ds', 'v'], columns: [xs, ys], ... }, 'v'); // ys itself
 */
export function resultColumn(result: ChartDataResponseResult | undefined, key: string): ArrayLike<unknown> | undefined {
  const columns = result?.columns;
  if (columns && result?.colnames) {
    const index = result.colnames.indexOf(key);
    return index < 0 ? undefined : columns[index];
  }
  return result?.data?.map((r) => r[key]);
}

/** One cell of a result, columnar or records, without building either the other way. */
export function resultCell(result: ChartDataResponseResult | undefined, key: string, row: number): unknown {
  const columns = result?.columns;
  if (columns && result?.colnames) return columns[result.colnames.indexOf(key)]?.[row];
  return result?.data?.[row]?.[key];
}

/**
 * A numeric column of a result: the columnar result's own column when it already holds numbers (a
 * Float64Array, or a parsed JSON array of numbers and nulls: returned as is), a converted copy when it
 * holds other values, else extracted from the records in one pass.
 *
 * @example
 * resultNumericColumn({ colnames: ['ds', 'v'], columns: [xs, ys], ... }, 'v'); // ys itself
 */
export function resultNumericColumn(result: ChartDataResponseResult | undefined, key: string): Float64Array | Array<number | null> {
  const columns = result?.columns;
  if (columns && result?.colnames) {
    const col = columns[result.colnames.indexOf(key)];
    if (col instanceof Float64Array) return col;
    if (col) return asCleanNumericArray(col) ?? Array.from(col, toNumberOrNull);
    return new Array<number | null>(resultLength(result)).fill(null);
  }
  return numericColumn(result?.data ?? [], key);
}

/** Number of rows of a result, records or columnar (never builds the records of a columnar result). */
export function resultLength(result: ChartDataResponseResult | undefined): number {
  const columns = result?.columns;
  if (columns) return columns[0]?.length ?? 0;
  return result?.data?.length ?? 0;
}
