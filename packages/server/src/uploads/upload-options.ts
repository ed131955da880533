import { badRequest } from '../errors';

/** The three kinds of file the upload endpoint reads (the incumbent's `type`). */
export const UPLOAD_TYPES = ['csv', 'excel', 'columnar'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** File name extensions accepted per upload type (the incumbent's allowed-extension lists). */
export const UPLOAD_EXTENSIONS: Record<UploadType, string[]> = {
  csv: ['csv', 'tsv', 'txt'],
  excel: ['xlsx'],
  columnar: ['parquet'],
};

/**
 * Largest file the upload endpoint accepts, in bytes. A CSV streams from disk whatever its size; an Excel or
 * Parquet file is held in memory, and parsed on a worker thread under the parse limits.
 */
export const UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

/** pandas' default NA strings: what a CSV/Excel cell reads as null when `null_values` is not given. */
export const DEFAULT_NULL_VALUES = [
  '', '#N/A', '#N/A N/A', '#NA', '-1.#IND', '-1.#QNAN', '-NaN', '-nan', '1.#IND', '1.#QNAN', '<NA>', 'N/A', 'NA', 'NULL', 'NaN', 'None', 'n/a', 'nan', 'null',
];

/** Options of POST /api/v1/database/{pk}/upload/, named as the incumbent's UploadPostSchema. */
export interface UploadOptions {
  type: UploadType;
  table_name: string;
  schema: string | null;
  already_exists: 'fail' | 'replace' | 'append';
  delimiter: string;
  /** Index of the header row after `skip_rows`; null: no header row (columns are named 0, 1, ...). */
  header_row: number | null;
  index_column: string | null;
  dataframe_index: boolean;
  index_label: string | null;
  columns_read: string[];
  /** Column name -> type name (int, float, str, bool, datetime, date and their pandas spellings). */
  column_data_types: Record<string, string>;
  column_dates: string[];
  day_first: boolean;
  decimal_character: string;
  null_values: string[];
  skip_rows: number;
  rows_to_read: number | null;
  skip_blank_lines: boolean;
  skip_initial_space: boolean;
  sheet_name: string | null;
}

const fieldError = (field: string, message: string) => badRequest(`${field}: ${message}`, { [field]: [message] });

function text(fields: Record<string, string>, key: string): string | null {
  const value = fields[key];
  return value === undefined || value === '' ? null : value;
}

function integer(fields: Record<string, string>, key: string, min: number): number | null {
  const value = text(fields, key);
  if (value === null) return null;
  if (!/^-?\d+$/.test(value.trim()) || Number(value) < min) throw fieldError(key, `Must be an integer greater than or equal to ${min}.`);
  return Number(value);
}

function bool(fields: Record<string, string>, key: string, fallback: boolean): boolean {
  const value = text(fields, key);
  if (value === null) return fallback;
  if (/^(true|1|yes|on)$/i.test(value)) return true;
  if (/^(false|0|no|off)$/i.test(value)) return false;
  throw fieldError(key, 'Not a valid boolean.');
}

/**
 * A list field: a JSON array of strings, or comma-separated text as the incumbent's form sends it. Kept
 * verbatim (an empty entry matters for null_values, where '' means the empty cell).
 */
function list(fields: Record<string, string>, key: string, options: { trim: boolean }): string[] | null {
  const value = fields[key];
  if (value === undefined) return null;
  if (value.trim().startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw fieldError(key, 'Not a valid list: send a JSON array of strings or comma-separated text.');
    }
    if (!Array.isArray(parsed) || parsed.some((item) => typeof item !== 'string')) throw fieldError(key, 'Not a valid list of strings.');
    return parsed as string[];
  }
  if (value === '') return [];
  const items = value.split(',');
  return options.trim ? items.map((item) => item.trim()).filter((item) => item !== '') : items;
}

/**
 * Reads and checks the multipart text fields of an upload. Anything malformed is a 400 naming the field.
 *
 * @example
 * parseUploadOptions({ type: 'csv', table_name: 'sales', delimiter: ';' }).already_exists; // 'fail'
 */
export function parseUploadOptions(fields: Record<string, string>): UploadOptions {
  const type = text(fields, 'type');
  if (!type) throw fieldError('type', 'Missing data for required field.');
  if (!(UPLOAD_TYPES as readonly string[]).includes(type)) throw fieldError('type', `Must be one of: ${UPLOAD_TYPES.join(', ')}.`);
  const tableName = text(fields, 'table_name')?.trim() ?? '';
  if (!tableName) throw fieldError('table_name', 'Missing data for required field.');
  if (tableName.length > 10000) throw fieldError('table_name', 'Longer than maximum length 10000.');
  const alreadyExists = text(fields, 'already_exists') ?? 'fail';
  if (!['fail', 'replace', 'append'].includes(alreadyExists)) throw fieldError('already_exists', 'Must be one of: fail, replace, append.');
  const delimiter = fields.delimiter === undefined || fields.delimiter === '' ? ',' : fields.delimiter;
  const decimal = text(fields, 'decimal_character') ?? '.';
  if ([...decimal].length !== 1) throw fieldError('decimal_character', 'Must be a single character.');
  let columnTypes: Record<string, string> = {};
  const typesText = text(fields, 'column_data_types') ?? text(fields, 'dtype');
  if (typesText) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(typesText);
    } catch {
      throw fieldError('column_data_types', 'Not a valid JSON object, e.g. {"user_id": "int"}.');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || Object.values(parsed).some((v) => typeof v !== 'string')) {
      throw fieldError('column_data_types', 'Must be a JSON object mapping column names to type names.');
    }
    columnTypes = parsed as Record<string, string>;
  }
  // The incumbent's form sends an empty header_row for "no header row"; absent means the first row.
  const headerRow = fields.header_row === undefined ? 0 : integer(fields, 'header_row', 0);
  const nullValues = list(fields, 'null_values', { trim: false });
  return {
    type: type as UploadType,
    table_name: tableName,
    schema: text(fields, 'schema'),
    already_exists: alreadyExists as UploadOptions['already_exists'],
    delimiter: delimiter === '\\t' ? '\t' : delimiter,
    header_row: headerRow,
    index_column: text(fields, 'index_column'),
    dataframe_index: bool(fields, 'dataframe_index', false),
    index_label: text(fields, 'index_label'),
    columns_read: list(fields, 'columns_read', { trim: true }) ?? [],
    column_data_types: columnTypes,
    column_dates: list(fields, 'column_dates', { trim: true }) ?? [],
    day_first: bool(fields, 'day_first', false),
    decimal_character: decimal,
    null_values: nullValues && nullValues.length ? nullValues : DEFAULT_NULL_VALUES,
    skip_rows: integer(fields, 'skip_rows', 0) ?? 0,
    rows_to_read: integer(fields, 'rows_to_read', 1),
    skip_blank_lines: bool(fields, 'skip_blank_lines', true),
    skip_initial_space: bool(fields, 'skip_initial_space', false),
    sheet_name: text(fields, 'sheet_name'),
  };
}

/** Checks a file name's extension against the upload type; a mismatch is a 400 naming the allowed ones. */
export function checkExtension(type: UploadType, filename: string): void {
  const extension = /\.([^.]+)$/.exec(filename)?.[1]?.toLowerCase() ?? '';
  const allowed = UPLOAD_EXTENSIONS[type];
  if (!allowed.includes(extension)) throw fieldError('file', `File extension is not allowed for ${type} uploads; expected ${allowed.map((e) => `.${e}`).join(', ')}.`);
}
