import { ErrorType, LumenError } from '../errors';

/** Where a user-written expression goes; named in error messages. */
export type FragmentKind = 'metric' | 'column' | 'where' | 'having' | 'orderby';

/** What an expression may refer to: the dataset's columns (compared case-insensitively). */
export interface ExpressionScope {
  kind: FragmentKind;
  /**
   * Lower-cased column names of the dataset the expression runs against, or 'any' where no one dataset is
   * known yet (a guest-token RLS clause for every dataset is checked again with its dataset at query time).
   */
  columns: ReadonlySet<string> | 'any';
}

/**
 * A checked expression: `sql` is the text to splice into the generated statement, which is either the
 * user's own text (when the engine's own scanner proved it has no comments) or the engine's regeneration of
 * the validated syntax tree.
 */
export interface CheckedExpression {
  sql: string;
}

export const subqueryError = () =>
  new LumenError(400, 'Custom SQL fields cannot contain sub-queries.', ErrorType.ADHOC_SUBQUERY_NOT_ALLOWED_ERROR);

export const invalidExpression = (kind: FragmentKind, why: string, fragment: string) =>
  new LumenError(400, `Invalid SQL in ${kind}: ${why}`, ErrorType.INVALID_SQL_ERROR, { sql: fragment.slice(0, 1000) });

export const functionRefused = (kind: FragmentKind, name: string, fragment: string) =>
  invalidExpression(kind, `the function ${name} is not allowed`, fragment);

export const columnRefused = (kind: FragmentKind, name: string, fragment: string) =>
  invalidExpression(kind, `the column ${name} is not a column of this dataset`, fragment);

export const notOneExpression = (kind: FragmentKind, fragment: string) =>
  invalidExpression(kind, 'expected a single expression (no aliases, clauses or statements)', fragment);

/** Is this (unqualified, lower-cased) name a column of the dataset? */
export function inScope(scope: ExpressionScope, name: string): boolean {
  return scope.columns === 'any' || scope.columns.has(name.toLowerCase());
}

/** Deep equality of JSON-shaped values; `ignore` names keys (e.g. source locations) that may differ. */
export function sameTree(a: unknown, b: unknown, ignore: ReadonlySet<string>): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameTree(item, b[i], ignore));
  }
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const keysA = Object.keys(a).filter((k) => !ignore.has(k));
  const keysB = Object.keys(b).filter((k) => !ignore.has(k));
  if (keysA.length !== keysB.length) return false;
  return keysA.every((k) => sameTree((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], ignore));
}
