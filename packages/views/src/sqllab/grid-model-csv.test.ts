import { describe, expect, it } from 'vitest';
import { toCsv } from './grid-model';

describe('SQL Lab CSV download neutralises formulas', () => {
  it('prefixes formula-like text with an apostrophe and leaves numbers alone', () => {
    const csv = toCsv(['@col', 'v'], [{ '@col': '=1+2', v: -4 }, { '@col': "=cmd|' /C calc'!A0", v: '-4' }, { '@col': 'ok', v: '+1' }]);
    expect(csv).toBe("'@col,v\r\n'=1+2,-4\r\n'=cmd\\|' /C calc'!A0,-4\r\nok,'+1\r\n");
  });
});
