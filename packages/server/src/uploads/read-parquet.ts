import { parquetMetadata, parquetReadObjects, parquetSchema } from 'hyparquet';
import { badRequest } from '../errors';
import { DEFAULT_PARSE_LIMITS, limitExceeded, type ParseLimits } from '../parse-worker/parse-limits';
import type { UploadFrame } from './upload-frame';

function arrayBufferOf(data: Uint8Array): ArrayBuffer {
  return data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
}

const unreadable = (error: unknown) => badRequest(`Could not read the Parquet file: ${error instanceof Error ? error.message : String(error)}`);

function metadataOf(file: ArrayBuffer): ReturnType<typeof parquetMetadata> {
  try {
    return parquetMetadata(file);
  } catch (error) {
    throw unreadable(error);
  }
}

function columnNames(file: ArrayBuffer): string[] {
  try {
    return parquetSchema(metadataOf(file)).children.map((child) => child.element.name);
  } catch (error) {
    throw unreadable(error);
  }
}

/** The column names of a Parquet file (upload_metadata). */
export function readParquetColumnNames(data: Uint8Array): string[] {
  return columnNames(arrayBufferOf(data));
}

/**
 * Reads a Parquet file with hyparquet (pure JS; no engine ever opens the file, so SQL file functions stay
 * out of reach). Nested values (lists, structs) become JSON text. Runs in the parse worker (parse-tasks.ts);
 * the cell count, from the file's metadata, is checked before any page is decompressed.
 *
 * @example
 * const frame = await readParquetFrame(bytes); // { columns: ['id', 'name'], rows: [[1, 'a']], lines: [1] }
 */
export async function readParquetFrame(data: Uint8Array, limits: ParseLimits = DEFAULT_PARSE_LIMITS): Promise<UploadFrame> {
  const file = arrayBufferOf(data);
  const columns = columnNames(file);
  const rowCount = Number(metadataOf(file).num_rows);
  if (rowCount * Math.max(1, columns.length) > limits.maxCells) throw limitExceeded('maxCells', limits, null, `has more than ${limits.maxCells} cells`);
  let objects: Record<string, unknown>[];
  try {
    objects = await parquetReadObjects({ file, columns });
  } catch (error) {
    throw unreadable(error);
  }
  const rows = objects.map((object) =>
    columns.map((name) => {
      const value = object[name];
      if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
        return JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner));
      }
      return value ?? null;
    }),
  );
  return { columns, rows, lines: rows.map((_, index) => index + 1) };
}
