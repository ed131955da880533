import { describe, expect, it } from 'vitest';
import { decodeRison, encodeRison, RisonError } from './parse';

describe('rison', () => {
  it('decodes objects, lists, strings, numbers and literals', () => {
    expect(decodeRison("(filters:!((col:slice_name,opr:ct,value:'a b!'s')),page:0,page_size:25,x:!t,y:!f,z:!n,n:-1.5e2)")).toEqual({
      filters: [{ col: 'slice_name', opr: 'ct', value: "a b's" }],
      page: 0,
      page_size: 25,
      x: true,
      y: false,
      z: null,
      n: -150,
    });
    expect(decodeRison('!(1,2,3)')).toEqual([1, 2, 3]);
    expect(decodeRison('!()')).toEqual([]);
    expect(decodeRison('()')).toEqual({});
    expect(decodeRison("''")).toBe('');
  });

  it('round-trips through encodeRison', () => {
    const value = { order_column: 'changed_on_delta_humanized', filters: [{ col: 'x', opr: 'eq', value: 'it’s 1 (a)' }], keys: ['none'], n: 3, b: false };
    expect(decodeRison(encodeRison(value))).toEqual(value);
  });

  it.each([
    ['(a:', 'unexpected end of input'],
    ['(a:1', "missing ')' to close an object"],
    ['!(1,2', "missing ')' to close a list"],
    ["'abc", 'unterminated string'],
    ['!x', "unknown literal '!x'"],
    ['(a:1)x', "unexpected 'x'"],
    ['(a 1)', "expected ':' after key 'a'"],
    ["'a!b'", "invalid string escape '!b'"],
  ])('rejects %s with a message naming the problem', (text, message) => {
    expect(() => decodeRison(text)).toThrow(RisonError);
    expect(() => decodeRison(text)).toThrow(message);
  });
});
