/**
 * CSV formula injection: a spreadsheet opening a CSV runs a cell that starts with = + - @ (or a tab or
 * carriage return that it skips before one of those) as a formula, e.g. `=HYPERLINK(...)` or a DDE
 * `=cmd|' /C calc'!A0`. Such text cells get a leading apostrophe, which spreadsheets show as plain text,
 * and pipes are escaped, as the incumbent's csv.escape_value does. Negative numbers written as text
 * (`-12.5`) are left alone, and values that are numbers are never text cells, so data stays data.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?([eE][-+]?\d+)?$/;

/**
 * @example
 * escapeCsvFormula('=1+2');   // "'=1+2"
 * escapeCsvFormula('-12.5');  // '-12.5'
 * escapeCsvFormula('Sales');  // 'Sales'
 */
export function escapeCsvFormula(text: string): string {
  if (!FORMULA_START.test(text) || NEGATIVE_NUMBER.test(text)) return text;
  return `'${text.replace(/\|/g, '\\|')}`;
}
