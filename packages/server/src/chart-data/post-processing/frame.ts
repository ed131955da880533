/**
 * The columnar Frame contract shared by every post-processing operation, plus the small
 * helpers (column lookup, numeric conversion, option validation, pandas-like value ordering
 * and string rendering) the operations build on.
 */
import { ErrorType, LumenError } from '../../errors';

/** Superset's GenericDataType codes. */
export const GenericDataType = { NUMERIC: 0, STRING: 1, TEMPORAL: 2, BOOLEAN: 3 } as const;
export type GenericDataTypeCode = (typeof GenericDataType)[keyof typeof GenericDataType];

/** A pandas column label: a scalar, or one element of a MultiIndex tuple. */
export type Label = string | number | boolean | null;

/**
 * Columnar result: one array per column; temporal values are epoch milliseconds (number),
 * numbers are JS numbers, null for NULL.
 *
 * Two optional fields carry the pandas shape that some operations produce and others consume:
 * - `indexCount`: the first `indexCount` columns form the row index (pandas `df.index`), as
 *   after `pivot(reset_index=false)`. `flatten` (or `pivot(reset_index=true)`) turns it back
 *   into ordinary columns. Absent or 0 means a RangeIndex.
 * - `levels`: MultiIndex-like column labels, one tuple per column (index columns get `null`),
 *   as after `pivot(flatten_columns=false)`; `levelNames` names the tuple positions (the
 *   metric level is unnamed). `colnames` always holds the labels joined with ', '.
 */
export interface Frame {
  colnames: string[];
  coltypes: number[];
  columns: unknown[][];
  indexCount?: number;
  levels?: (Label[] | null)[];
  levelNames?: (string | null)[];
}

export interface PostProcessingStep {
  operation: string;
  options?: Record<string, unknown>;
}

export interface PostProcessingContext {
  /** Time offsets of the query (e.g. ['1 year ago']), used as contribution's default `time_shifts`. */
  timeOffsets?: string[];
}

/** A failed post-processing step: unknown operation, bad options or unusable data (HTTP 400). */
export class PostProcessingError extends LumenError {
  override name = 'PostProcessingError';
  constructor(message: string) {
    super(400, message, ErrorType.GENERIC_BACKEND_ERROR);
  }
}

/**
 * A step names a column the frame does not have ("Referenced columns not available in DataFrame"). On a
 * frame with rows that is the request's fault; on an empty result it is expected (a pivot of zero rows has
 * no series columns), and `applyPostProcessing` passes the empty frame through instead.
 */
export class MissingColumnsError extends PostProcessingError {
  override name = 'MissingColumnsError';
}

/** Superset's separator for flattened MultiIndex column names. */
export const FLAT_COLUMN_SEPARATOR = ', ';
/** Superset's TIME_COMPARISON separator (`metric__1 year ago`, `difference__a__b`). */
export const TIME_COMPARISON = '__';
/** Superset's NULL_STRING, the default pivot column fill value. */
export const NULL_STRING = '<NULL>';

export const rowCount = (frame: Frame): number => (frame.columns.length ? frame.columns[0].length : 0);

export function emptyFrame(): Frame {
  return { colnames: [], coltypes: [], columns: [] };
}

/** A shallow copy (column arrays shared) that keeps the pandas extras. */
export function copyFrame(frame: Frame): Frame {
  const out: Frame = { colnames: frame.colnames.slice(), coltypes: frame.coltypes.slice(), columns: frame.columns.slice() };
  if (frame.indexCount) out.indexCount = frame.indexCount;
  if (frame.levels) out.levels = frame.levels.slice();
  if (frame.levelNames) out.levelNames = frame.levelNames.slice();
  return out;
}

/** Index of the column called `name`, or -1. */
export const colIndex = (frame: Frame, name: string): number => frame.colnames.indexOf(name);

/**
 * Columns a name refers to, as pandas `df[name]` does: the column with that exact name, or on a
 * MultiIndex frame every column whose first level equals `name`.
 */
export function resolveColumns(frame: Frame, name: string): number[] {
  const out: number[] = [];
  const start = frame.indexCount ?? 0;
  if (frame.levels) {
    for (let i = start; i < frame.colnames.length; i++) {
      const lv = frame.levels[i];
      if (lv && lv.length > 1 && lv[0] === name) out.push(i);
    }
    if (out.length) return out;
  }
  for (let i = 0; i < frame.colnames.length; i++) if (frame.colnames[i] === name) out.push(i);
  return out;
}

export function requireColumns(frame: Frame, names: string[], operation: string): number[][] {
  return names.map((n) => {
    const idx = resolveColumns(frame, n);
    if (!idx.length) throw new MissingColumnsError(`Referenced columns not available in DataFrame: ${n} (operation ${operation})`);
    return idx;
  });
}

/** Data (non-index) column positions. */
export function dataColumns(frame: Frame): number[] {
  const out: number[] = [];
  for (let i = frame.indexCount ?? 0; i < frame.colnames.length; i++) out.push(i);
  return out;
}

/** A cell as a float: null/undefined/non-numeric -> NaN, booleans -> 0/1. */
export function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (v === null || v === undefined) return NaN;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string') return v.trim() === '' ? NaN : Number(v);
  if (v instanceof Date) return v.getTime();
  return NaN;
}

export function toFloat64(col: unknown[]): Float64Array {
  const n = col.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = col[i];
    out[i] = typeof v === 'number' ? v : toNumber(v);
  }
  return out;
}

