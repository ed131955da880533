/**
 * A strict rison decoder (https://github.com/Nanonid/rison) for the `q` query parameter. Written here rather
 * than using rison-node because its errors ("Cannot read properties of null") do not say what was wrong; a
 * client sending a malformed `q` should learn where and why.
 */
export type RisonValue = null | boolean | number | string | RisonValue[] | { [key: string]: RisonValue };

export class RisonError extends Error {
  override name = 'RisonError';
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

// Characters that cannot appear in an unquoted identifier (rison's `not_idchar`).
const NOT_ID_CHAR = new Set(" '!:(),*@$".split(''));
const NUMBER_START = /[-0-9]/;
const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?(e-?[0-9]+)?/;

class Parser {
  private pos = 0;
  constructor(private readonly text: string) {}

  parse(): RisonValue {
    const value = this.value();
    if (this.pos !== this.text.length) this.fail(`unexpected '${this.text[this.pos]}'`);
    return value;
  }

  private fail(what: string): never {
    throw new RisonError(`Invalid rison at position ${this.pos}: ${what}`, this.pos);
  }

  private value(): RisonValue {
    const c = this.text[this.pos];
    if (c === undefined) this.fail('unexpected end of input');
    if (c === '(') return this.object();
    if (c === "'") return this.string();
    if (c === '!') return this.bang();
    if (NUMBER_START.test(c)) {
      const match = NUMBER.exec(this.text.slice(this.pos));
      if (match && (this.pos + match[0].length === this.text.length || NOT_ID_CHAR.has(this.text[this.pos + match[0].length]))) {
        this.pos += match[0].length;
        return Number(match[0]);
      }
      if (c === '-' || !match) this.fail(`invalid number`);
    }
    return this.identifier();
  }

  private identifier(): string {
    const start = this.pos;
    while (this.pos < this.text.length && !NOT_ID_CHAR.has(this.text[this.pos])) this.pos += 1;
    if (this.pos === start) this.fail(`unexpected '${this.text[this.pos]}'`);
    return this.text.slice(start, this.pos);
  }

  private string(): string {
    this.pos += 1;
    let out = '';
    for (;;) {
      const c = this.text[this.pos];
      if (c === undefined) this.fail('unterminated string');
      this.pos += 1;
      if (c === "'") return out;
      if (c === '!') {
        const next = this.text[this.pos];
        if (next !== '!' && next !== "'") this.fail(`invalid string escape '!${next ?? ''}'`);
        out += next;
        this.pos += 1;
      } else {
        out += c;
      }
    }
  }

  private bang(): RisonValue {
    this.pos += 1;
    const c = this.text[this.pos];
    this.pos += 1;
    if (c === 't') return true;
    if (c === 'f') return false;
    if (c === 'n') return null;
    if (c === '(') return this.list();
    this.pos -= 1;
    this.fail(`unknown literal '!${c ?? ''}'`);
  }

  private list(): RisonValue[] {
    const items: RisonValue[] = [];
    if (this.text[this.pos] === ')') {
      this.pos += 1;
      return items;
    }
    for (;;) {
      items.push(this.value());
      const c = this.text[this.pos];
      this.pos += 1;
      if (c === ')') return items;
      if (c !== ',') {
        this.pos -= 1;
        this.fail(c === undefined ? "missing ')' to close a list" : `expected ',' or ')' in a list, got '${c}'`);
      }
    }
  }

  private object(): { [key: string]: RisonValue } {
    this.pos += 1;
    const out: { [key: string]: RisonValue } = {};
    if (this.text[this.pos] === ')') {
      this.pos += 1;
      return out;
    }
    for (;;) {
      const key = this.text[this.pos] === "'" ? this.string() : this.identifier();
      if (this.text[this.pos] !== ':') this.fail(`expected ':' after key '${key}'`);
      this.pos += 1;
      out[key] = this.value();
      const c = this.text[this.pos];
      this.pos += 1;
      if (c === ')') return out;
      if (c !== ',') {
        this.pos -= 1;
        this.fail(c === undefined ? "missing ')' to close an object" : `expected ',' or ')' in an object, got '${c}'`);
      }
    }
  }
}

/**
 * Decodes one rison value. Throws RisonError naming the position and the problem.
 *
 * @example
 * decodeRison("(filters:!((col:slice_name,opr:ct,value:'sales')),page:0)");
 * // {filters: [{col: 'slice_name', opr: 'ct', value: 'sales'}], page: 0}
 */
export function decodeRison(text: string): RisonValue {
  return new Parser(text).parse();
}

const ID_OK = /^[^-0-9 '!:(),*@$][^ '!:(),*@$]*$/;

/**
 * Encodes a value as rison (used by tests and by links the server builds).
 *
 * @example
 * encodeRison({ page: 0, filters: [] }); // '(filters:!(),page:0)'
 */
export function encodeRison(value: unknown): string {
  if (value === null || value === undefined) return '!n';
  if (value === true) return '!t';
  if (value === false) return '!f';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value).replace('+', '') : '!n';
  if (typeof value === 'string') {
    if (value !== '' && ID_OK.test(value)) return value;
    return `'${value.replace(/[!']/g, (m) => `!${m}`)}'`;
  }
  if (Array.isArray(value)) return `!(${value.map(encodeRison).join(',')})`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `(${entries.map(([k, v]) => `${encodeRison(k)}:${encodeRison(v)}`).join(',')})`;
}
