/**
 * `rename`: pandas `df.rename(columns=..., level=...)`. On a MultiIndex frame labels are renamed
 * in every level, or only in `level` (position or level name). Superset rejects a rename whose
 * new labels all already exist ("Label already exists").
 */
import { copyFrame, type Frame, type Label, MissingColumnsError, optBool, optionError, PostProcessingError } from './frame';

export function rename(frame: Frame, opts: Record<string, unknown>): Frame {
  const raw = opts.columns;
  if (raw === undefined || raw === null) return frame;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw optionError('rename', 'columns', 'is expected to map column names to new names');
  const map = raw as Record<string, unknown>;
  optBool('rename', opts, 'inplace', false);
  const keys = Object.keys(map);
  if (!keys.length) return frame;
  for (const v of Object.values(map)) {
    if (v !== null && typeof v !== 'string') throw optionError('rename', 'columns', 'is expected to map column names to new names');
  }
  const start = frame.indexCount ?? 0;
  const level = opts.level;
  let levelPos: number | undefined;
  if (level !== undefined && level !== null) {
    if (typeof level === 'number' && Number.isInteger(level)) levelPos = level;
    else if (typeof level === 'string' && frame.levelNames?.includes(level)) levelPos = frame.levelNames.indexOf(level);
    else if (typeof level === 'string' && !frame.levels && level === '') levelPos = 0;
    else throw new PostProcessingError(`Invalid level for rename: ${String(level)}`);
    const depth = frame.levels ? Math.max(...frame.levels.map((l) => l?.length ?? 1)) : 1;
    if (levelPos < 0) levelPos += depth;
    if (levelPos < 0 || levelPos >= depth) throw new PostProcessingError(`Invalid level for rename: ${String(level)}`);
  }
  // Labels available in the renamed level (validate_column_args checks level 0).
  const tupleOf = (i: number): Label[] => (frame.levels?.[i] ?? [frame.colnames[i]]) as Label[];
  const level0 = new Set<string>();
  const inLevel = new Set<string>();
  for (let i = start; i < frame.colnames.length; i++) {
    const t = tupleOf(i);
    level0.add(String(t[0]));
    if (levelPos === undefined) t.forEach((x) => inLevel.add(String(x)));
    else if (t.length > levelPos) inLevel.add(String(t[levelPos]));
  }
  if (levelPos === undefined || levelPos === 0) {
    for (const k of keys) if (!level0.has(k) && !frame.colnames.includes(k)) throw new MissingColumnsError('Referenced columns not available in DataFrame.');
  }
  const newNames = Object.values(map).map(String);
  if (newNames.every((nn) => inLevel.has(nn))) throw new PostProcessingError('Label already exists');
  const out = copyFrame(frame);
  for (let i = start; i < frame.colnames.length; i++) {
    const t = tupleOf(i).slice();
    let changed = false;
    t.forEach((x, pos) => {
      if (levelPos !== undefined && pos !== levelPos) return;
      const key = String(x);
      if (Object.prototype.hasOwnProperty.call(map, key)) {
        t[pos] = map[key] as Label;
        changed = true;
      }
    });
    if (!changed) continue;
    if (out.levels && out.levels[i]) out.levels[i] = t;
    out.colnames[i] = t.map((x) => String(x)).join(', ');
  }
  return out;
}
