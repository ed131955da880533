import { readBundle } from '../import-export/bundle-archive';
import { type BundleContents, parseBundle } from '../import-export/bundle-contents';
import { readExcelRecords, readExcelSheets } from '../uploads/read-excel';
import { readParquetColumnNames, readParquetFrame } from '../uploads/read-parquet';
import type { SourceRecord, UploadFrame } from '../uploads/upload-frame';
import type { ParseLimits } from './parse-limits';

/**
 * What the parse worker can do: each task reads one untrusted upload under the limits it is given and
 * returns plain data (structured-cloned back to the server thread). `onFile` reports the file in hand.
 */
type Task<In, Out> = (input: In, limits: ParseLimits, onFile: (file: string) => void) => Promise<Out> | Out;

export const PARSE_TASKS = {
  /** An import upload: a ZIP bundle or one YAML/JSON file, unzipped and parsed. */
  bundle: ((input, limits, onFile) => {
    const { files, single } = readBundle(input.data, input.filename, limits);
    return parseBundle(files, single, limits, onFile);
  }) as Task<{ data: Uint8Array; filename: string }, BundleContents>,
  excelSheets: ((input, limits) => readExcelSheets(input.data, limits)) as Task<{ data: Uint8Array }, { sheet_name: string; column_names: string[] }[]>,
  excelRecords: ((input, limits) => readExcelRecords(input.data, input.sheetName, limits)) as Task<{ data: Uint8Array; sheetName: string | null }, SourceRecord[]>,
  parquetColumns: ((input) => readParquetColumnNames(input.data)) as Task<{ data: Uint8Array }, string[]>,
  parquetFrame: ((input, limits) => readParquetFrame(input.data, limits)) as Task<{ data: Uint8Array }, UploadFrame>,
};

export type ParseTaskName = keyof typeof PARSE_TASKS;
export type ParseTaskInput<N extends ParseTaskName> = Parameters<(typeof PARSE_TASKS)[N]>[0];
export type ParseTaskOutput<N extends ParseTaskName> = Awaited<ReturnType<(typeof PARSE_TASKS)[N]>>;

/** What the server thread posts to a waiting worker: its one task. */
export interface ParseRequest {
  task: ParseTaskName;
  input: unknown;
  limits: ParseLimits;
}

/** Messages from the worker: loaded and waiting, the file it is reading, its answer, or the error that refused the input. */
export type ParseMessage =
  | { type: 'ready' }
  | { type: 'file'; file: string }
  | { type: 'done'; value: unknown }
  | { type: 'failed'; error: SerializedError };

/** A LumenError (or any error) as plain data: class instances do not survive structured cloning. */
export interface SerializedError {
  message: string;
  statusCode?: number;
  errorType?: string;
  extra?: Record<string, unknown>;
  level?: string;
}
