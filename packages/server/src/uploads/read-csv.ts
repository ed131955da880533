import { createReadStream } from 'node:fs';
import { parse, CsvError } from 'csv-parse';
import { badRequest } from '../errors';
import type { SourceRecord } from './upload-frame';
import type { UploadOptions } from './upload-options';

export type CsvOptions = Pick<UploadOptions, 'delimiter' | 'skip_blank_lines' | 'skip_initial_space'>;

/**
 * Streams the records of a CSV file with csv-parse, each with the line it ends on. Every field stays text
 * here; typing happens in column-types.ts. The file is read in 64 KB pieces and the event loop turns
 * between them, so a million-row file never holds the server up; stopping early (rows_to_read, an error)
 * closes the file.
 *
 * @example
 * for await (const record of csvRecords('/tmp/upload.csv', options)) record; // { line: 1, values: ['a', 'b'] }
 */
export async function* csvRecords(path: string, options: CsvOptions): AsyncGenerator<SourceRecord> {
  const parser = parse({
    delimiter: options.delimiter,
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: options.skip_blank_lines,
    ltrim: options.skip_initial_space,
  });
  const source = createReadStream(path);
  source.on('error', (error) => parser.destroy(error));
  try {
    for await (const item of source.pipe(parser)) {
      const { record, info } = item as { record: string[]; info: { lines: number } };
      yield { line: info.lines, values: record };
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw badRequest(`Could not read the CSV file${line ? ` at line ${line}` : ''}: ${error.message}`);
    }
    throw error;
  } finally {
    source.destroy();
    parser.destroy();
  }
}
