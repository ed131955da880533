import { badRequest, ErrorType } from '../errors';
import { addUnits, lastDay, parseUnit, type TimeUnit, truncate } from './date-math';

/**
 * The time-range grammar of chart form data (`time_range`), resolved to a half-open UTC interval
 * [since, until). Either end may be null (unbounded). Forms accepted:
 * - 'No filter'
 * - 'Last day|week|month|quarter|year' (ending today at 00:00), 'Last N days' and 'Next N weeks'
 * - 'previous calendar week|month|quarter|year'
 * - 'Current day|week|month|quarter|year' (the unit containing today)
 * - 'start : end' where each side is an expression: empty (unbounded), an ISO date or datetime, now, today,
 *   yesterday, tomorrow, 'N units ago|later|before|after', 'last|next|this unit',
 *   DATETIME("..."), DATEADD(expr, n, unit), DATETRUNC(expr, unit), LASTDAY(expr, week|month|year).
 * Anything else is a 400 naming the range.
 */
export interface TimeInterval {
  since: Date | null;
  until: Date | null;
}

export class TimeRangeError extends Error {}

const fail = (message: string): never => {
  throw new TimeRangeError(message);
};

const NO_FILTER = /^\s*no filter\s*$/i;

/** Resolves a time range at `now` (default: the current time). Throws a 400 LumenError on bad input. */
export function resolveTimeRange(range: string | null | undefined, now: Date = new Date()): TimeInterval {
  try {
    return parseTimeRange(range, now);
  } catch (error) {
    if (error instanceof TimeRangeError) {
      throw badRequest(`Invalid time range '${range}': ${error.message}`, { time_range: range }, ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR);
    }
    throw error;
  }
}

export function parseTimeRange(range: string | null | undefined, now: Date): TimeInterval {
  if (range === null || range === undefined || range === '' || NO_FILTER.test(range)) return { since: null, until: null };
  if (typeof range !== 'string') fail('expected a string');
  const text = range.trim();
  const today = truncate(now, 'day');

  let match = /^last\s+(day|week|month|quarter|year)$/i.exec(text);
  if (match) {
    const unit = parseUnit(match[1]) as TimeUnit;
    return { since: unit === 'week' ? addUnits(today, -7, 'day') : addUnits(today, -1, unit), until: today };
  }
  match = /^(last|next)\s+(\d+)\s+([a-z]+)$/i.exec(text);
  if (match) {
    const unit = parseUnit(match[3]) ?? fail(`unknown unit '${match[3]}'`);
    const n = Number(match[2]);
    return match[1].toLowerCase() === 'last' ? { since: addUnits(today, -n, unit), until: today } : { since: today, until: addUnits(today, n, unit) };
  }
  match = /^previous\s+calendar\s+(week|month|quarter|year)$/i.exec(text);
  if (match) {
    const unit = parseUnit(match[1]) as TimeUnit;
    const start = truncate(today, unit);
    return { since: addUnits(start, -1, unit), until: start };
  }
  match = /^current\s+(day|week|month|quarter|year)$/i.exec(text);
  if (match) {
    const unit = parseUnit(match[1]) as TimeUnit;
    const start = truncate(today, unit);
    return { since: start, until: addUnits(start, 1, unit) };
  }
  // The separator is a colon with spaces (or the string's edge) around it; times like 12:00 have none.
  const separator = /(?:^|\s+):(?:\s+|$)/.exec(range) ?? fail(`expected 'No filter', a named range or 'start : end'`);
  const left = range.slice(0, separator.index).trim();
  const right = range.slice(separator.index + separator[0].length).trim();
  const since = left === '' || NO_FILTER.test(left) ? null : evaluate(left, now);
  const until = right === '' || NO_FILTER.test(right) ? null : evaluate(right, now);
  if (since && until && since.getTime() > until.getTime()) fail('From date cannot be larger than to date');
  return { since, until };
}

/** Parses one side of 'start : end'. */
export function evaluate(expression: string, now: Date): Date {
  const parser = new ExpressionParser(expression, now);
  const value = parser.parseExpression();
  parser.expectEnd();
  return value;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

function parseIso(text: string): Date | null {
  if (!ISO_DATE.test(text)) return null;
  let normalised = text.replace(' ', 'T');
  if (/^\d{4}-\d{2}-\d{2}$/.test(normalised)) normalised += 'T00:00:00';
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(normalised)) normalised += 'Z';
  const date = new Date(normalised);
  if (Number.isNaN(date.getTime())) return null;
  // Reject impossible dates that Date would roll over (2021-02-30).
  const [y, m, d] = text.slice(0, 10).split('-').map(Number);
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return date;
}

