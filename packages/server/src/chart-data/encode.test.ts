import { describe, expect, it } from 'vitest';
import { encodeColumns, encodeCsv, encodeRecords } from './encode';

describe('encodeRecords', () => {
  it('writes records equal to JSON.stringify of row objects, including hostile names and odd values', () => {
    const names = ['a', 'b"}; throw 1; //', '__proto__x', 'n'];
    const columns = [[1, 2], ['x', null], [true, false], [Number.NaN, 10n as unknown as number]];
    const json = encodeRecords(names, columns);
    expect(JSON.parse(json)).toEqual([
      { a: 1, 'b"}; throw 1; //': 'x', __proto__x: true, n: null },
      { a: 2, 'b"}; throw 1; //': null, __proto__x: false, n: 10 },
    ]);
    expect(encodeRecords([], [])).toBe('[]');
    expect(encodeRecords(['a'], [[]])).toBe('[]');
  });
});

describe('encodeColumns', () => {
  it('writes the column arrays as they are, BigInts as numbers and NaN as null', () => {
    expect(JSON.parse(encodeColumns([[1, 2], ['x', null], [Number.NaN, 10n as unknown as number]]))).toEqual([[1, 2], ['x', null], [null, 10]]);
    expect(encodeColumns([])).toBe('[]');
  });
});

describe('encodeCsv', () => {
  it('quotes per RFC 4180 and renders temporal columns as ISO dates', () => {
    expect(encodeCsv(['t', 'name'], [[Date.UTC(2024, 0, 2)], ['a "quoted", text']], [true, false])).toBe('t,name\r\n2024-01-02 00:00:00,"a ""quoted"", text"\r\n');
  });
});
