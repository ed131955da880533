import { unzipSync } from 'fflate';
import readXlsxFile, { readSheet, SheetNotFoundError, type Row } from 'read-excel-file/node';
import { badRequest } from '../errors';
import { DEFAULT_PARSE_LIMITS, limitExceeded, type ParseLimits } from '../parse-worker/parse-limits';
import { compressionRatioProblem } from '../parse-worker/zip-ratio';
import type { SourceRecord } from './upload-frame';

/**
 * Cells are read untrimmed (`trim: false`): the upload keeps text as the spreadsheet holds it, like the CSV
 * reader, and header names are trimmed later in one place (upload-frame). The library gives formulas their
 * cached result, rich text its plain text, date-formatted numbers as UTC `Date`s and error cells as null.
 */
const OPTIONS = { trim: false } as const;

function toBuffer(data: Uint8Array): Buffer {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

function unreadable(error: unknown): Error {
  return badRequest(`Could not read the Excel file (expected an .xlsx workbook): ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * An .xlsx file is a ZIP of XML: refuses a zip bomb from the central directory before the library inflates
 * anything. A file that is not a ZIP is left to the library, which names the problem.
 */
function checkWorkbookArchive(data: Uint8Array, limits: ParseLimits): void {
  let problem = null as Error | null;
  try {
    unzipSync(data, {
      filter(file) {
        problem ??= compressionRatioProblem(file.name, file.size, file.originalSize, limits);
        return false;
      },
    });
  } catch {
    return;
  }
  if (problem) throw problem;
}

function checkCells(rows: Row[], limits: ParseLimits): void {
  let cells = 0;
  for (const row of rows) cells += row.length;
  if (cells > limits.maxCells) throw limitExceeded('maxCells', limits, null, `has more than ${limits.maxCells} cells`);
}

/** The sheet names of a workbook with each sheet's first-row names (upload_metadata). */
export async function readExcelSheets(data: Uint8Array, limits: ParseLimits = DEFAULT_PARSE_LIMITS): Promise<{ sheet_name: string; column_names: string[] }[]> {
  checkWorkbookArchive(data, limits);
  let sheets: Awaited<ReturnType<typeof readXlsxFile>>;
  try {
    sheets = await readXlsxFile(toBuffer(data), OPTIONS);
  } catch (error) {
    throw unreadable(error);
  }
  return sheets.map(({ sheet, data: rows }) => ({ sheet_name: sheet, column_names: (rows[0] ?? []).map((value) => String(value ?? '')) }));
}

/**
 * Reads one sheet (the first when `sheetName` is null) as records, one per sheet row including empty rows,
 * so `skip_rows` and `header_row` count rows as the spreadsheet shows them. Runs in the parse worker
 * (parse-tasks.ts), which bounds its time and memory; the cell count is bounded here.
 *
 * @example
 * const records = await readExcelRecords(bytes, 'Sales');
 */
export async function readExcelRecords(data: Uint8Array, sheetName: string | null, limits: ParseLimits = DEFAULT_PARSE_LIMITS): Promise<SourceRecord[]> {
  checkWorkbookArchive(data, limits);
  let rows: Row[];
  try {
    rows = await readSheet(toBuffer(data), sheetName ?? 1, OPTIONS);
  } catch (error) {
    if (error instanceof SheetNotFoundError) {
      const names = ((error as SheetNotFoundError & { sheets?: string[] }).sheets ?? []).join(', ');
      throw badRequest(sheetName === null ? 'The workbook has no sheet.' : `sheet_name: no sheet named '${sheetName}'; sheets are: ${names}.`, { sheet_name: ['Unknown sheet.'] });
    }
    throw unreadable(error);
  }
  checkCells(rows, limits);
  return rows.map((row, index) => {
    const values: unknown[] = row.slice();
    while (values.length && values[values.length - 1] === null) values.pop();
    return { line: index + 1, values };
  });
}
