/**
 * `aggregate`: pandas `df.groupby(groupby).agg(**named_aggs).reset_index()` — groups sorted by
 * key, null keys dropped, aggregates skip nulls (numpy std/var use ddof 0 as numpy does).
 */
import { colIndex, type Frame, GenericDataType, optStringList, PostProcessingError, requireColumns, rowCount } from './frame';
import { aggregateColumn, groupBy, parseAggregates } from './group';

export function aggregate(frame: Frame, opts: Record<string, unknown>): Frame {
  const groupby = optStringList('aggregate', opts, 'groupby') ?? [];
  requireColumns(frame, groupby, 'aggregate');
  const aggs = parseAggregates(opts.aggregates, 'aggregate', (c) => colIndex(frame, c) >= 0);
  const keyIdx = groupby.map((g) => colIndex(frame, g));
  const n = rowCount(frame);
  const g = groupBy(keyIdx.map((i) => frame.columns[i]), n);
  if (!groupby.length && n === 0) g.nGroups = 0;
  const out: Frame = { colnames: [], coltypes: [], columns: [] };
  keyIdx.forEach((i, k) => {
    out.colnames.push(groupby[k]);
    out.coltypes.push(frame.coltypes[i]);
    out.columns.push(g.keys[k]);
  });
  for (const a of aggs) {
    const ci = colIndex(frame, a.column);
    const { column, type } = aggregateColumn(frame.columns[ci], frame.coltypes[ci], g, a, 'aggregate');
    if (out.colnames.includes(a.label)) throw new PostProcessingError(`Duplicate aggregate label: ${a.label}`);
    out.colnames.push(a.label);
    out.coltypes.push(type ?? GenericDataType.NUMERIC);
    out.columns.push(column);
  }
  return out;
}
