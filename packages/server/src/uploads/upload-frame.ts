import { badRequest } from '../errors';
import type { UploadOptions } from './upload-options';

/** One record of a CSV or a sheet, with the file line (or sheet row) it came from, for error messages. */
export interface SourceRecord {
  line: number;
  values: unknown[];
}

/** A table read from a file: column names, row arrays in column order and each row's source line. */
export interface UploadFrame {
  columns: string[];
  rows: unknown[][];
  lines: number[];
}

export type FrameOptions = Pick<UploadOptions, 'skip_rows' | 'header_row' | 'rows_to_read' | 'columns_read' | 'index_column' | 'dataframe_index' | 'index_label'>;
type ColumnOptions = Pick<UploadOptions, 'columns_read' | 'index_column' | 'dataframe_index' | 'index_label'>;

/**
 * Where each uploaded column comes from: `sources[i]` is the record field of column i, or ROW_NUMBER for
 * the pandas-style index (dataframe_index without index_column). Decided once, from the header, so rows
 * can be shaped one at a time as a stream delivers them.
 */
export interface FrameLayout {
  columns: string[];
  sources: number[];
  /** Fields a record may have: more is an error naming its line, fewer are padded with nulls. */
  width: number;
}

export const ROW_NUMBER = -1;

/** Header names as pandas makes them: blank ones become 'Unnamed: i', repeats get '.1', '.2' suffixes. */
export function headerNames(values: unknown[]): string[] {
  const seen = new Map<string, number>();
  return values.map((value, index) => {
    let name = value === null || value === undefined || String(value).trim() === '' ? `Unnamed: ${index}` : String(value).trim();
    const count = seen.get(name) ?? 0;
    seen.set(name, count + 1);
    if (count > 0) name = `${name}.${count}`;
    return name;
  });
}

/** Column names of a file without a header row: 0, 1, … as pandas names them. */
export const numberedNames = (width: number): string[] => Array.from({ length: width }, (_, index) => String(index));

/**
 * The layout of a file's columns, from its column names (headerNames or numberedNames): columns_read,
 * index_column and dataframe_index applied as pandas' read + to_sql(index=...) apply them.
 *
 * @example
 * layoutColumns(['id', 'name'], options).columns; // ['id', 'name']
 */
export function layoutColumns(names: string[], options: ColumnOptions): FrameLayout {
  let columns = names;
  let sources = names.map((_, index) => index);
  const pick = (wanted: string[]) => {
    sources = wanted.map((name) => sources[columns.indexOf(name)]!);
    columns = wanted;
  };
  if (options.columns_read.length) {
    const missing = options.columns_read.filter((name) => !columns.includes(name));
    if (missing.length) throw badRequest(`columns_read: column(s) not found in the file: ${missing.join(', ')}. Columns are: ${columns.join(', ')}.`, { columns_read: ['Unknown columns.'] });
    pick(options.columns_read);
  }
  if (options.index_column !== null) {
    if (!columns.includes(options.index_column)) {
      throw badRequest(`index_column: column '${options.index_column}' is not in the file. Columns are: ${columns.join(', ')}.`, { index_column: ['Unknown column.'] });
    }
    const rest = columns.filter((name) => name !== options.index_column);
    // The index column is the row label: written first (renamed by index_label) with dataframe_index, else dropped.
    pick(options.dataframe_index ? [options.index_column, ...rest] : rest);
    if (options.dataframe_index && options.index_label) columns = [options.index_label, ...rest];
  } else if (options.dataframe_index) {
    columns = [options.index_label ?? 'index', ...columns];
    sources = [ROW_NUMBER, ...sources];
  }
  const duplicate = columns.find((name, index) => columns.indexOf(name) !== index);
  if (duplicate !== undefined) throw badRequest(`Duplicate column name '${duplicate}': rename it or set index_label.`);
  return { columns, sources, width: names.length };
}

/** One record as a row of the layout's columns; `rowNumber` counts data rows from 0 (the pandas index). */
export function shapeRecord(record: SourceRecord, layout: FrameLayout, rowNumber: number): unknown[] {
  if (record.values.length > layout.width) throw badRequest(`Line ${record.line}: expected ${layout.width} fields, found ${record.values.length}.`);
  return layout.sources.map((source) => (source === ROW_NUMBER ? rowNumber : (record.values[source] ?? null)));
}

/**
 * Which records are what, by position: the first skip_rows are skipped, the header_row-th after them
 * names the columns (rows before it are dropped), and at most rows_to_read records after it are data.
 */
export class RecordRoles {
  private readonly headerIndex: number | null;
  private dataRows = 0;

  constructor(private readonly options: Pick<UploadOptions, 'skip_rows' | 'header_row' | 'rows_to_read'>) {
    this.headerIndex = options.header_row === null ? null : options.skip_rows + options.header_row;
  }

  /** The role of record number `index` (from 0), counting data rows as it goes. */
  roleOf(index: number): 'skip' | 'header' | 'data' | 'done' {
    if (this.headerIndex === null ? index < this.options.skip_rows : index < this.headerIndex) return 'skip';
    if (index === this.headerIndex) return 'header';
    if (this.options.rows_to_read !== null && this.dataRows >= this.options.rows_to_read) return 'done';
    this.dataRows += 1;
    return 'data';
  }

  noHeader(): Error {
    return badRequest(`header_row: the file has no row ${this.options.header_row} to read the column names from.`, { header_row: ['No such row in the file.'] });
  }
}

/**
 * Applies the row options shared by CSV and Excel (skip_rows, header_row, rows_to_read), then the column
 * options shared by every type (columns_read, index_column, dataframe_index). A record with more fields
 * than the header is an error naming its line; shorter records are padded with nulls, as pandas does.
 *
 * @example
 * frameFromRecords([{ line: 1, values: ['a'] }, { line: 2, values: ['1'] }], options).columns; // ['a']
 */
export function frameFromRecords(records: SourceRecord[], options: FrameOptions): UploadFrame {
  const roles = new RecordRoles(options);
  let header: unknown[] | null = null;
  const data: SourceRecord[] = [];
  for (let index = 0; index < records.length; index += 1) {
    const role = roles.roleOf(index);
    if (role === 'done') break;
    if (role === 'header') header = records[index]!.values;
    else if (role === 'data') data.push(records[index]!);
  }
  if (options.header_row !== null && header === null) throw roles.noHeader();
  const names = header ? headerNames(header) : numberedNames(data.reduce((max, record) => Math.max(max, record.values.length), 0));
  const layout = layoutColumns(names, options);
  return { columns: layout.columns, rows: data.map((record, index) => shapeRecord(record, layout, index)), lines: data.map((record) => record.line) };
}

/** Keeps the columns_read columns and handles the index column like pandas' read + to_sql(index=...). */
export function selectColumns(frame: UploadFrame, options: ColumnOptions): UploadFrame {
  const layout = layoutColumns(frame.columns, options);
  return {
    columns: layout.columns,
    rows: frame.rows.map((row, index) => shapeRecord({ line: frame.lines[index]!, values: row }, layout, index)),
    lines: frame.lines,
  };
}
