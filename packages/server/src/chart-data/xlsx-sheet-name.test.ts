import { describe, expect, it } from 'vitest';
import { excelSheetName, excelSheetNames } from './xlsx-sheet-name';

describe('excelSheetName', () => {
  it('replaces the characters Excel refuses and cuts to 31 characters', () => {
    expect(excelSheetName('a[b]c:d*e?f/g\\h')).toBe('a_b_c_d_e_f_g_h');
    expect(excelSheetName('x'.repeat(40))).toBe('x'.repeat(31));
  });

  it('never splits an emoji, drops edge apostrophes and names an empty result', () => {
    expect(Array.from(excelSheetName(`${'a'.repeat(30)}😀😀`))).toHaveLength(31);
    expect(excelSheetName("'quoted'")).toBe('quoted');
    expect(excelSheetName('')).toBe('Sheet');
  });

  it('gives later queries distinct names that still fit', () => {
    const names = excelSheetNames('y'.repeat(40), 3);
    expect(names).toEqual(['y'.repeat(31), `${'y'.repeat(27)} (2)`, `${'y'.repeat(27)} (3)`]);
  });
});
