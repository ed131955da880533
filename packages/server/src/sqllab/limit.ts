import type { Statement } from './statements';
import { significant, type Token } from './tokens';

/**
 * SQL Lab row limits, as the incumbent applies them: the effective limit is the smaller of the SQL's own
 * trailing LIMIT and the editor's dropdown (capped by the server maximum); the statement is made to fetch
 * one row more than that, so the response can tell whether rows were cut off and by what
 * (limitingFactor). A SELECT's own trailing LIMIT is rewritten in place, otherwise a LIMIT is appended (or
 * the statement is wrapped when it ends in OFFSET/FETCH/FOR clauses); other statements are capped by the
 * engine client's maxRows.
 */
export type LimitingFactor = 'QUERY' | 'DROPDOWN' | 'QUERY_AND_DROPDOWN' | 'NOT_LIMITED' | 'UNKNOWN';

export interface LimitPlan {
  /** SQL to execute. */
  sql: string;
  /** Rows the user asked for (min of SQL LIMIT and dropdown). */
  limit: number;
  /** Factor before looking at the result; the result can turn it into NOT_LIMITED. */
  limitingFactor: LimitingFactor;
  /** Rows to fetch at most: limit + 1. */
  fetchRows: number;
}

export interface LimitSettings {
  sqllabDefaultLimit: number;
  sqllabMaxLimit: number;
}

/**
 * The dropdown limit: queryLimit when positive, else the configured default; never above the maximum.
 *
 * @example
 * dropdownLimit(5000, { sqllabDefaultLimit: 1000, sqllabMaxLimit: 100000 }); // 5000
 */
export function dropdownLimit(queryLimit: unknown, settings: LimitSettings): number {
  const requested = typeof queryLimit === 'number' && Number.isInteger(queryLimit) && queryLimit > 0 ? queryLimit : settings.sqllabDefaultLimit;
  return Math.min(requested, settings.sqllabMaxLimit);
}

interface TrailingLimit {
  value: number;
  /** The number token holding the row count, to rewrite. */
  token: Token;
}

/** The statement's trailing top-level `LIMIT n [OFFSET m]` (or MySQL `LIMIT m, n`), when it is that simple. */
export function trailingLimit(statement: Statement): TrailingLimit | null {
  const sig = significant(statement.tokens);
  let index = -1;
  for (let i = sig.length - 1; i >= 0; i--) {
    if (sig[i]!.depth === 0 && sig[i]!.kind === 'word' && sig[i]!.upper === 'LIMIT') {
      index = i;
      break;
    }
  }
  if (index < 0) return null;
  let count = sig[index + 1];
  let next = index + 2;
  if (count?.kind !== 'number') return null;
  if (sig[next]?.text === ',' && sig[next + 1]?.kind === 'number') {
    count = sig[next + 1]!;
    next += 2;
  }
  const rest = sig.slice(next).map((t) => (t.kind === 'number' ? '#' : t.upper));
  const tailOk = rest.length === 0 || (rest[0] === 'OFFSET' && rest[1] === '#' && (rest.length === 2 || (rest.length === 3 && ['ROW', 'ROWS'].includes(rest[2]!))));
  if (!tailOk) return null;
  const value = Number(count.text);
  return Number.isInteger(value) && value >= 0 ? { value, token: count } : null;
}

/** True when the statement ends in clauses after which a LIMIT cannot simply be appended. */
function endsInTailClause(statement: Statement): boolean {
  return significant(statement.tokens).some((t) => t.depth === 0 && t.kind === 'word' && ['OFFSET', 'FETCH', 'FOR', 'LIMIT', 'INTO'].includes(t.upper));
}

/**
 * Plans the limit of the statement whose rows SQL Lab returns.
 *
 * @example
 * planLimit(splitStatements('SELECT * FROM t LIMIT 10')[0], 1000).sql; // 'SELECT * FROM t LIMIT 11'
 */
export function planLimit(statement: Statement, dropdown: number): LimitPlan {
  const own = statement.kind === 'select' ? trailingLimit(statement) : null;
  let limitingFactor: LimitingFactor;
  if (!own || own.value > dropdown) limitingFactor = 'DROPDOWN';
  else if (dropdown > own.value) limitingFactor = 'QUERY';
  else limitingFactor = 'QUERY_AND_DROPDOWN';
  const limit = own ? Math.min(own.value, dropdown) : dropdown;
  const fetchRows = limit + 1;
  let sql = statement.text;
  if (statement.kind === 'select') {
    if (own) {
      const at = own.token.start - statement.start;
      sql = `${sql.slice(0, at)}${fetchRows}${sql.slice(at + own.token.text.length)}`;
    } else if (endsInTailClause(statement)) {
      sql = `SELECT * FROM (\n${sql}\n) AS lumen_limit LIMIT ${fetchRows}`;
    } else {
      sql = `${sql}\nLIMIT ${fetchRows}`;
    }
  }
  return { sql, limit, limitingFactor, fetchRows };
}

/** The factor reported once rows are known: NOT_LIMITED when nothing was cut off. */
export const finalLimitingFactor = (plan: LimitPlan, rowsFetched: number): LimitingFactor =>
  rowsFetched > plan.limit ? plan.limitingFactor : 'NOT_LIMITED';
