/**
 * Time comparison ("time shift") support for the query engine: parse Superset's offsets
 * ('1 year ago', '28 days ago', '52 weeks ago', '1 week later', ...), shift epoch-ms timestamps
 * calendar-aware (months/years clip to the month end like pandas DateOffset), and left-join
 * offset query results onto the base result with metrics renamed `${metric}__${offset}`.
 */
import { colIndex, type Frame, GenericDataType, isNull, MissingColumnsError, PostProcessingError, rowCount, TIME_COMPARISON } from './frame';

/** Time shift choices of spec 1 §9, with Superset's wording. */
export const TIME_SHIFT_CHOICES = [
  '1 day ago', '1 week ago', '28 days ago', '30 days ago', '52 weeks ago',
  '1 year ago', '104 weeks ago', '2 years ago', '156 weeks ago', '3 years ago',
] as const;

export interface ParsedOffset {
  amount: number;
  unit: 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';
}

const UNITS = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'];

/** '1 year ago' -> {amount: -1, unit: 'year'}; '2 weeks later' / '2 weeks' -> +2 weeks. */
export function parseOffset(offset: string): ParsedOffset {
  const m = /^\s*(\d+(?:\.\d+)?)\s+([a-z]+?)s?(?:\s+(ago|later|before|after))?\s*$/i.exec(offset);
  const unit = m?.[2].toLowerCase();
  if (!m || !unit || !UNITS.includes(unit)) throw new PostProcessingError(`Invalid time offset: ${offset}`);
  const n = Number(m[1]);
  const dir = m[3] && /^(ago|before)$/i.test(m[3]) ? -1 : m[3] ? 1 : -1;
  return { amount: dir * n, unit: unit as ParsedOffset['unit'] };
}

const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();

/** Shift an epoch-ms timestamp by `amount` units (calendar-aware for months/quarters/years). */
export function shiftTimestamp(ms: number, o: ParsedOffset): number {
  const fixed: Record<string, number> = { second: 1e3, minute: 6e4, hour: 3.6e6, day: 8.64e7, week: 6.048e8 };
  if (o.unit in fixed) return ms + o.amount * fixed[o.unit];
  const months = o.amount * (o.unit === 'year' ? 12 : o.unit === 'quarter' ? 3 : 1);
  const d = new Date(ms);
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
  const y = Math.floor(total / 12);
  const mo = total - y * 12;
  const day = Math.min(d.getUTCDate(), daysInMonth(y, mo));
  const dayStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const shifted = new Date(Date.UTC(y, mo, day));
  shifted.setUTCFullYear(y);
  return shifted.getTime() + (ms - dayStart);
}

export interface JoinTimeOffsetsOptions {
  /** Join keys; the first (temporal, e.g. '__timestamp') is shifted. */
  index: string | string[] | undefined;
  /** Metric columns taken from each shifted frame. */
  metrics: string[];
}

/**
 * Left-join each shifted frame onto `base`. A shifted frame holds the data queried `offset`
 * earlier; its timestamps are moved forward by the offset so rows line up with the base.
 */
export function joinTimeOffsets(base: Frame, shifted: { offset: string; frame: Frame }[], opts: JoinTimeOffsetsOptions): Frame {
  // Without an index (an aggregate without columns, pop_kpi's query) every row joins every row: the
  // one row of the time range gets the one row of each shifted period, as the incumbent's join does.
  const keys = (Array.isArray(opts.index) ? opts.index : [opts.index]).filter((k): k is string => typeof k === 'string' && k !== '');
  const baseKeyIdx = keys.map((k) => {
    const i = colIndex(base, k);
    if (i < 0) throw new MissingColumnsError(`Referenced columns not available in DataFrame: ${k} (time offsets)`);
    return i;
  });
  const n = rowCount(base);
  const keyOf = (frame: Frame, idx: number[], r: number, shift?: ParsedOffset): string | null => {
    const parts: unknown[] = [];
    for (let k = 0; k < idx.length; k++) {
      let v = frame.columns[idx[k]][r];
      if (v instanceof Date) v = v.getTime();
      if (k === 0 && shift && typeof v === 'number') v = shiftTimestamp(v, { amount: -shift.amount, unit: shift.unit });
      parts.push(isNull(v) ? null : v);
    }
    return JSON.stringify(parts);
  };
  // Base row -> list of matched row per shifted frame; expand duplicates like a pandas left merge.
  let rows: number[] = Array.from({ length: n }, (_, i) => i);
  let matches: (number | null)[][] = rows.map(() => []);
  for (const s of shifted) {
    const parsed = parseOffset(s.offset);
    const idx = keys.map((k) => {
      const i = colIndex(s.frame, k);
      if (i < 0) throw new MissingColumnsError(`Referenced columns not available in DataFrame: ${k} (time offset ${s.offset})`);
      return i;
    });
    const lookup = new Map<string, number[]>();
    for (let r = 0; r < rowCount(s.frame); r++) {
      const key = keyOf(s.frame, idx, r, parsed);
      if (key === null) continue;
      const list = lookup.get(key);
      if (list) list.push(r);
      else lookup.set(key, [r]);
    }
    const nextRows: number[] = [];
    const nextMatches: (number | null)[][] = [];
    rows.forEach((r, j) => {
      const found = lookup.get(keyOf(base, baseKeyIdx, r) as string);
      for (const m of found ?? [null]) {
        nextRows.push(r);
        nextMatches.push([...matches[j], m]);
      }
    });
    rows = nextRows;
    matches = nextMatches;
  }
  const out: Frame = {
    colnames: base.colnames.slice(),
    coltypes: base.coltypes.slice(),
    columns: base.columns.map((col) => (rows.length === n ? col : rows.map((r) => col[r]))),
  };
  shifted.forEach((s, k) => {
    for (const metric of opts.metrics) {
      const ci = colIndex(s.frame, metric);
      if (ci < 0) throw new MissingColumnsError(`Referenced columns not available in DataFrame: ${metric} (time offset ${s.offset})`);
      const src = s.frame.columns[ci];
      out.colnames.push(`${metric}${TIME_COMPARISON}${s.offset}`);
      out.coltypes.push(s.frame.coltypes[ci] ?? GenericDataType.NUMERIC);
      out.columns.push(matches.map((m) => (m[k] === null ? null : (src[m[k] as number] ?? null))));
    }
  });
  return out;
}
