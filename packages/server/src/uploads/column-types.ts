import { parseTemporalText } from '../engines';
import { badRequest } from '../errors';
import type { UploadFrame } from './upload-frame';
import type { UploadOptions } from './upload-options';

/** The column types an upload creates; each engine maps them to its own type names (upload-dialects.ts). */
export type UploadColumnType = 'integer' | 'float' | 'boolean' | 'text' | 'date' | 'datetime';

export interface UploadColumn {
  name: string;
  type: UploadColumnType;
}

/** A frame whose values are converted to their column's type, ready to bind. */
export interface TypedFrame {
  columns: UploadColumn[];
  rows: unknown[][];
  lines: number[];
}

/** Type names accepted in column_data_types: ours plus the pandas/NumPy spellings the incumbent documents. */
const TYPE_NAMES: Record<string, UploadColumnType> = {
  int: 'integer', int8: 'integer', int16: 'integer', int32: 'integer', int64: 'integer', integer: 'integer', bigint: 'integer',
  float: 'float', float32: 'float', float64: 'float', double: 'float', number: 'float', numeric: 'float', decimal: 'float',
  str: 'text', string: 'text', object: 'text', text: 'text', varchar: 'text',
  bool: 'boolean', boolean: 'boolean',
  datetime: 'datetime', datetime64: 'datetime', 'datetime64[ns]': 'datetime', 'datetime64[ms]': 'datetime', timestamp: 'datetime',
  date: 'date',
};

const TRUE = new Set(['true', 'True', 'TRUE']);
const FALSE = new Set(['false', 'False', 'FALSE']);
const INTEGER = /^[+-]?\d+$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD HH:MM:SS.sss' (UTC): a literal every engine casts into its timestamp type. */
function datetimeText(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;
}

/**
 * Parses a date: ISO-8601 (with '-' or '/'), or day/month/year and month/day/year (with '/', '.' or '-')
 * as `dayFirst` says, with an optional time. Naive values are read as UTC. Null when not a valid date.
 */
export function parseDate(text: string, dayFirst: boolean): number | null {
  const trimmed = text.trim();
  const iso = parseTemporalText(trimmed.replace(/^(\d{4})\/(\d{1,2})\/(\d{1,2})/, (_, y: string, m: string, d: string) => `${y}-${pad(Number(m))}-${pad(Number(d))}`));
  if (iso !== null) return iso;
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?$/.exec(trimmed);
  if (!match) return null;
  const [, a, b, y, h = '0', mi = '0', s = '0', frac = ''] = match;
  const day = Number(dayFirst ? a : b);
  const month = Number(dayFirst ? b : a);
  const year = y!.length === 2 ? 2000 + Number(y) : Number(y);
  const ms = Date.UTC(year, month - 1, day, Number(h), Number(mi), Number(s), Number(frac.padEnd(3, '0').slice(0, 3)));
  const check = new Date(ms);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  return ms;
}

function numberOf(value: unknown, decimal: string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value !== 'string') return null;
  const text = decimal === '.' ? value.trim() : value.trim().split(decimal).join('.');
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : null;
}

function isIntegerValue(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value);
  if (typeof value === 'bigint') return true;
  return typeof value === 'string' && INTEGER.test(value.trim());
}

function isBooleanValue(value: unknown): boolean {
  return typeof value === 'boolean' || (typeof value === 'string' && (TRUE.has(value.trim()) || FALSE.has(value.trim())));
}

/** Converts one non-null value; undefined when it does not fit the type. */
function convert(value: unknown, type: UploadColumnType, options: Pick<UploadOptions, 'decimal_character' | 'day_first'>): unknown {
  switch (type) {
    case 'text':
      if (value instanceof Date) return datetimeText(value.getTime());
      return typeof value === 'string' ? value : String(value);
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (typeof value === 'number' && (value === 0 || value === 1)) return value === 1;
      if (typeof value === 'string' && TRUE.has(value.trim())) return true;
      if (typeof value === 'string' && FALSE.has(value.trim())) return false;
      return undefined;
    case 'integer': {
      if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
      if (typeof value === 'boolean') return value ? 1 : 0;
      if (!isIntegerValue(value)) {
        const number = numberOf(value, options.decimal_character);
        return number !== null && Number.isInteger(number) ? number : undefined;
      }
      const number = Number(typeof value === 'string' ? value.trim() : value);
      // Beyond 2^53 a JS number loses digits: bind the digits as text and let the engine cast them.
      return Number.isSafeInteger(number) ? number : String(value).trim().replace(/^\+/, '');
    }
    case 'float':
      return typeof value === 'boolean' ? (value ? 1 : 0) : (numberOf(value, options.decimal_character) ?? undefined);
    case 'date':
    case 'datetime': {
      const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? parseDate(value, options.day_first) : null;
      if (ms === null || Number.isNaN(ms)) return undefined;
      const text = datetimeText(ms);
      return type === 'date' ? text.slice(0, 10) : text;
    }
  }
}

type TypingOptions = Pick<UploadOptions, 'column_data_types' | 'column_dates' | 'decimal_character' | 'day_first' | 'null_values'>;

/** What the values of one undeclared column seen so far allow it to be; pandas' inference, one value at a time. */
interface Candidates {
  seen: boolean;
  boolean: boolean;
  integer: boolean;
  float: boolean;
  datetime: boolean;
}

