/**
 * `sort`: pandas `sort_values(by, ascending)` — stable, multi-key, nulls last in either
 * direction. Keys become Float64 ranks first, so the comparator only compares numbers.
 * Options: `columns` ({name: ascending}, Superset's form) or `by` + `ascending`;
 * `is_sort_index` sorts by the index columns.
 */
import { encodeColumn } from './group';
import { colIndex, type Frame, GenericDataType, MissingColumnsError, optBool, optionError, rowCount, toFloat64 } from './frame';

function sortKeys(opts: Record<string, unknown>, frame: Frame): { names: string[]; asc: boolean[] } {
  if (optBool('sort', opts, 'is_sort_index', false)) {
    const k = frame.indexCount ?? 0;
    const asc = opts.ascending === undefined ? true : opts.ascending;
    return { names: frame.colnames.slice(0, k), asc: frame.colnames.slice(0, k).map((_, i) => (Array.isArray(asc) ? asc[i] !== false : asc !== false)) };
  }
  if (opts.columns !== undefined && opts.columns !== null) {
    if (typeof opts.columns !== 'object' || Array.isArray(opts.columns)) throw optionError('sort', 'columns', 'is expected to map column names to booleans');
    const entries = Object.entries(opts.columns as Record<string, unknown>);
    return { names: entries.map(([k]) => k), asc: entries.map(([, v]) => v !== false) };
  }
  const by = opts.by;
  if (by === undefined || by === null) throw optionError('sort', 'columns', 'is required (or "by")');
  const names = typeof by === 'string' ? [by] : Array.isArray(by) && by.every((b) => typeof b === 'string') ? (by as string[]) : null;
  if (!names) throw optionError('sort', 'by', 'is expected to be a column name or a list of column names');
  const a = opts.ascending;
  let asc: boolean[];
  if (a === undefined || a === null) asc = names.map(() => true);
  else if (typeof a === 'boolean') asc = names.map(() => a);
  else if (Array.isArray(a) && a.length === names.length && a.every((x) => typeof x === 'boolean')) asc = a as boolean[];
  else throw optionError('sort', 'ascending', 'is expected to be a boolean or a list of booleans as long as "by"');
  return { names, asc };
}

/** The stable permutation that sorts `frame` by the given keys. */
export function sortPermutation(frame: Frame, names: string[], asc: boolean[]): Uint32Array | number[] {
  const n = rowCount(frame);
  const keys: Float64Array[] = names.map((name) => {
    const i = colIndex(frame, name);
    if (i < 0) throw new MissingColumnsError(`Referenced columns not available in DataFrame: ${name} (operation sort)`);
    const t = frame.coltypes[i];
    if (t === GenericDataType.NUMERIC || t === GenericDataType.TEMPORAL) {
      const col = frame.columns[i];
      if (col.every((v) => v === null || v === undefined || typeof v === 'number')) return toFloat64(col);
    }
    const { codes, uniques } = encodeColumn(frame.columns[i], true);
    const out = new Float64Array(n);
    for (let r = 0; r < n; r++) out[r] = codes[r] < 0 ? NaN : codes[r];
    void uniques;
    return out;
  });
  const perm = new Array<number>(n);
  for (let i = 0; i < n; i++) perm[i] = i;
  const k = keys.length;
  if (k === 1) {
    const key = keys[0];
    const dir = asc[0] ? 1 : -1;
    perm.sort((a, b) => {
      const x = key[a];
      const y = key[b];
      if (x !== x) return y !== y ? 0 : 1;
      if (y !== y) return -1;
      return x < y ? -dir : x > y ? dir : 0;
    });
    return perm;
  }
  perm.sort((a, b) => {
    for (let j = 0; j < k; j++) {
      const x = keys[j][a];
      const y = keys[j][b];
      if (x !== x) {
        if (y !== y) continue;
        return 1;
      }
      if (y !== y) return -1;
      if (x < y) return asc[j] ? -1 : 1;
      if (x > y) return asc[j] ? 1 : -1;
    }
    return 0;
  });
  return perm;
}

export function takeRows(frame: Frame, perm: ArrayLike<number>): Frame {
  const n = perm.length;
  const columns = frame.columns.map((col) => {
    const out = new Array<unknown>(n);
    for (let i = 0; i < n; i++) out[i] = col[perm[i]];
    return out;
  });
  return { ...frame, columns };
}

export function sort(frame: Frame, opts: Record<string, unknown>): Frame {
  const { names, asc } = sortKeys(opts, frame);
  if (!names.length) return frame;
  return takeRows(frame, sortPermutation(frame, names, asc));
}