/** Human words and relative phrases: now, today, '7 days ago', 'last week', 'next month', 'this year'. */
function parseHuman(text: string, now: Date): Date | null {
  const lower = text.toLowerCase().trim();
  const today = truncate(now, 'day');
  if (lower === 'now') return new Date(now.getTime());
  if (lower === 'today') return today;
  if (lower === 'yesterday') return addUnits(today, -1, 'day');
  if (lower === 'tomorrow') return addUnits(today, 1, 'day');
  let match = /^(\d+)\s+([a-z]+)\s+(ago|before|later|after|from now)$/.exec(lower);
  if (match) {
    const unit = parseUnit(match[2]);
    if (!unit) return null;
    const sign = match[3] === 'ago' || match[3] === 'before' ? -1 : 1;
    return addUnits(today, sign * Number(match[1]), unit);
  }
  match = /^(last|next|this)\s+([a-z]+)$/.exec(lower);
  if (match) {
    const unit = parseUnit(match[2]);
    if (!unit) return null;
    if (match[1] === 'this') return truncate(today, unit);
    return addUnits(today, match[1] === 'last' ? -1 : 1, unit);
  }
  return parseIso(text.trim());
}

/** Recursive-descent parser for DATETIME / DATEADD / DATETRUNC / LASTDAY expressions. */
class ExpressionParser {
  private position = 0;
  constructor(
    private readonly text: string,
    private readonly now: Date,
  ) {}

  parseExpression(): Date {
    this.skipSpace();
    const name = /^[A-Za-z_]+(?=\s*\()/.exec(this.rest())?.[0];
    if (!name) {
      const value = parseHuman(this.rest(), this.now) ?? fail(`cannot understand '${this.rest().trim()}'`);
      this.position = this.text.length;
      return value;
    }
    this.position += name.length;
    this.expect('(');
    let result: Date;
    switch (name.toUpperCase()) {
      case 'DATETIME': {
        const literal = this.parseString();
        result = parseHuman(literal, this.now) ?? fail(`DATETIME cannot parse "${literal}"`);
        break;
      }
      case 'DATEADD': {
        const base = this.parseExpression();
        this.expect(',');
        const amount = this.parseInteger();
        this.expect(',');
        const unit = this.parseUnitArgument();
        result = addUnits(base, amount, unit);
        break;
      }
      case 'DATETRUNC': {
        const base = this.parseExpression();
        this.expect(',');
        result = truncate(base, this.parseUnitArgument());
        break;
      }
      case 'LASTDAY': {
        const base = this.parseExpression();
        this.expect(',');
        const unit = this.parseUnitArgument();
        if (unit !== 'week' && unit !== 'month' && unit !== 'year') fail('LASTDAY takes week, month or year');
        result = lastDay(base, unit as 'week' | 'month' | 'year');
        break;
      }
      default:
        return fail(`unknown function ${name}`);
    }
    this.expect(')');
    return result;
  }

  expectEnd(): void {
    this.skipSpace();
    if (this.position < this.text.length) fail(`unexpected '${this.rest()}'`);
  }

  private rest(): string {
    return this.text.slice(this.position);
  }

  private skipSpace(): void {
    while (this.position < this.text.length && /\s/.test(this.text[this.position])) this.position++;
  }

  private expect(char: string): void {
    this.skipSpace();
    if (this.text[this.position] !== char) fail(`expected '${char}' at position ${this.position + 1}`);
    this.position++;
  }

  private parseString(): string {
    this.skipSpace();
    const quote = this.text[this.position];
    if (quote !== '"' && quote !== "'") {
      // Unquoted argument up to the closing parenthesis, as the incumbent tolerates DATETIME(now).
      const end = this.text.indexOf(')', this.position);
      if (end < 0) fail('missing )');
      const raw = this.text.slice(this.position, end).trim();
      this.position = end;
      return raw;
    }
    const end = this.text.indexOf(quote, this.position + 1);
    if (end < 0) fail('unterminated string');
    const value = this.text.slice(this.position + 1, end);
    this.position = end + 1;
    return value;
  }

  private parseInteger(): number {
    this.skipSpace();
    const match = /^[+-]?\d+/.exec(this.rest()) ?? fail('expected an integer amount');
    this.position += match[0].length;
    return Number(match[0]);
  }

  private parseUnitArgument(): TimeUnit {
    this.skipSpace();
    const match = /^['"]?([A-Za-z]+)['"]?/.exec(this.rest()) ?? fail('expected a time unit');
    this.position += match[0].length;
    return parseUnit(match[1]) ?? fail(`unknown unit '${match[1]}'`);
  }
}
