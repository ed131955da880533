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

type FrameOptions = Pick<UploadOptions, 'skip_rows' | 'header_row' | 'rows_to_read' | 'columns_read' | 'index_column' | 'dataframe_index' | 'index_label'>;

/** Header names as pandas makes them: blank ones become 'Unnamed: i', repeats get '.1', '.2' suffixes. */
function headerNames(values: unknown[]): string[] {
  const seen = new Map<string, number>();
  return values.map((value, index) => {
    let name = value === null || value === undefined || String(value).trim() === '' ? `Unnamed: ${index}` : String(value).trim();
    const count = seen.get(name) ?? 0;
    seen.set(name, count + 1);
    if (count > 0) name = `${name}.${count}`;
    return name;
  });
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
  const afterSkip = records.slice(options.skip_rows);
  let columns: string[];
  let data: SourceRecord[];
  if (options.header_row === null) {
    const width = afterSkip.reduce((max, record) => Math.max(max, record.values.length), 0);
    columns = Array.from({ length: width }, (_, index) => String(index));
    data = afterSkip;
  } else {
    const header = afterSkip[options.header_row];
    if (!header) throw badRequest(`header_row: the file has no row ${options.header_row} to read the column names from.`, { header_row: ['No such row in the file.'] });
    columns = headerNames(header.values);
    data = afterSkip.slice(options.header_row + 1);
  }
  if (options.rows_to_read !== null) data = data.slice(0, options.rows_to_read);
  const rows = data.map((record) => {
    if (record.values.length > columns.length) {
      throw badRequest(`Line ${record.line}: expected ${columns.length} fields, found ${record.values.length}.`);
    }
    const row = record.values.slice();
    while (row.length < columns.length) row.push(null);
    return row;
  });
  return selectColumns({ columns, rows, lines: data.map((record) => record.line) }, options);
}

/** Keeps the columns_read columns and handles the index column like pandas' read + to_sql(index=...). */
export function selectColumns(frame: UploadFrame, options: Pick<UploadOptions, 'columns_read' | 'index_column' | 'dataframe_index' | 'index_label'>): UploadFrame {
  let { columns, rows } = frame;
  const pick = (names: string[]) => {
    const indexes = names.map((name) => columns.indexOf(name));
    rows = rows.map((row) => indexes.map((index) => row[index]));
    columns = names;
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
    rows = rows.map((row, index) => [index, ...row]);
  }
  const duplicate = columns.find((name, index) => columns.indexOf(name) !== index);
  if (duplicate !== undefined) throw badRequest(`Duplicate column name '${duplicate}': rename it or set index_label.`);
  return { columns, rows, lines: frame.lines };
}
