/**
 * Rison (https://github.com/Nanonid/rison): the compact URI-friendly JSON the REST list endpoints take in
 * `?q=`. Implemented here rather than through `rison-node`, whose UMD wrapper resolves its root through
 * `this` and so is not a real ES module: bundling it for the browser builds needs CommonJS interop, and a
 * 200-line typed codec is cheaper than that risk. Follows the reference implementation: object keys are
 * sorted, `undefined` members are skipped, non-finite numbers encode as `!n`.
 */

/** A value rison can represent. */
export type RisonValue = string | number | boolean | null | RisonValue[] | { [key: string]: RisonValue | undefined };

const NOT_IDCHAR = " '!:(),*@$";
const NOT_IDSTART = '-0123456789';
const ID_OK = /^[^-0-9 '!:(),*@$][^ '!:(),*@$]*$/;
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?$/;

function encodeString(s: string): string {
  if (s === '') return "''";
  if (ID_OK.test(s)) return s;
  return `'${s.replace(/[!']/g, (c) => `!${c}`)}'`;
}

/**
 * Encodes a value as rison.
 *
 * @example
 * risonEncode({ filters: [{ col: 'x', opr: 'ct', value: 'a b' }] });
 * // "(filters:!((col:x,opr:ct,value:'a b')))"
 */
export function risonEncode(value: unknown): string {
  if (value === null || value === undefined) return '!n';
  switch (typeof value) {
    case 'boolean':
      return value ? '!t' : '!f';
    case 'number':
      return Number.isFinite(value) ? String(value).replace('+', '') : '!n';
    case 'string':
      return encodeString(value);
    case 'object': {
      if (Array.isArray(value)) return `!(${value.map((v) => risonEncode(v)).join(',')})`;
      if (value instanceof Date) return encodeString(value.toISOString());
      const obj = value as Record<string, unknown>;
      const parts = Object.keys(obj)
        .sort()
        .filter((k) => obj[k] !== undefined && typeof obj[k] !== 'function')
        .map((k) => `${encodeString(k)}:${risonEncode(obj[k])}`);
      return `(${parts.join(',')})`;
    }
    default:
      throw new Error(`rison: cannot encode a value of type ${typeof value}`);
  }
}

/**
 * Encodes as rison, then escapes for a URL query parameter while keeping rison's punctuation readable
 * (the reference `encode_uri`, except spaces become %20 rather than `+` so no server can misread them).
 *
 * @example
 * risonEncodeUri({ page: 0, q: 'a&b' }); // "(page:0,q:'a%26b')"
 */
export function risonEncodeUri(value: unknown): string {
  const encoded = risonEncode(value);
  if (/^[-A-Za-z0-9~!*()_.',:@$/]*$/.test(encoded)) return encoded;
  return encodeURIComponent(encoded)
    .replace(/%2C/g, ',')
    .replace(/%3A/g, ':')
    .replace(/%40/g, '@')
    .replace(/%24/g, '$')
    .replace(/%2F/g, '/');
}

class RisonParser {
  private index = 0;

  constructor(private readonly text: string) {}

  parse(): RisonValue {
    const value = this.readValue();
    if (this.index !== this.text.length) this.fail(`unexpected ${JSON.stringify(this.text[this.index])}`);
    return value;
  }

  private fail(reason: string): never {
    throw new Error(`rison: ${reason} at position ${this.index} in ${JSON.stringify(this.text)}`);
  }

  private readValue(): RisonValue {
    const c = this.text[this.index];
    if (c === undefined) this.fail('unexpected end of input');
    if (c === '!') {
      const next = this.text[this.index + 1];
      this.index += 2;
      if (next === 't') return true;
      if (next === 'f') return false;
      if (next === 'n') return null;
      if (next === '(') return this.readArray();
      this.index -= 2;
      this.fail(`unknown literal "!${next ?? ''}"`);
    }
    if (c === '(') {
      this.index += 1;
      return this.readObject();
    }
    if (c === "'") return this.readString();
    if (c === '-' || (c >= '0' && c <= '9')) return this.readNumber();
    return this.readId();
  }

  private readArray(): RisonValue[] {
    const out: RisonValue[] = [];
    if (this.text[this.index] === ')') {
      this.index += 1;
      return out;
    }
    for (;;) {
      out.push(this.readValue());
      const c = this.text[this.index++];
      if (c === ')') return out;
      if (c !== ',') {
        this.index -= 1;
        this.fail("expected ',' or ')' in array");
      }
    }
  }

  private readObject(): Record<string, RisonValue> {
    const out: Record<string, RisonValue> = {};
    if (this.text[this.index] === ')') {
      this.index += 1;
      return out;
    }
    for (;;) {
      const key = this.text[this.index] === "'" ? this.readString() : this.readId();
      if (typeof key !== 'string') this.fail('object keys must be strings');
      if (this.text[this.index++] !== ':') {
        this.index -= 1;
        this.fail("expected ':' after object key");
      }
      out[key] = this.readValue();
      const c = this.text[this.index++];
      if (c === ')') return out;
      if (c !== ',') {
        this.index -= 1;
        this.fail("expected ',' or ')' in object");
      }
    }
  }

  private readString(): string {
    this.index += 1; // opening quote
    let out = '';
    for (;;) {
      const c = this.text[this.index++];
      if (c === undefined) this.fail('unterminated string');
      if (c === "'") return out;
      if (c === '!') {
        const escaped = this.text[this.index++];
        if (escaped !== '!' && escaped !== "'") {
          this.index -= 2;
          this.fail(`invalid string escape "!${escaped ?? ''}"`);
        }
        out += escaped;
      } else {
        out += c;
      }
    }
  }

  private readNumber(): number {
    const start = this.index;
    while (this.index < this.text.length && '-0123456789.eE+'.includes(this.text[this.index])) this.index += 1;
    const raw = this.text.slice(start, this.index);
    if (!NUMBER.test(raw)) {
      this.index = start;
      this.fail(`invalid number ${JSON.stringify(raw)}`);
    }
    return Number(raw);
  }

  private readId(): string | number | boolean | null {
    const start = this.index;
    if (NOT_IDSTART.includes(this.text[start]) || NOT_IDCHAR.includes(this.text[start])) {
      this.fail(`unexpected ${JSON.stringify(this.text[start])}`);
    }
    while (this.index < this.text.length && !NOT_IDCHAR.includes(this.text[this.index])) this.index += 1;
    return this.text.slice(start, this.index);
  }
}

/**
 * Decodes a rison string; throws an Error naming the position on malformed input.
 *
 * @example
 * risonDecode('!(1,2)'); // [1, 2]
 * risonDecode("(a:'it!'s')"); // { a: "it's" }
 */
export function risonDecode(text: string): RisonValue {
  return new RisonParser(text).parse();
}
