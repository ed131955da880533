/**
 * `compare`: per pair (source, compare) adds `<compare_type>__<source>__<compare>` with the
 * difference, percentage change ((s - c) / c) or ratio (s / c), the latter two rounded to
 * `precision` (default 4) decimals half-to-even like numpy. The spec's comparison types map
 * onto Superset's: `absolute` -> `difference`; `values` is a no-op.
 */
import { copyFrame, type Frame, fromFloat64, GenericDataType, optBool, optInt, optStringList, optionError, PostProcessingError, requireColumns, TIME_COMPARISON, toFloat64 } from './frame';

const TYPE_ALIASES: Record<string, string> = { difference: 'difference', absolute: 'difference', percentage: 'percentage', ratio: 'ratio' };

export function roundHalfEven(x: number, precision: number): number {
  if (x - x !== 0) return x;
  const f = 10 ** precision;
  const y = x * f;
  let r = Math.round(y);
  if (Math.abs(y - Math.trunc(y)) === 0.5) r = 2 * Math.round(y / 2);
  return r / f;
}

export function compare(frame: Frame, opts: Record<string, unknown>): Frame {
  const source = optStringList('compare', opts, 'source_columns', true) as string[];
  const comp = optStringList('compare', opts, 'compare_columns', true) as string[];
  const rawType = opts.compare_type;
  if (rawType === 'values') return frame;
  const type = typeof rawType === 'string' ? TYPE_ALIASES[rawType] : undefined;
  if (source.length !== comp.length) throw new PostProcessingError('`compare_columns` must have the same length as `source_columns`.');
  if (!type) throw new PostProcessingError('`compare_type` must be `difference`, `percentage` or `ratio`');
  const precision = optInt('compare', opts, 'precision') ?? 4;
  if (precision < 0) throw optionError('compare', 'precision', 'must be >= 0');
  const dropOriginal = optBool('compare', opts, 'drop_original_columns', false);
  const sIdx = requireColumns(frame, source, 'compare').map((x) => x[0]);
  const cIdx = requireColumns(frame, comp, 'compare').map((x) => x[0]);
  if (!source.length) return frame;
  const out = copyFrame(frame);
  source.forEach((s, k) => {
    const a = toFloat64(frame.columns[sIdx[k]]);
    const b = toFloat64(frame.columns[cIdx[k]]);
    const r = new Float64Array(a.length);
    for (let i = 0; i < a.length; i++) {
      if (type === 'difference') r[i] = a[i] - b[i];
      else if (type === 'percentage') r[i] = roundHalfEven((a[i] - b[i]) / b[i], precision);
      else r[i] = roundHalfEven(a[i] / b[i], precision);
    }
    out.colnames.push([type, s, comp[k]].join(TIME_COMPARISON));
    out.coltypes.push(GenericDataType.NUMERIC);
    out.columns.push(fromFloat64(r));
    if (out.levels) out.levels.push([[type, s, comp[k]].join(TIME_COMPARISON)]);
  });
  if (!dropOriginal) return out;
  const drop = new Set([...source, ...comp]);
  const keep = out.colnames.map((_, i) => i).filter((i) => !drop.has(out.colnames[i]) || i < (out.indexCount ?? 0));
  return {
    ...out,
    colnames: keep.map((i) => out.colnames[i]),
    coltypes: keep.map((i) => out.coltypes[i]),
    columns: keep.map((i) => out.columns[i]),
    ...(out.levels ? { levels: keep.map((i) => out.levels![i]) } : {}),
  };
}
