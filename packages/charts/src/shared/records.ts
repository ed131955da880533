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
 * A numeric column of a result: the result's own column when it is columnar (`columns`, aligned with
 * `colnames`, as produced by a worker or a columnar transport: no record pass at all), else extracted
 * from the records.
 *
 * @example
 * resultNumericColumn({ colnames: ['ds', 'v'], columns: [xs, ys], ... }, 'v'); // ys itself
 */
export function resultNumericColumn(result: ChartDataResponseResult | undefined, key: string): Float64Array | Array<number | null> {
  const columns = result?.columns as ReadonlyArray<ArrayLike<unknown>> | undefined;
  if (columns && result?.colnames) {
    const col = columns[result.colnames.indexOf(key)];
    if (col instanceof Float64Array) return col;
    if (col) return Array.from(col, toNumberOrNull);
  }
  return numericColumn(result?.data ?? [], key);
}

/** Number of rows of a result, records or columnar. */
export function resultLength(result: ChartDataResponseResult | undefined): number {
  const columns = result?.columns as ReadonlyArray<ArrayLike<unknown>> | undefined;
  return columns?.[0]?.length ?? result?.data?.length ?? 0;
}
