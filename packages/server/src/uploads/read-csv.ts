import { Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import { badRequest } from '../errors';
import type { SourceRecord } from './upload-frame';
import type { UploadOptions } from './upload-options';

/**
 * Reads CSV records with csv-parse (streaming over the uploaded bytes), each with the line it ends on.
 * Every field stays text here; typing happens once the whole file is known (column-types.ts).
 *
 * @example
 * const records = await readCsvRecords(Buffer.from('a,b\n1,2\n'), options); // [{ line: 1, values: ['a', 'b'] }, ...]
 */
export async function readCsvRecords(data: Uint8Array, options: Pick<UploadOptions, 'delimiter' | 'skip_blank_lines' | 'skip_initial_space'>): Promise<SourceRecord[]> {
  const parser = parse({
    delimiter: options.delimiter,
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: options.skip_blank_lines,
    ltrim: options.skip_initial_space,
  });
  const records: SourceRecord[] = [];
  try {
    for await (const item of Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)]).pipe(parser)) {
      const { record, info } = item as { record: string[]; info: { lines: number } };
      records.push({ line: info.lines, values: record });
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw badRequest(`Could not read the CSV file${line ? ` at line ${line}` : ''}: ${error.message}`);
    }
    throw error;
  }
  return records;
}
