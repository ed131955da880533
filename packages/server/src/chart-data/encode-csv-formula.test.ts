import { describe, expect, it } from 'vitest';
import { encodeCsv } from './encode';

/** Chart-data CSV (the chart data endpoint, explore_json csv, CSV reports) against formula injection. */
describe('encodeCsv neutralises formulas', () => {
  it('prefixes formula-like text cells and column names, quoting as usual', () => {
    const csv = encodeCsv(['=name', 'value'], [['=1+2', '@SUM(A1)', '+x', '-x', '\t=1', 'plain', '=HYPERLINK("http://e.example","a,b")'], [-5, 3, 0, -1.5, 2, 1, 0]], [false, false]);
    expect(csv.split('\r\n')).toEqual([
      "'=name,value",
      "'=1+2,-5",
      "'@SUM(A1),3",
      "'+x,0",
      "'-x,-1.5",
      "'\t=1,2",
      'plain,1',
      '"\'=HYPERLINK(""http://e.example"",""a,b"")",0',
      '',
    ]);
  });

  it('keeps numbers and negative numbers stored as text as they are', () => {
    expect(encodeCsv(['n', 't'], [[-3], ['-3.25']], [false, false])).toBe('n,t\r\n-3,-3.25\r\n');
  });
});
