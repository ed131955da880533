import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readExcelRecords, readExcelSheets } from './read-excel';
import { buildXlsx } from './test-xlsx';

const WORKBOOK = buildXlsx([
  { name: 'Ignored', rows: [['x'], [1]] },
  {
    name: 'Orders',
    rows: [
      ['exported by tool'],
      null,
      ['order', 'placed', 'total', 'note', 'ok'],
      [1, new Date(Date.UTC(2024, 0, 2, 3, 4, 5)), 9.5, { richText: ['rich ', 'text'] }, true],
      [2, new Date(Date.UTC(2024, 1, 3)), { formula: '1+2', result: 3 }, null, false],
      [3, null, { error: '#DIV/0!' }, '  padded  ', null],
    ],
  },
]);

describe('readExcelRecords', () => {
  it('reads the named sheet row by row, keeping empty rows so line numbers match the spreadsheet', async () => {
    const records = await readExcelRecords(WORKBOOK, 'Orders');
    expect(records.map((r) => r.line)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(records[0]!.values).toEqual(['exported by tool']);
    expect(records[1]!.values).toEqual([]);
    expect(records[2]!.values).toEqual(['order', 'placed', 'total', 'note', 'ok']);
  });

  it('types cells: numbers, UTC dates, booleans, formula results, rich text as plain text, errors as null, untrimmed text', async () => {
    const [, , , first, second, third] = await readExcelRecords(WORKBOOK, 'Orders');
    expect(first!.values).toEqual([1, new Date('2024-01-02T03:04:05.000Z'), 9.5, 'rich text', true]);
    // Trailing empty cells are dropped per row; upload-frame pads rows back to the header's width.
    expect(second!.values).toEqual([2, new Date('2024-02-03T00:00:00.000Z'), 3, null, false]);
    expect(third!.values).toEqual([3, null, null, '  padded  ']);
  });

  it('reads the first sheet when none is named', async () => {
    const records = await readExcelRecords(WORKBOOK, null);
    expect(records.map((r) => r.values)).toEqual([['x'], [1]]);
  });

  it('names the sheets when the requested one is missing', async () => {
    await expect(readExcelRecords(WORKBOOK, 'Nope')).rejects.toMatchObject({
      message: "sheet_name: no sheet named 'Nope'; sheets are: Ignored, Orders.",
      statusCode: 400,
    });
  });

  it('refuses a file that is not an .xlsx workbook, saying so', async () => {
    await expect(readExcelRecords(strToU8('id,name\n1,a\n'), null)).rejects.toMatchObject({
      message: expect.stringMatching(/^Could not read the Excel file \(expected an \.xlsx workbook\): /),
      statusCode: 400,
    });
    await expect(readExcelSheets(zipSync({ 'hello.txt': strToU8('hi') }))).rejects.toMatchObject({
      message: expect.stringMatching(/^Could not read the Excel file \(expected an \.xlsx workbook\): /),
    });
  });
});

describe('readExcelSheets', () => {
  it('lists each sheet with its first-row names', async () => {
    expect(await readExcelSheets(WORKBOOK)).toEqual([
      { sheet_name: 'Ignored', column_names: ['x'] },
      { sheet_name: 'Orders', column_names: ['exported by tool', '', '', '', ''] },
    ]);
  });
});
