/**
 * `flatten`: MultiIndex column labels joined with ', ' (after dropping `drop_levels`), and the
 * row index turned back into ordinary columns (`reset_index`, default true).
 */
import { type Frame, FLAT_COLUMN_SEPARATOR, type Label, optBool, optionError } from './frame';

export function flatten(frame: Frame, opts: Record<string, unknown>): Frame {
  const resetIndex = optBool('flatten', opts, 'reset_index', true);
  const rawDrop = opts.drop_levels ?? [];
  const dropList = Array.isArray(rawDrop) ? rawDrop : [rawDrop];
  if (dropList.some((d) => typeof d !== 'number' && typeof d !== 'string')) {
    throw optionError('flatten', 'drop_levels', 'is expected to be a list of level positions or names');
  }
  const out: Frame = { colnames: frame.colnames.slice(), coltypes: frame.coltypes.slice(), columns: frame.columns.slice() };
  const start = frame.indexCount ?? 0;
  if (frame.levels) {
    const depth = Math.max(1, ...frame.levels.map((l) => l?.length ?? 1));
    const drop = new Set<number>();
    for (const d of dropList) {
      let pos = typeof d === 'number' ? d : (frame.levelNames ?? []).indexOf(d);
      if (pos < 0 && typeof d === 'number') pos += depth;
      if (pos < 0 || pos >= depth) throw optionError('flatten', 'drop_levels', `names an unknown level: ${String(d)}`);
      drop.add(pos);
    }
    if (drop.size >= depth) throw optionError('flatten', 'drop_levels', 'cannot drop every level');
    for (let i = start; i < frame.colnames.length; i++) {
      const t = frame.levels[i];
      if (!t) continue;
      // Null labels (left by `rename {metric: null}` when there is one metric) are skipped, as pandas'
      // notnull filter does in the incumbent's flatten.
      const kept: Label[] = t.filter((label, pos) => !drop.has(pos) && label !== null && label !== undefined);
      out.colnames[i] = kept.map((x) => String(x)).join(FLAT_COLUMN_SEPARATOR);
    }
  } else if (dropList.length) {
    const bad = dropList.filter((d) => d !== 0 && d !== -1);
    if (bad.length) throw optionError('flatten', 'drop_levels', `names an unknown level: ${String(bad[0])}`);
  }
  if (!resetIndex && start) {
    out.indexCount = start;
  }
  return out;
}
