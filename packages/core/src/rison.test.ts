import { describe, expect, it } from 'vitest';
import { risonDecode, risonEncode, risonEncodeUri } from './rison';

describe('rison', () => {
  it('encodes the spec examples', () => {
    expect(risonEncode([1, 2])).toBe('!(1,2)');
    expect(risonEncode({ filters: [{ col: 'x', opr: 'ct', value: 'a b' }] })).toBe("(filters:!((col:x,opr:ct,value:'a b')))");
  });

  it('encodes primitives like the reference implementation', () => {
    expect(risonEncode(null)).toBe('!n');
    expect(risonEncode(true)).toBe('!t');
    expect(risonEncode(false)).toBe('!f');
    expect(risonEncode('')).toBe("''");
    expect(risonEncode(-1.5)).toBe('-1.5');
    expect(risonEncode(1e21)).toBe('1e21');
    expect(risonEncode('123')).toBe("'123'");
    expect(risonEncode('-x')).toBe("'-x'");
    expect(risonEncode([])).toBe('!()');
    expect(risonEncode({})).toBe('()');
  });

  it('escapes ! and quote in strings', () => {
    expect(risonEncode("it's")).toBe("'it!'s'");
    expect(risonEncode('wow!')).toBe("'wow!!'");
    expect(risonEncode("don't!")).toBe("'don!'t!!'");
  });

  it('sorts object keys and skips undefined members', () => {
    expect(risonEncode({ page_size: 5, order_column: 'changed_on_delta_humanized', page: 0, x: undefined })).toBe(
      '(order_column:changed_on_delta_humanized,page:0,page_size:5)',
    );
  });

  it.each([
    ['!(1,2)', [1, 2]],
    ["(filters:!((col:x,opr:ct,value:'a b')))", { filters: [{ col: 'x', opr: 'ct', value: 'a b' }] }],
    ["'it!'s wow!!'", "it's wow!"],
    ['(a:!t,b:!f,c:!n,d:-2.5e3)', { a: true, b: false, c: null, d: -2500 }],
    ["('key with space':1)", { 'key with space': 1 }],
  ])('decodes %s', (text, value) => {
    expect(risonDecode(text)).toEqual(value);
  });

  it('round-trips nested values with awkward strings', () => {
    const value = {
      filters: [{ col: 'name', opr: 'sw', value: "O'Brien! & co (ltd)" }],
      order_direction: 'desc',
      page: 0,
      ids: [1, 2, 3],
      nested: { empty: '', list: [[], {}], flag: true },
    };
    expect(risonDecode(risonEncode(value))).toEqual(value);
  });

  it('rejects malformed input with a position', () => {
    expect(() => risonDecode('(a:1')).toThrow(/rison: .* at position/);
    expect(() => risonDecode("'abc")).toThrow('unterminated string');
    expect(() => risonDecode("'a!x'")).toThrow('invalid string escape');
    expect(() => risonDecode('!x')).toThrow('unknown literal');
    expect(() => risonDecode('1 2')).toThrow();
  });

  it('URI-encodes while keeping rison punctuation readable', () => {
    expect(risonEncodeUri({ page: 0, page_size: 5 })).toBe('(page:0,page_size:5)');
    expect(risonEncodeUri({ q: 'a&b c' })).toBe("(q:'a%26b%20c')");
    expect(decodeURIComponent(risonEncodeUri({ q: '100% #1' }))).toBe("(q:'100% #1')");
  });
});
