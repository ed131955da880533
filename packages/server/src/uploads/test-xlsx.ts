import { strToU8, zipSync } from 'fflate';

/**
 * Builds small .xlsx workbooks for the upload tests (not part of the server's runtime). The server only
 * reads spreadsheets, so rather than keep a full spreadsheet writer as a dependency the tests write the
 * few OOXML parts a workbook needs, cell kinds included (dates, formulas with cached results, rich text,
 * booleans, error cells), as a spreadsheet application saves them.
 */
export type TestCell =
  | string
  | number
  | boolean
  | Date
  | null
  | { formula: string; result: number | string }
  | { richText: string[] }
  | { error: string };

export interface TestSheet {
  name: string;
  /** Rows from row 1 down; `null` leaves the whole row out of the sheet XML, as an empty row is saved. */
  rows: (TestCell[] | null)[];
}

const DAY_MS = 86_400_000;
/** Excel's serial day 25569 is 1970-01-01 (the 1900 date system). */
const UNIX_EPOCH_SERIAL = 25569;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cellXml(ref: string, cell: TestCell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return `<c r="${ref}" s="1"><v>${cell.getTime() / DAY_MS + UNIX_EPOCH_SERIAL}</v></c>`;
  if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
  if (typeof cell === 'boolean') return `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
  if (typeof cell === 'string') return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`;
  if ('richText' in cell) return `<c r="${ref}" t="inlineStr"><is>${cell.richText.map((part) => `<r><t xml:space="preserve">${escapeXml(part)}</t></r>`).join('')}</is></c>`;
  if ('error' in cell) return `<c r="${ref}" t="e"><v>${escapeXml(cell.error)}</v></c>`;
  const type = typeof cell.result === 'string' ? ' t="str"' : '';
  return `<c r="${ref}"${type}><f>${escapeXml(cell.formula)}</f><v>${escapeXml(String(cell.result))}</v></c>`;
}

function sheetXml(sheet: TestSheet): string {
  const rows = sheet.rows
    .map((row, r) => (row === null ? '' : `<row r="${r + 1}">${row.map((cell, c) => cellXml(`${columnName(c)}${r + 1}`, cell)).join('')}</row>`))
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
}

/**
 * @example
 * const bytes = buildXlsx([{ name: 'Orders', rows: [['id'], [1]] }]);
 */
export function buildXlsx(sheets: TestSheet[]): Uint8Array {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
        sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('') +
        `</Types>`,
    ),
    '_rels/.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        `<Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${main}" xmlns:r="${rel}"><sheets>` +
        sheets.map((sheet, i) => `<sheet name="${escapeXml(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
        `</sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${rel}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('') +
        `<Relationship Id="rId${sheets.length + 1}" Type="${rel}/styles" Target="styles.xml"/></Relationships>`,
    ),
    // Style 1 is a date-time format (built-in numFmt 22, 'm/d/yy h:mm'), which is how a date cell is told apart.
    'xl/styles.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="${main}">` +
        `<fonts count="1"><font/></fonts><fills count="1"><fill/></fills><borders count="1"><border/></borders>` +
        `<cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs>` +
        `<cellXfs count="2"><xf numFmtId="0" xfId="0"/><xf numFmtId="22" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    ),
  };
  sheets.forEach((sheet, i) => (files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(sheetXml(sheet))));
  return zipSync(files);
}
