/** Row sorting of the time-series table: by a header's column, as the incumbent's sortable table does. */
import type { SparkCell, TimeTableRow, ValueCell } from './types';

/** The column a table is sorted by (-1: the row labels) and its direction. */
export interface TimeTableSort {
  column: number;
  desc: boolean;
}

/**
 * What a cell sorts by: its number, or a sparkline's latest value; null (always last) when it has none.
 *
 * @example
 * cellSortValue({ kind: 'value', value: 0.5, text: '50%', color: null }); // 0.5
 */
export function cellSortValue(cell: SparkCell | ValueCell | undefined): number | null {
  if (!cell) return null;
  if (cell.kind === 'value') return cell.value;
  for (let i = cell.values.length - 1; i >= 0; i--) if (cell.values[i] !== null) return cell.values[i];
  return null;
}

/**
 * The rows in the order of `sort` (labels alphabetically for column -1); rows without a value go last.
 *
 * @example
 * sortRows(rows, { column: 0, desc: true }).map((r) => r.label);
 */
export function sortRows(rows: readonly TimeTableRow[], sort: TimeTableSort | null): TimeTableRow[] {
  if (!sort) return [...rows];
  const sign = sort.desc ? -1 : 1;
  if (sort.column < 0) return [...rows].sort((a, b) => sign * a.label.localeCompare(b.label));
  return [...rows].sort((a, b) => {
    const [x, y] = [cellSortValue(a.cells[sort.column]), cellSortValue(b.cells[sort.column])];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * (x - y);
  });
}
