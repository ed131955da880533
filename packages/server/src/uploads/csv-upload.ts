import { ColumnTyping, convertRow } from './column-types';
import { type CsvOptions, csvRecords } from './read-csv';
import { type FrameLayout, type FrameOptions, headerNames, layoutColumns, numberedNames, RecordRoles, shapeRecord } from './upload-frame';
import type { UploadOptions } from './upload-options';
import type { RowChunk, TypedRows } from './write-upload';

/**
 * A CSV upload streamed from its spooled file in two passes, so memory holds one chunk of rows however
 * long the file is:
 *
 * 1. typing: every row is shaped and observed (column-types.ts) — a value that does not fit a declared
 *    type, or a row with too many fields, is a 400 naming its line before the database is touched, as
 *    when the whole file was held in memory;
 * 2. writing: the rows are read again, converted and handed to the database chunk by chunk inside the
 *    upload's one transaction (write-upload.ts), which a refusal at any line rolls back.
 *
 * A file without a header row takes one more pass first, to learn its widest record.
 *
 * @example
 * const rows = await typeCsvFile('/tmp/lumen-upload-x/file', options);
 * await writeUpload(client, options, rows);
 */
type CsvUploadOptions = CsvOptions & FrameOptions & Parameters<typeof convertRow>[2] & ConstructorParameters<typeof ColumnTyping>[1];

interface DataRow {
  row: unknown[];
  line: number;
}

/** The data records of the file, shaped by the layout its header (or widest record) gives. */
async function* dataRows(path: string, options: CsvUploadOptions, layoutOf: (header: unknown[] | null) => FrameLayout): AsyncGenerator<DataRow> {
  const roles = new RecordRoles(options);
  let layout: FrameLayout | null = options.header_row === null ? layoutOf(null) : null;
  let index = 0;
  let rowNumber = 0;
  for await (const record of csvRecords(path, options)) {
    const role = roles.roleOf(index++);
    if (role === 'done') break;
    if (role === 'header') layout = layoutOf(record.values);
    else if (role === 'data') yield { row: shapeRecord(record, layout!, rowNumber), line: record.line };
    if (role === 'data') rowNumber += 1;
  }
  if (!layout) throw roles.noHeader();
}

async function widestDataRecord(path: string, options: CsvOptions & Pick<UploadOptions, 'skip_rows' | 'header_row' | 'rows_to_read'>): Promise<number> {
  const roles = new RecordRoles(options);
  let index = 0;
  let width = 0;
  for await (const record of csvRecords(path, options)) {
    const role = roles.roleOf(index++);
    if (role === 'done') break;
    if (role === 'data') width = Math.max(width, record.values.length);
  }
  return width;
}

async function layoutFunction(path: string, options: CsvUploadOptions): Promise<(header: unknown[] | null) => FrameLayout> {
  if (options.header_row !== null) return (header) => layoutColumns(headerNames(header ?? []), options);
  const layout = layoutColumns(numberedNames(await widestDataRecord(path, options)), options);
  return () => layout;
}

export async function typeCsvFile(path: string, options: CsvUploadOptions): Promise<TypedRows> {
  const layoutOf = await layoutFunction(path, options);
  // Set once the layout is known (at the header row), by the callback below.
  const state: { typing: ColumnTyping | null } = { typing: null };
  const typedLayout = (header: unknown[] | null) => {
    const layout = layoutOf(header);
    state.typing = new ColumnTyping(layout.columns, options);
    return layout;
  };
  for await (const { row, line } of dataRows(path, options, typedLayout)) state.typing!.observe(row, line);
  const typing = state.typing!;
  const columns = typing.columns();
  return {
    columns,
    async *chunks(size): AsyncGenerator<RowChunk> {
      let chunk: RowChunk = { rows: [], lines: [] };
      for await (const { row, line } of dataRows(path, options, layoutOf)) {
        chunk.rows.push(convertRow(typing.markNulls(row), columns, options, line));
        chunk.lines.push(line);
        if (chunk.rows.length === size) {
          yield chunk;
          chunk = { rows: [], lines: [] };
        }
      }
      if (chunk.rows.length) yield chunk;
    },
  };
}

/** The column names of a CSV file (upload_metadata): read up to its header row only. */
export async function csvColumnNames(path: string, options: CsvOptions & Pick<UploadOptions, 'skip_rows' | 'header_row'>): Promise<string[]> {
  if (options.header_row === null) return numberedNames(await widestDataRecord(path, { ...options, rows_to_read: null }));
  const roles = new RecordRoles({ ...options, rows_to_read: 0 });
  let index = 0;
  for await (const record of csvRecords(path, options)) {
    if (roles.roleOf(index++) === 'header') return headerNames(record.values);
  }
  throw roles.noHeader();
}