const cannotRead = (line: number, column: string, value: unknown, type: UploadColumnType) =>
  badRequest(`Line ${line}, column '${column}': cannot read '${String(value)}' as ${type === 'integer' ? 'an' : 'a'} ${type}.`);

/**
 * Decides each column's type from rows seen one at a time, so a file can be typed as it streams:
 * column_data_types first, then column_dates, then inference from every non-null value (boolean, else
 * integer, else float, else datetime for spreadsheet dates, else text). A value that does not fit its
 * declared type is a 400 naming the line and the column, raised while the rows are observed, before
 * anything is written. Null markers (null_values) become null in place.
 *
 * @example
 * const typing = new ColumnTyping(['n'], options);
 * typing.observe(['1'], 2);
 * typing.columns(); // [{ name: 'n', type: 'integer' }]
 */
export class ColumnTyping {
  private readonly declared: (UploadColumnType | null)[];
  private readonly candidates: Candidates[];
  private readonly nulls: Set<string>;

  constructor(private readonly names: string[], private readonly options: TypingOptions) {
    const unknownTyped = Object.keys(options.column_data_types).filter((name) => !names.includes(name));
    if (unknownTyped.length) throw badRequest(`column_data_types: column(s) not found in the file: ${unknownTyped.join(', ')}.`, { column_data_types: ['Unknown columns.'] });
    const unknownDates = options.column_dates.filter((name) => !names.includes(name));
    if (unknownDates.length) throw badRequest(`column_dates: column(s) not found in the file: ${unknownDates.join(', ')}.`, { column_dates: ['Unknown columns.'] });
    this.declared = names.map((name) => declaredType(name, options));
    this.candidates = names.map(() => ({ seen: false, boolean: true, integer: true, float: true, datetime: true }));
    this.nulls = new Set(options.null_values);
  }

  private isNull(value: unknown): boolean {
    return value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value)) || (typeof value === 'string' && this.nulls.has(value));
  }

  /** Turns null markers into null, in place. */
  markNulls(row: unknown[]): unknown[] {
    for (let i = 0; i < row.length; i += 1) if (this.isNull(row[i])) row[i] = null;
    return row;
  }

  /** Turns null markers into null (in place), checks declared columns and narrows the others. */
  observe(row: unknown[], line: number): void {
    for (let i = 0; i < row.length; i += 1) {
      const value = row[i];
      if (this.isNull(value)) {
        row[i] = null;
        continue;
      }
      const declared = this.declared[i];
      if (declared) {
        if (convert(value, declared, this.options) === undefined) throw cannotRead(line, this.names[i]!, value, declared);
        continue;
      }
      const c = this.candidates[i]!;
      c.seen = true;
      c.boolean &&= isBooleanValue(value);
      c.integer &&= isIntegerValue(value);
      c.float &&= numberOf(value, this.options.decimal_character) !== null;
      c.datetime &&= value instanceof Date;
    }
  }

  /** The columns' types, once every row has been observed. */
  columns(): UploadColumn[] {
    return this.names.map((name, i) => ({ name, type: this.declared[i] ?? inferred(this.candidates[i]!) }));
  }
}

function declaredType(name: string, options: TypingOptions): UploadColumnType | null {
  const declared = options.column_data_types[name];
  if (declared !== undefined) {
    const type = TYPE_NAMES[declared.trim().toLowerCase()] ?? TYPE_NAMES[declared.trim()];
    if (!type) throw badRequest(`column_data_types: unknown type '${declared}' for column '${name}'; use one of int, float, str, bool, datetime, date.`, { column_data_types: ['Unknown type.'] });
    return type;
  }
  return options.column_dates.includes(name) ? 'datetime' : null;
}

function inferred(c: Candidates): UploadColumnType {
  if (!c.seen) return 'text';
  if (c.boolean) return 'boolean';
  if (c.integer) return 'integer';
  if (c.float) return 'float';
  if (c.datetime) return 'datetime';
  return 'text';
}

/**
 * Converts an observed row (null markers already null) to its columns' types, in place. Inferred types
 * always fit; a declared one that does not (the row was not observed) is the same 400 as observe's.
 */
export function convertRow(row: unknown[], columns: UploadColumn[], options: Pick<UploadOptions, 'decimal_character' | 'day_first'>, line: number): unknown[] {
  for (let i = 0; i < columns.length; i += 1) {
    const value = row[i];
    if (value === null) continue;
    const converted = convert(value, columns[i]!.type, options);
    if (converted === undefined) throw cannotRead(line, columns[i]!.name, value, columns[i]!.type);
    row[i] = converted;
  }
  return row;
}

/**
 * Types a whole frame: observes every row, then converts them (see ColumnTyping).
 *
 * @example
 * typeColumns({ columns: ['n'], rows: [['1'], ['2']], lines: [2, 3] }, options).columns; // [{ name: 'n', type: 'integer' }]
 */
export function typeColumns(frame: UploadFrame, options: TypingOptions): TypedFrame {
  const typing = new ColumnTyping(frame.columns, options);
  frame.rows.forEach((row, index) => typing.observe(row, frame.lines[index]!));
  const columns = typing.columns();
  frame.rows.forEach((row, index) => convertRow(row, columns, options, frame.lines[index]!));
  return { columns, rows: frame.rows, lines: frame.lines };
}
