/**
 * The pivot table's cell aggregators, named as the incumbent's aggregateFunction control stores them.
 * The query already aggregates per (rows x columns) group; these combine those values into cells,
 * subtotals and totals on the client, as the incumbent's pivot table does.
 */

/** An accumulating aggregator of one cell. */
export interface Aggregator {
  push(value: unknown): void;
  /** The aggregate; null when there is nothing to aggregate. Strings for 'List Unique Values'. */
  value(): number | string | null;
}

/** What a fraction aggregator divides by. */
export type FractionOf = 'total' | 'row' | 'col';

/** A named aggregation: a factory and, for the "as Fraction of" family, the denominator. */
export interface AggregateFunction {
  create(): Aggregator;
  fractionOf?: FractionOf;
}

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

function numeric(reduce: (values: number[]) => number | null): AggregateFunction {
  return {
    create() {
      const values: number[] = [];
      return { push: (v) => { const n = num(v); if (n !== null) values.push(n); }, value: () => (values.length ? reduce(values) : null) };
    },
  };
}

const sum = (vs: number[]) => vs.reduce((a, b) => a + b, 0);
const mean = (vs: number[]) => sum(vs) / vs.length;
const variance = (vs: number[]) => {
  if (vs.length < 2) return null;
  const m = mean(vs);
  return vs.reduce((a, v) => a + (v - m) ** 2, 0) / (vs.length - 1);
};
const median = (vs: number[]) => {
  const s = [...vs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

function counting(kind: 'count' | 'unique' | 'list'): AggregateFunction {
  return {
    create() {
      let count = 0;
      const seen = new Set<string>();
      return {
        push(v) {
          count++;
          if (v !== null && v !== undefined) seen.add(String(v));
        },
        value: () => (kind === 'count' ? count : kind === 'unique' ? seen.size : [...seen].join(', ')),
      };
    },
  };
}

function firstLast(last: boolean): AggregateFunction {
  return {
    create() {
      let value: number | null = null;
      let seen = false;
      return { push: (v) => { if (last || !seen) value = num(v); seen = true; }, value: () => value };
    },
  };
}

const fraction = (base: AggregateFunction, of: FractionOf): AggregateFunction => ({ create: base.create, fractionOf: of });

/** Aggregate functions by the incumbent's names. */
export const AGGREGATE_FUNCTIONS: Readonly<Record<string, AggregateFunction>> = {
  Count: counting('count'),
  'Count Unique Values': counting('unique'),
  'List Unique Values': counting('list'),
  Sum: numeric(sum),
  Average: numeric(mean),
  Median: numeric(median),
  'Sample Variance': numeric(variance),
  'Sample Standard Deviation': numeric((vs) => { const v = variance(vs); return v === null ? null : Math.sqrt(v); }),
  Minimum: numeric((vs) => Math.min(...vs)),
  Maximum: numeric((vs) => Math.max(...vs)),
  First: firstLast(false),
  Last: firstLast(true),
  'Sum as Fraction of Total': fraction(numeric(sum), 'total'),
  'Sum as Fraction of Rows': fraction(numeric(sum), 'row'),
  'Sum as Fraction of Columns': fraction(numeric(sum), 'col'),
  'Count as Fraction of Total': fraction(counting('count'), 'total'),
  'Count as Fraction of Rows': fraction(counting('count'), 'row'),
  'Count as Fraction of Columns': fraction(counting('count'), 'col'),
};

/** Names of the aggregate functions, in the control's order. */
export const AGGREGATE_FUNCTION_NAMES: readonly string[] = Object.keys(AGGREGATE_FUNCTIONS);

/**
 * An aggregate function by name; unknown names fall back to Sum (the control's default).
 *
 * @example
 * const agg = getAggregateFunction('Average').create();
 * agg.push(2); agg.push(4); agg.value(); // 3
 */
export function getAggregateFunction(name: unknown): AggregateFunction {
  return (typeof name === 'string' && AGGREGATE_FUNCTIONS[name]) || AGGREGATE_FUNCTIONS.Sum;
}
