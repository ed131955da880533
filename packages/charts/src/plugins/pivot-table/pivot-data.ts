/**
 * The pivot computation: records -> row keys x column keys with an aggregator per (row prefix,
 * column prefix), so cells, subtotals (shorter prefixes) and totals (empty prefix) are one lookup.
 */
import { getAggregateFunction, type Aggregator } from './aggregators';

/** A key: one label per attribute level. */
export type PivotKey = string[];

/** Options of buildPivot. */
export interface PivotOptions {
  rowAttrs: string[];
  colAttrs: string[];
  aggregateFunction: string;
  /** 'key_a_to_z' | 'key_z_to_a' | 'value_a_to_z' | 'value_z_to_a'. */
  rowOrder?: string;
  colOrder?: string;
  /** Explicit order of some attributes' values (the metric level keeps the form-data order). */
  attrOrder?: Record<string, string[]>;
}

/** A computed pivot. */
export interface Pivot {
  rowKeys: PivotKey[];
  colKeys: PivotKey[];
  /** The aggregate of a (row prefix, column prefix); fractions are already divided. */
  value(rowKey: PivotKey, colKey: PivotKey): number | string | null;
}

const SEP = '\u0001';
const collator = new Intl.Collator(undefined, { numeric: true });

/** Unique full keys in first-seen order, then sorted level by level (so groups stay contiguous). */
function sortKeys(keys: PivotKey[], order: string | undefined, attrs: string[], attrOrder: Record<string, string[]>, total: (prefix: PivotKey) => number): PivotKey[] {
  const byValue = Boolean(order?.startsWith('value'));
  const sign = order?.endsWith('z_to_a') ? -1 : 1;
  const compareAt = (a: PivotKey, b: PivotKey, level: number): number => {
    const explicit = attrOrder[attrs[level]];
    if (explicit) return explicit.indexOf(a[level]) - explicit.indexOf(b[level]);
    if (byValue) return sign * (total(a.slice(0, level + 1)) - total(b.slice(0, level + 1)));
    return sign * collator.compare(a[level], b[level]);
  };
  return [...keys].sort((a, b) => {
    for (let level = 0; level < attrs.length; level++) {
      if (a[level] === b[level]) continue;
      const c = compareAt(a, b, level);
      // Distinct labels with equal sort values still need a consistent group order.
      return c || collator.compare(a[level], b[level]);
    }
    return 0;
  });
}

/**
 * Builds the pivot from flat records (one value per record under `valueKey`).
 *
 * @example
 * const p = buildPivot([{ r: 'a', c: 'x', v: 1 }, { r: 'a', c: 'y', v: 2 }], 'v', { rowAttrs: ['r'], colAttrs: ['c'], aggregateFunction: 'Sum' });
 * p.value(['a'], []); // 3 (row total)
 */
export function buildPivot(records: ReadonlyArray<Record<string, string | unknown>>, valueKey: string, options: PivotOptions): Pivot {
  const { rowAttrs, colAttrs } = options;
  const fn = getAggregateFunction(options.aggregateFunction);
  const cells = new Map<string, Aggregator>();
  const rowSeen = new Map<string, PivotKey>();
  const colSeen = new Map<string, PivotKey>();
  const at = (r: string, c: string) => {
    const k = r + SEP + SEP + c;
    let agg = cells.get(k);
    if (!agg) cells.set(k, (agg = fn.create()));
    return agg;
  };
  for (const rec of records) {
    const rk = rowAttrs.map((a) => String(rec[a]));
    const ck = colAttrs.map((a) => String(rec[a]));
    rowSeen.set(rk.join(SEP), rk);
    colSeen.set(ck.join(SEP), ck);
    const v = rec[valueKey];
    // Every (row prefix, column prefix) pair: cells, subtotals and totals in one pass.
    for (let i = 0; i <= rk.length; i++) {
      const rp = rk.slice(0, i).join(SEP);
      for (let j = 0; j <= ck.length; j++) at(rp, ck.slice(0, j).join(SEP)).push(v);
    }
  }
  const raw = (r: PivotKey, c: PivotKey) => cells.get(r.join(SEP) + SEP + SEP + c.join(SEP))?.value() ?? null;
  const asNum = (v: number | string | null) => (typeof v === 'number' ? v : 0);
  const attrOrder = options.attrOrder ?? {};
  return {
    rowKeys: rowAttrs.length ? sortKeys([...rowSeen.values()], options.rowOrder, rowAttrs, attrOrder, (p) => asNum(raw(p, []))) : [[]],
    colKeys: colAttrs.length ? sortKeys([...colSeen.values()], options.colOrder, colAttrs, attrOrder, (p) => asNum(raw([], p))) : [[]],
    value(r, c) {
      const v = raw(r, c);
      if (!fn.fractionOf || typeof v !== 'number') return v;
      const denominator = fn.fractionOf === 'total' ? raw([], []) : fn.fractionOf === 'row' ? raw(r, []) : raw([], c);
      return typeof denominator === 'number' && denominator !== 0 ? v / denominator : null;
    },
  };
}
