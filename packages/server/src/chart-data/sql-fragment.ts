import { checkExpression } from '../sql-parsing/expression-guard';
import { type FragmentKind, invalidExpression } from '../sql-parsing/expression-policy';
import type { DatasetModel } from './dataset-model';

/**
 * User-written SQL fragments (adhoc SQL metrics and columns, SQL filters, extras.where/having, orderby,
 * series_limit_metric, RLS clauses, calculated columns and metrics, fetch-values predicates) on their way
 * into a generated statement. Each one is checked by the parser of the dataset's engine
 * (sql-parsing/expression-guard.ts): one expression over the dataset's columns, allow-listed functions,
 * no sub-queries, statements or comments. docs/security.md describes the model.
 */
export type { FragmentKind };

const MAX_FRAGMENT_LENGTH = 10_000;

/** A fragment's text trimmed, or a 400 naming what is wrong with it before any parsing. */
export function assertFragmentText(fragment: unknown, kind: FragmentKind): string {
  if (typeof fragment !== 'string') throw invalidExpression(kind, 'expected a string', String(fragment));
  const text = fragment.trim();
  if (!text) throw invalidExpression(kind, 'the expression is empty', text);
  if (text.length > MAX_FRAGMENT_LENGTH) throw invalidExpression(kind, `the expression is longer than ${MAX_FRAGMENT_LENGTH} characters`, text.slice(0, 100));
  return text;
}

/** Gives compileQuery the checked SQL of a fragment; only fragments checked beforehand have one. */
export type FragmentResolver = (fragment: unknown, kind: FragmentKind) => string;

interface FragmentRequest {
  text: string;
  kind: FragmentKind;
}

/** Checks every requested fragment against the dataset's engine; the resolver answers the checked SQL. */
export async function checkFragments(engine: string, dataset: Pick<DatasetModel, 'columns'>, requests: FragmentRequest[]): Promise<FragmentResolver> {
  const columns = new Set(dataset.columns.map((c) => c.column_name.toLowerCase()));
  // Part of every cache key: computed once per query, not once per fragment.
  const scopeKey = requests.length ? `${engine}\u0000${[...columns].sort().join('\u0001')}` : '';
  const checked = new Map<string, string>();
  for (const { text, kind } of requests) {
    const key = `${kind}\u0000${text}`;
    if (!checked.has(key)) checked.set(key, await checkCached(engine, scopeKey, columns, text, kind));
  }
  return (fragment, kind) => {
    const sql = checked.get(`${kind}\u0000${assertFragmentText(fragment, kind)}`);
    // A fragment compileQuery asks for that was not checked would be a bug in the two passes: fail closed.
    if (sql === undefined) throw new Error(`Unchecked SQL fragment requested (${kind})`);
    return `(${sql})`;
  };
}

/** Checked results of recent fragments; dashboards send the same few fragments again and again. */
const cache = new Map<string, string>();
const CACHE_ENTRIES = 2000;

async function checkCached(engine: string, scopeKey: string, columns: ReadonlySet<string>, text: string, kind: FragmentKind): Promise<string> {
  const key = `${scopeKey}\u0000${kind}\u0000${text}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const { sql } = await checkExpression(engine, text, { kind, columns });
  if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, sql);
  return sql;
}
