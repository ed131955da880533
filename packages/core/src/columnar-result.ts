/**
 * Columnar chart-data results (`result_layout: 'columns'`) made safe for every consumer: plugins that
 * read columns use them as sent, anything that reads `data` (tables, 'View as table', embed payloads,
 * JSON/structured clones) still sees the incumbent's records, built only on first access.
 */
import type { ChartDataResponseResult } from './query-types';

function buildRecords(colnames: readonly string[], columns: ReadonlyArray<ArrayLike<unknown>>): Array<Record<string, unknown>> {
  const length = columns[0]?.length ?? 0;
  const rows = new Array<Record<string, unknown>>(length);
  for (let r = 0; r < length; r++) {
    // Same key order for every row, so the engine gives all rows one shape.
    const row: Record<string, unknown> = {};
    for (let c = 0; c < colnames.length; c++) row[colnames[c]] = columns[c][r];
    rows[r] = row;
  }
  return rows;
}

/**
 * Turns a columnar result into one that also answers `data` (records, built lazily and kept), with
 * `columns` kept but not enumerable: spreads, JSON and postMessage clones carry exactly the incumbent's
 * shape. Results that already hold records, or hold no columns, are returned unchanged.
 *
 * @example
 * const r = withLazyRecords({ colnames: ['ds', 'v'], columns: [[1, 2], [10, 20]], ... });
 * r.columns; // [[1, 2], [10, 20]] (no copy)
 * r.data;    // [{ ds: 1, v: 10 }, { ds: 2, v: 20 }] (built now, once)
 */
export function withLazyRecords<T extends ChartDataResponseResult>(result: T): T {
  if (result === null || typeof result !== 'object') return result;
  const columns = result.columns;
  if (!Array.isArray(columns) || result.data !== undefined) return result;
  const colnames = result.colnames;
  if (!Array.isArray(colnames) || colnames.length !== columns.length) {
    throw new Error(`Columnar chart-data result has ${columns.length} columns but ${Array.isArray(colnames) ? colnames.length : 'no'} colnames`);
  }
  let records: Array<Record<string, unknown>> | undefined;
  Object.defineProperty(result, 'columns', { value: columns, enumerable: false, writable: true, configurable: true });
  Object.defineProperty(result, 'data', {
    enumerable: true,
    configurable: true,
    get: () => (records ??= buildRecords(colnames, columns)),
    // A consumer replacing the rows gets a plain property, as on a records result.
    set: (value: unknown) => Object.defineProperty(result, 'data', { value, enumerable: true, writable: true, configurable: true }),
  });
  return result;
}
