/**
 * `histogram`: numpy-style equal-width bins over the non-null values of `column` (bin labels
 * `"<lo> - <hi>"` with Python float formatting), counts per `groupby` group, optionally
 * `cumulative` and/or `normalize`d by the grand total.
 */
import { colIndex, type Frame, GenericDataType, isNull, optBool, optString, optStringList, PostProcessingError, pyFloat, requireColumns, rowCount, toNumber } from './frame';
import { groupBy } from './group';

export const MAX_HISTOGRAM_BINS = 1000;

/**
 * A bin edge as its label: Python's float repr of the edge rounded to 12 significant digits, so an edge
 * computed as lo + b * step reads 2065.1, not 2065.1000000000004 (the binning itself uses the exact edge).
 */
const edgeLabel = (edge: number): string => pyFloat(Number(edge.toPrecision(12)));

export function histogram(frame: Frame, opts: Record<string, unknown>): Frame {
  const column = optString('histogram', opts, 'column', true);
  const groupby = optStringList('histogram', opts, 'groupby') ?? [];
  const bins = opts.bins ?? 5;
  if (typeof bins !== 'number' || !Number.isInteger(bins) || bins < 1 || bins > MAX_HISTOGRAM_BINS) {
    throw new PostProcessingError(`\`bins\` must be an integer between 1 and ${MAX_HISTOGRAM_BINS}`);
  }
  const cumulative = optBool('histogram', opts, 'cumulative', false);
  const normalize = optBool('histogram', opts, 'normalize', false);
  requireColumns(frame, [column, ...groupby], 'histogram');
  const ci = colIndex(frame, column);
  const n = rowCount(frame);
  const keep: number[] = [];
  for (let i = 0; i < n; i++) if (!isNull(frame.columns[ci][i])) keep.push(i);
  if (!keep.length) return { ...frame, columns: frame.columns.map(() => []) };
  const values = Float64Array.from(keep, (i) => toNumber(frame.columns[ci][i]));
  if (values.some((v) => v !== v)) throw new PostProcessingError(`Column '${column}' contains non-numeric values`);
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) { if (v < lo) lo = v; if (v > hi) hi = v; }
  if (lo === hi) { lo -= 0.5; hi += 0.5; }
  const edges = new Float64Array(bins + 1);
  const step = (hi - lo) / bins;
  for (let b = 0; b <= bins; b++) edges[b] = lo + b * step;
  edges[bins] = hi;
  const labels = Array.from({ length: bins }, (_, b) => `${edgeLabel(edges[b])} - ${edgeLabel(edges[b + 1])}`);
  const g = groupBy(groupby.map((c) => keep.map((i) => frame.columns[colIndex(frame, c)][i])), keep.length);
  const counts = Array.from({ length: Math.max(1, g.nGroups) }, () => new Float64Array(bins));
  for (let j = 0; j < keep.length; j++) {
    const k = groupby.length ? g.gid[j] : 0;
    if (k < 0) continue;
    const v = values[j];
    let b = Math.floor(((v - lo) / (hi - lo)) * bins);
    if (b >= bins) b = bins - 1;
    if (b < 0) b = 0;
    if (v < edges[b]) b--;
    else if (b < bins - 1 && v >= edges[b + 1]) b++;
    counts[k][b]++;
  }
  if (cumulative) for (const c of counts) for (let b = 1; b < bins; b++) c[b] += c[b - 1];
  if (normalize) {
    let total = 0;
    for (const c of counts) for (const v of c) total += v;
    for (const c of counts) for (let b = 0; b < bins; b++) c[b] /= total;
  }
  const groups = groupby.length ? g.nGroups : 1;
  const out: Frame = { colnames: [...groupby], coltypes: groupby.map((c) => frame.coltypes[colIndex(frame, c)]), columns: groupby.map((_, k) => g.keys[k]) };
  labels.forEach((label, b) => {
    out.colnames.push(label);
    out.coltypes.push(GenericDataType.NUMERIC);
    out.columns.push(Array.from({ length: groups }, (_, k) => counts[k][b]));
  });
  return out;
}
