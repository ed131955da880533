/**
 * `contribution`: each numeric cell divided by its column total (`orientation: column`, the
 * default; nulls count as 0) or by its row total (`orientation: row`; time-shifted columns
 * `metric__<shift>` form their own groups, one per entry of `time_shifts`). Results replace the
 * columns, or go to `rename_columns`. `contribution_totals` overrides column totals.
 */
import { copyFrame, type Frame, fromFloat64, GenericDataType, MissingColumnsError, optRecord, optString, optStringList, PostProcessingError, rowCount, TIME_COMPARISON, toFloat64 } from './frame';

export function contribution(frame: Frame, opts: Record<string, unknown>, timeOffsets?: string[]): Frame {
  const orientation = optString('contribution', opts, 'orientation') ?? 'column';
  if (orientation !== 'row' && orientation !== 'column') {
    throw new PostProcessingError('Option "orientation" of post processing operation "contribution" must be "row" or "column"');
  }
  const columns = optStringList('contribution', opts, 'columns');
  const timeShifts = optStringList('contribution', opts, 'time_shifts') ?? timeOffsets;
  const totals = optRecord('contribution', opts, 'contribution_totals');
  const start = frame.indexCount ?? 0;
  const numeric: number[] = [];
  for (let i = start; i < frame.colnames.length; i++) if (frame.coltypes[i] === GenericDataType.NUMERIC) numeric.push(i);
  let actual: number[];
  if (columns && columns.length) {
    actual = columns.map((c) => {
      const i = numeric.find((j) => frame.colnames[j] === c);
      if (i === undefined) throw new MissingColumnsError(`Column "${c}" is not numeric or does not exists in the query results.`);
      return i;
    });
  } else actual = numeric;
  const rename = optStringList('contribution', opts, 'rename_columns') ?? actual.map((i) => frame.colnames[i]);
  if (rename.length !== actual.length) {
    throw new PostProcessingError('`rename_columns` must have the same length as `columns` + `time_shift_columns`.');
  }
  const n = rowCount(frame);
  const out = copyFrame(frame);
  const write = (name: string, values: Float64Array) => {
    const col = fromFloat64(values);
    const at = out.colnames.indexOf(name);
    if (at >= start && at >= 0) {
      out.columns[at] = col;
      out.coltypes[at] = GenericDataType.NUMERIC;
    } else {
      out.colnames.push(name);
      out.coltypes.push(GenericDataType.NUMERIC);
      out.columns.push(col);
      if (out.levels) out.levels.push([name]);
    }
  };
  if (orientation === 'column') {
    actual.forEach((ci, k) => {
      const x = toFloat64(frame.columns[ci]);
      for (let i = 0; i < n; i++) if (x[i] !== x[i]) x[i] = 0;
      let total: number;
      if (totals) {
        const t = totals[frame.colnames[ci]];
        total = typeof t === 'number' ? t : 0;
        if (!total) {
          write(rename[k], new Float64Array(n));
          return;
        }
      } else {
        total = 0;
        for (let i = 0; i < n; i++) total += x[i];
      }
      for (let i = 0; i < n; i++) x[i] /= total;
      write(rename[k], x);
    });
    return out;
  }
  // Row orientation: group columns by time shift suffix.
  const groups = new Map<string, number[]>();
  actual.forEach((ci, k) => {
    const name = frame.colnames[ci];
    const head = frame.levels?.[ci]?.[0];
    const label = typeof head === 'string' ? head : name;
    const shift = (timeShifts ?? []).find((ts) => label.endsWith(TIME_COMPARISON + ts)) ?? '';
    const g = groups.get(shift) ?? [];
    g.push(k);
    groups.set(shift, g);
  });
  const ordered = [groups.get('') ?? [], ...[...groups.entries()].filter(([s]) => s !== '').map(([, g]) => g)];
  for (const g of ordered) {
    if (!g.length) continue;
    const vals = g.map((k) => toFloat64(frame.columns[actual[k]]));
    const sums = new Float64Array(n);
    for (const v of vals) for (let i = 0; i < n; i++) if (v[i] === v[i]) sums[i] += v[i];
    g.forEach((k, j) => {
      const v = vals[j];
      for (let i = 0; i < n; i++) v[i] /= sums[i];
      write(rename[k], v);
    });
  }
  return out;
}
