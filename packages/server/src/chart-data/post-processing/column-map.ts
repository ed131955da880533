/**
 * Superset's `_append_columns` for operations taking a `{source: target}` column map (rolling,
 * cum, diff): `{y: y}` replaces `y`, `{y: y2}` appends `y2` next to the untouched `y`. On a
 * pivoted (MultiIndex) frame a source names the first level and selects all its columns.
 */
import { copyFrame, dataColumns, fromFloat64, GenericDataType, type Frame, type Label, optBool, PostProcessingError, requireColumns, toFloat64 } from './frame';

export type ColumnTransform = (values: Float64Array) => Float64Array;

export function applyColumnMap(
  frame: Frame,
  map: Record<string, string> | undefined,
  opts: Record<string, unknown>,
  operation: string,
  fn: ColumnTransform,
): Frame {
  const out = copyFrame(frame);
  const isPivot = optBool(operation, opts, 'is_pivot_df', false);
  if (!map || isPivot || !Object.keys(map).length) {
    if (map && !isPivot && !Object.keys(map).length) return out;
    // No column map: every numeric data column (a pivoted frame), as is_pivot_df does.
    for (const i of dataColumns(frame)) {
      if (frame.coltypes[i] !== GenericDataType.NUMERIC) continue;
      out.columns[i] = fromFloat64(fn(toFloat64(frame.columns[i])));
    }
    return out;
  }
  const sources = Object.keys(map);
  const resolved = requireColumns(frame, sources, operation);
  sources.forEach((src, s) => {
    const target = map[src];
    for (const i of resolved[s]) {
      const values = fromFloat64(fn(toFloat64(frame.columns[i])));
      if (target === src) {
        out.columns[i] = values;
        out.coltypes[i] = GenericDataType.NUMERIC;
        continue;
      }
      const lv = frame.levels?.[i];
      const newLevels: Label[] | null = lv && lv.length > 1 ? [target, ...lv.slice(1)] : null;
      const name = newLevels ? newLevels.map(String).join(', ') : target;
      const existing = out.colnames.indexOf(name);
      if (existing >= 0) {
        out.columns[existing] = values;
        out.coltypes[existing] = GenericDataType.NUMERIC;
        continue;
      }
      out.colnames.push(name);
      out.coltypes.push(GenericDataType.NUMERIC);
      out.columns.push(values);
      if (out.levels) out.levels.push(newLevels ?? [target]);
    }
  });
  return out;
}

export function assertNoUnknownTarget(map: Record<string, string>, operation: string): void {
  for (const [k, v] of Object.entries(map)) if (!v) throw new PostProcessingError(`Invalid target column for ${k} (operation ${operation})`);
}
