import writeXlsxFile, { type Cell, type SheetData } from 'write-excel-file/node';
import { excelSheetNames } from './xlsx-sheet-name';

/** Columns of one query's result, as encodeCsv takes them. */
export interface XlsxTable {
  colnames: string[];
  columns: unknown[][];
  temporal: boolean[];
}

/** Dates show as the CSV writes them (UTC, to the second); the cell holds an Excel date serial. */
const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/**
 * A value as a typed cell: numbers stay numbers, temporal columns' epoch milliseconds become dates, text stays
 * text. Text is always written as a string cell (never a formula), so '=1+1' is shown, not run: unlike the
 * CSV there is no need for a leading apostrophe.
 */
function cellOf(value: unknown, isTemporal: boolean): Cell {
  if (value === null || value === undefined) return null;
  if (isTemporal && typeof value === 'number') return { value: new Date(value), type: Date, format: DATE_FORMAT };
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return { value, type: Date, format: DATE_FORMAT };
  return { value: typeof value === 'string' ? value : JSON.stringify(value), type: String };
}

function sheetData(table: XlsxTable): SheetData {
  const header: Cell[] = table.colnames.map((name) => ({ value: name, type: String, fontWeight: 'bold' }));
  const rowCount = table.columns[0]?.length ?? 0;
  const rows: Cell[][] = new Array(rowCount);
  for (let r = 0; r < rowCount; r++) rows[r] = table.columns.map((column, c) => cellOf(column[r], table.temporal[c] ?? false));
  return [header, ...rows];
}

/**
 * An .xlsx workbook with one sheet per query result, each a header row of column labels over the rows,
 * the sheets named after the chart (xlsx-sheet-name.ts). The header row stays visible when scrolling.
 *
 * @example
 * const bytes = await encodeXlsx('Revenue by region', [{ colnames: ['region'], columns: [['North']], temporal: [false] }]);
 */
export async function encodeXlsx(chartName: string, tables: XlsxTable[]): Promise<Buffer> {
  const names = excelSheetNames(chartName, Math.max(tables.length, 1));
  const sheets = (tables.length ? tables : [{ colnames: [], columns: [], temporal: [] }]).map((table, i) => ({
    sheet: names[i],
    data: sheetData(table),
    stickyRowsCount: 1,
  }));
  return writeXlsxFile(sheets).toBuffer();
}
