/** Client-side sort and search over row indices (the records are never copied or reordered). */
import type { SortDirection } from './types';

/** Next direction in the header's cycle none -> ascending -> descending -> none. */
export function nextSortDirection(d: SortDirection): SortDirection {
  return d === 'none' ? 'ascending' : d === 'ascending' ? 'descending' : 'none';
}

/**
 * Indices of rows matching a search (case-insensitive substring over the given keys), sorted by a
 * column when a direction is set. Nulls sort last both ways.
 *
 * @example
 * visibleRows([{ a: 2 }, { a: 1 }], ['a'], '', 'a', 'ascending'); // Int32Array [1, 0]
 */
export function visibleRows(
  data: ReadonlyArray<Record<string, unknown>>,
  keys: readonly string[],
  search: string,
  sortKey: string | null,
  direction: SortDirection,
): Int32Array {
  const q = search.trim().toLowerCase();
  let idx: Int32Array;
  if (q) {
    const out: number[] = [];
    for (let i = 0; i < data.length; i++) {
      const r = data[i];
      for (const k of keys) {
        const v = r[k];
        if (v !== null && v !== undefined && String(v).toLowerCase().includes(q)) {
          out.push(i);
          break;
        }
      }
    }
    idx = Int32Array.from(out);
  } else {
    idx = new Int32Array(data.length);
    for (let i = 0; i < idx.length; i++) idx[i] = i;
  }
  if (!sortKey || direction === 'none') return idx;
  const sign = direction === 'ascending' ? 1 : -1;
  const collator = new Intl.Collator(undefined, { numeric: true });
  return idx.sort((a, b) => {
    const x = data[a][sortKey];
    const y = data[b][sortKey];
    if (x === null || x === undefined) return y === null || y === undefined ? a - b : 1;
    if (y === null || y === undefined) return -1;
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    return c * sign || a - b;
  });
}
