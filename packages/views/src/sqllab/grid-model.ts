import { escapeCsvFormula, FALSE_DISPLAY, NULL_DISPLAY, TRUE_DISPLAY } from '@lumen-bi/core';

/**
 * Pure rules of the results grid: cell text, case-insensitive search across all cells (spec 2 §2), sort,
 * the window of rows to render, and CSV. Rows stay the server's records; the grid works on index arrays so
 * 100k rows are never copied to search or sort them.
 */
export type Row = Readonly<Record<string, unknown>>;
export type SortDirection = 'asc' | 'desc';

/** Values longer than this open in the cell viewer instead of being read in a truncated cell. */
export const LONG_CELL_CHARS = 80;

/**
 * The text a cell shows: N/A for null, True/False for booleans, JSON for objects (spec 3 §9).
 *
 * @example
 * cellText(null); // 'N/A'
 * cellText({ a: 1 }); // '{"a":1}'
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return NULL_DISPLAY;
  if (typeof value === 'boolean') return value ? TRUE_DISPLAY : FALSE_DISPLAY;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A value worth the JSON viewer: objects, arrays, JSON text, or long text. */
export function isViewerValue(value: unknown): boolean {
  if (value !== null && typeof value === 'object') return true;
  if (typeof value !== 'string') return false;
  if (value.length > LONG_CELL_CHARS) return true;
  const trimmed = value.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/** Pretty JSON when the value is (or holds) JSON, else the text itself. */
export function viewerText(value: unknown): string {
  if (value !== null && typeof value === 'object') return JSON.stringify(value, null, 2);
  if (typeof value === 'string') {
    try {
      const parsed = JSON.parse(value) as unknown;
      if (parsed !== null && typeof parsed === 'object') return JSON.stringify(parsed, null, 2);
    } catch {
      // not JSON: shown as text
    }
    return value;
  }
  return cellText(value);
}

const allIndexes = (count: number): number[] => Array.from({ length: count }, (_, i) => i);

/**
 * Indexes of the rows where any cell contains the text, ignoring case.
 *
 * @example
 * searchRows([{ name: 'Amy' }, { name: 'bob' }], ['name'], 'AM'); // [0]
 */
export function searchRows(data: readonly Row[], columns: readonly string[], text: string): number[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return allIndexes(data.length);
  const out: number[] = [];
  for (let i = 0; i < data.length; i++) {
    const row = data[i]!;
    for (const column of columns) {
      const value = row[column];
      if (value !== null && value !== undefined && cellText(value).toLowerCase().includes(needle)) {
        out.push(i);
        break;
      }
    }
  }
  return out;
}

/** Sorts row indexes by a column: numbers numerically, the rest as text; nulls last. */
export function sortRows(indexes: readonly number[], data: readonly Row[], column: string, direction: SortDirection): number[] {
  const sign = direction === 'asc' ? 1 : -1;
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return [...indexes].sort((a, b) => {
    const x = data[a]![column];
    const y = data[b]![column];
    if (x === y) return a - b;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * sign;
    return collator.compare(cellText(x), cellText(y)) * sign || a - b;
  });
}

/**
 * The rows to render for a scroll position: those in view plus an overscan on each side.
 *
 * @example
 * visibleRange(0, 300, 30, 100000); // { start: 0, end: 20 }
 */
export function visibleRange(scrollTop: number, viewportHeight: number, rowHeight: number, total: number, overscan = 10): { start: number; end: number } {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const count = Math.ceil(Math.max(viewportHeight, rowHeight) / rowHeight);
  return { start: Math.max(0, first - overscan), end: Math.min(total, first + count + overscan) };
}

/** One CSV field; text a spreadsheet would run as a formula gets a leading apostrophe (escapeCsvFormula). */
const csvField = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : typeof value === 'string' ? escapeCsvFormula(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * CSV (RFC 4180, CRLF line ends) of the loaded rows in the given order.
 *
 * @example
 * toCsv(['a', 'b'], [{ a: 1, b: 'x,y' }]); // 'a,b\r\n1,"x,y"\r\n'
 */
export function toCsv(columns: readonly string[], rows: readonly Row[], order?: readonly number[]): string {
  const lines = [columns.map(csvField).join(',')];
  const indexes = order ?? allIndexes(rows.length);
  for (const i of indexes) {
    const row = rows[i]!;
    lines.push(columns.map((c) => csvField(row[c])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
