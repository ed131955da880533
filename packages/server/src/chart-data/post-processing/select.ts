/** `select`: keep `columns` (in that order), drop `exclude`, then `rename` ({old: new}). */
import { type Frame, MissingColumnsError, optionError, optStringList } from './frame';

function renameMap(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  const list = Array.isArray(raw) ? raw : [raw];
  const out: Record<string, string> = {};
  for (const m of list) {
    if (!m || typeof m !== 'object' || Array.isArray(m)) throw optionError('select', 'rename', 'is expected to map column names to column names');
    for (const [k, v] of Object.entries(m as Record<string, unknown>)) {
      if (typeof v !== 'string') throw optionError('select', 'rename', 'is expected to map column names to column names');
      out[k] = v;
    }
  }
  return out;
}

export function select(frame: Frame, opts: Record<string, unknown>): Frame {
  const columns = optStringList('select', opts, 'columns');
  const exclude = optStringList('select', opts, 'exclude');
  const rename = renameMap(opts.rename);
  const missing = [...(columns ?? []), ...(exclude ?? []), ...Object.keys(rename)].filter((c) => !frame.colnames.includes(c));
  if (missing.length) throw new MissingColumnsError(`Referenced columns not available in DataFrame: ${missing.join(', ')}`);
  let idx = columns && columns.length ? columns.map((c) => frame.colnames.indexOf(c)) : frame.colnames.map((_, i) => i);
  if (exclude && exclude.length) {
    const gone = exclude.filter((c) => !idx.some((i) => frame.colnames[i] === c));
    if (gone.length) throw new MissingColumnsError(`Referenced columns not available in DataFrame: ${gone.join(', ')}`);
    idx = idx.filter((i) => !exclude.includes(frame.colnames[i]));
  }
  const out: Frame = {
    colnames: idx.map((i) => rename[frame.colnames[i]] ?? frame.colnames[i]),
    coltypes: idx.map((i) => frame.coltypes[i]),
    columns: idx.map((i) => frame.columns[i]),
  };
  if (frame.levels) out.levels = idx.map((i) => frame.levels![i]);
  if (frame.levelNames) out.levelNames = frame.levelNames.slice();
  const ic = frame.indexCount ?? 0;
  if (ic) {
    let kept = 0;
    while (kept < idx.length && idx[kept] === kept && kept < ic) kept++;
    if (kept) out.indexCount = kept;
  }
  return out;
}
