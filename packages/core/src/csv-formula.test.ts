import { describe, expect, it } from 'vitest';
import { escapeCsvFormula } from './csv-formula';

describe('escapeCsvFormula', () => {
  it('prefixes text a spreadsheet would run as a formula with an apostrophe', () => {
    expect(escapeCsvFormula('=1+2')).toBe("'=1+2");
    expect(escapeCsvFormula('+1')).toBe("'+1");
    expect(escapeCsvFormula('-1+2')).toBe("'-1+2");
    expect(escapeCsvFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeCsvFormula('\t=1')).toBe("'\t=1");
    expect(escapeCsvFormula('\r=1')).toBe("'\r=1");
    expect(escapeCsvFormula('=HYPERLINK("http://evil.example","x")')).toBe('\'=HYPERLINK("http://evil.example","x")');
    // DDE payloads: the pipe is escaped too.
    expect(escapeCsvFormula("=cmd|' /C calc'!A0")).toBe("'=cmd\\|' /C calc'!A0");
  });

  it('leaves ordinary text and negative numbers alone', () => {
    for (const text of ['Sales', '', 'a=b', '1+1', '-12', '-12.5', '-1e5', 'x|y', ' =1']) expect(escapeCsvFormula(text)).toBe(text);
  });
});
