/** `diff`: row-by-row (axis 0) or column-by-column (axis 1) difference, pandas DataFrame.diff. */
import { applyColumnMap } from './column-map';
import { copyFrame, type Frame, fromFloat64, GenericDataType, optColumnMap, optInt, PostProcessingError, requireColumns, toFloat64 } from './frame';

export function diffValues(values: Float64Array, periods: number): Float64Array {
  const n = values.length;
  const out = new Float64Array(n).fill(NaN);
  for (let i = 0; i < n; i++) {
    const j = i - periods;
    if (j >= 0 && j < n) out[i] = values[i] - values[j];
  }
  return out;
}

export function diff(frame: Frame, opts: Record<string, unknown>): Frame {
  const columns = optColumnMap('diff', opts, 'columns');
  if (!columns) throw new PostProcessingError('Option "columns" of post processing operation "diff" is required');
  const periods = optInt('diff', opts, 'periods') ?? 1;
  const axisRaw = opts.axis ?? 0;
  const axis = axisRaw === 'index' || axisRaw === 'rows' ? 0 : axisRaw === 'columns' ? 1 : axisRaw;
  if (axis !== 0 && axis !== 1) throw new PostProcessingError('Option "axis" of post processing operation "diff" must be 0 or 1');
  if (axis === 0) return applyColumnMap(frame, columns, {}, 'diff', (v) => diffValues(v, periods));
  // axis 1: each selected column minus the selected column `periods` positions to its left.
  const sources = Object.keys(columns);
  const idx = requireColumns(frame, sources, 'diff').flat();
  const values = idx.map((i) => toFloat64(frame.columns[i]));
  const n = values.length ? values[0].length : 0;
  const results = values.map((_, c) => {
    const out = new Float64Array(n).fill(NaN);
    const j = c - periods;
    if (j >= 0 && j < values.length) for (let r = 0; r < n; r++) out[r] = values[c][r] - values[j][r];
    return out;
  });
  const out = copyFrame(frame);
  idx.forEach((i, c) => {
    const target = columns[frame.colnames[i]] ?? frame.colnames[i];
    const col = fromFloat64(results[c]);
    if (target === frame.colnames[i]) {
      out.columns[i] = col;
      out.coltypes[i] = GenericDataType.NUMERIC;
    } else {
      out.colnames.push(target);
      out.coltypes.push(GenericDataType.NUMERIC);
      out.columns.push(col);
    }
  });
  return out;
}
