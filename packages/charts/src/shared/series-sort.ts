/** Series ordering by the spec's sort types (spec 2 §3): name, sum, min, max, avg; ascending flag. */

/** A series sort type. */
export type SeriesSortType = 'name' | 'sum' | 'min' | 'max' | 'avg';

/** What is sorted: a name and its values. */
export interface SortableSeries {
  name: string;
  values: ArrayLike<number | null>;
}

function stat(values: ArrayLike<number | null>, type: Exclude<SeriesSortType, 'name'>): number {
  let sum = 0;
  let count = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v !== v) continue;
    sum += v;
    count++;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (type === 'sum') return sum;
  if (type === 'avg') return count ? sum / count : 0;
  if (type === 'min') return count ? min : 0;
  return count ? max : 0;
}

/**
 * Sorts series (stable). Unknown or empty types keep the input order.
 *
 * @example
 * sortSeries([{ name: 'b', values: [1] }, { name: 'a', values: [5] }], 'sum', false).map((s) => s.name); // ['a', 'b']
 * sortSeries(series, 'name', true); // alphabetical
 */
export function sortSeries<T extends SortableSeries>(series: T[], type: unknown, ascending: boolean): T[] {
  // One series needs no order; skipping saves a full pass over a million values.
  if (series.length < 2) return series;
  if (type === 'name') {
    const collator = new Intl.Collator(undefined, { numeric: true });
    const sorted = [...series].sort((a, b) => collator.compare(a.name, b.name));
    return ascending ? sorted : sorted.reverse();
  }
  if (type !== 'sum' && type !== 'min' && type !== 'max' && type !== 'avg') return series;
  const keyed = series.map((s, i) => ({ s, i, k: stat(s.values, type) }));
  keyed.sort((a, b) => (ascending ? a.k - b.k : b.k - a.k) || a.i - b.i);
  return keyed.map((x) => x.s);
}