/** Float64 results back to a column: NaN and ±Infinity -> null (Superset serialises them as null). */
export function fromFloat64(arr: ArrayLike<number>): (number | null)[] {
  const n = arr.length;
  const out = new Array<number | null>(n);
  for (let i = 0; i < n; i++) {
    const v = arr[i];
    out[i] = v - v === 0 ? v : null;
  }
  return out;
}

export const isNull = (v: unknown): boolean => v === null || v === undefined || (typeof v === 'number' && v !== v);

const typeRank = (v: unknown): number => (typeof v === 'boolean' ? 0 : typeof v === 'number' || typeof v === 'bigint' ? 1 : typeof v === 'string' ? 2 : 3);

/** Total order over non-null cells, as pandas sorts an object column: numbers numerically, strings by code point. */
export function compareValues(a: unknown, b: unknown): number {
  const ta = typeRank(a);
  const tb = typeRank(b);
  if (ta !== tb) return ta - tb;
  if (ta <= 1) {
    const x = Number(a);
    const y = Number(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Python's repr of a float (`2.0`, `0.1`, `1e-05`, `1e+16`), which Superset shows in labels. */
export function pyFloat(x: number): string {
  if (x !== x) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mant, expStr] = x.toExponential().split('e');
  const exp = Number(expStr);
  const neg = mant.startsWith('-');
  const digits = mant.replace('-', '').replace('.', '');
  let body: string;
  if (exp >= -5 + 1 && exp < 16) {
    if (exp >= 0) {
      const intPart = digits.length > exp + 1 ? digits.slice(0, exp + 1) : digits.padEnd(exp + 1, '0');
      const frac = digits.length > exp + 1 ? digits.slice(exp + 1) : '0';
      body = `${intPart}.${frac}`;
    } else {
      body = `0.${'0'.repeat(-exp - 1)}${digits}`;
    }
  } else {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    body = `${m}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  return neg ? `-${body}` : body;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** pandas' str() of a Timestamp: '2020-01-01 00:00:00' (with milliseconds when present). */
export function pyTimestamp(ms: number): string {
  const d = new Date(ms);
  const base = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  const milli = d.getUTCMilliseconds();
  return milli ? `${base}.${pad(milli, 3)}000` : base;
}

/** Python's str() of a cell, used when Superset joins labels into column names. */
export function pyStr(v: unknown, coltype?: number): string {
  if (v === null || v === undefined) return 'nan';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number') {
    if (coltype === GenericDataType.TEMPORAL) return pyTimestamp(v);
    return Number.isInteger(v) ? String(v) : pyFloat(v);
  }
  return String(v);
}

// ---- option validation -------------------------------------------------------------------

type Opts = Record<string, unknown>;

const bad = (operation: string, option: string, what: string) =>
  new PostProcessingError(`Option "${option}" of post processing operation "${operation}" ${what}`);

export function optString(operation: string, opts: Opts, name: string, required: true): string;
export function optString(operation: string, opts: Opts, name: string, required?: boolean): string | undefined;
export function optString(operation: string, opts: Opts, name: string, required = false): string | undefined {
  const v = opts[name];
  if (v === undefined || v === null) {
    if (required) throw bad(operation, name, 'is required');
    return undefined;
  }
  if (typeof v !== 'string') throw bad(operation, name, 'is expected to be a string');
  return v;
}

export function optStringList(operation: string, opts: Opts, name: string, required = false): string[] | undefined {
  const v = opts[name];
  if (v === undefined || v === null) {
    if (required) throw bad(operation, name, 'is required');
    return undefined;
  }
  if (typeof v === 'string') return [v];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw bad(operation, name, 'is expected to be a list of strings');
  return v as string[];
}

export function optInt(operation: string, opts: Opts, name: string, required = false): number | undefined {
  const v = opts[name];
  if (v === undefined || v === null) {
    if (required) throw bad(operation, name, 'is required');
    return undefined;
  }
  if (typeof v !== 'number' || !Number.isInteger(v)) throw bad(operation, name, 'is expected to be an integer');
  return v;
}

export function optNumber(operation: string, opts: Opts, name: string): number | undefined {
  const v = opts[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || Number.isNaN(v)) throw bad(operation, name, 'is expected to be a number');
  return v;
}

export function optBool(operation: string, opts: Opts, name: string, dflt: boolean): boolean {
  const v = opts[name];
  if (v === undefined || v === null) return dflt;
  if (typeof v !== 'boolean') throw bad(operation, name, 'is expected to be a boolean');
  return v;
}

export function optRecord(operation: string, opts: Opts, name: string, required = false): Record<string, unknown> | undefined {
  const v = opts[name];
  if (v === undefined || v === null) {
    if (required) throw bad(operation, name, 'is required');
    return undefined;
  }
  if (typeof v !== 'object' || Array.isArray(v)) throw bad(operation, name, 'is expected to be an object');
  return v as Record<string, unknown>;
}

/** A `{source: target}` column map (rolling, cum, diff, rename); a list means identity. */
export function optColumnMap(operation: string, opts: Opts, name: string): Record<string, string> | undefined {
  const v = opts[name];
  if (v === undefined || v === null) return undefined;
  if (Array.isArray(v)) {
    if (v.some((x) => typeof x !== 'string')) throw bad(operation, name, 'is expected to map column names to column names');
    return Object.fromEntries((v as string[]).map((c) => [c, c]));
  }
  if (typeof v !== 'object') throw bad(operation, name, 'is expected to map column names to column names');
  for (const t of Object.values(v as Opts)) {
    if (typeof t !== 'string') throw bad(operation, name, 'is expected to map column names to column names');
  }
  return v as Record<string, string>;
}

export const optionError = bad;
