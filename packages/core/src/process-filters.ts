/**
 * Adhoc filters -> query-object filters and freeform clauses. SIMPLE WHERE filters become `{col, op, val}`
 * clauses the server binds as parameters; SQL filters and HAVING filters become `extras.where` /
 * `extras.having` fragments (each parenthesised, joined with AND) which the server parses and vets.
 */
import { MULTI_VALUE_OPS, UNARY_OPS, toFilterOp } from './filter-operators';
import type { AdhocFilter, FilterComparator, SimpleAdhocFilter } from './form-data-types';
import type { QueryObjectExtras, QueryObjectFilterClause } from './query-types';

/**
 * Converts a SIMPLE adhoc filter to a query-object filter clause; throws on an unknown operator, because
 * dropping a filter silently would show unfiltered data.
 *
 * @example
 * convertFilter({ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'country', operator: 'IN', comparator: ['FR'] });
 * // { col: 'country', op: 'IN', val: ['FR'] }
 */
export function convertFilter(filter: SimpleAdhocFilter): QueryObjectFilterClause {
  const op = toFilterOp(filter.operator);
  if (!op) throw new Error(`Invalid filter operator "${String(filter.operator)}" on "${filter.subject}"`);
  const clause: QueryObjectFilterClause = { col: filter.subject, op };
  if (!UNARY_OPS.includes(op)) clause.val = filter.comparator ?? null;
  if (filter.isExtra) clause.isExtra = true;
  return clause;
}

/** A trailing `--` comment would swallow the closing parenthesis we add, so end such clauses with a newline. */
export function sanitizeClause(clause: string): string {
  return clause.includes('--') ? `${clause}\n` : clause;
}

function sqlLiteral(value: FilterComparator): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  return `(${value.map((v) => sqlLiteral(v)).join(', ')})`;
}

/**
 * Renders a SIMPLE filter as SQL, for HAVING filters on metrics which the query-object `filters` list
 * (WHERE only) cannot express.
 *
 * @example
 * simpleFilterToSql({ expressionType: 'SIMPLE', clause: 'HAVING', subject: 'SUM(num)', operator: '>', comparator: 10 });
 * // 'SUM(num) > 10'
 */
export function simpleFilterToSql(filter: SimpleAdhocFilter): string {
  const { op, val } = convertFilter(filter);
  if (UNARY_OPS.includes(op)) return `${filter.subject} ${op}`;
  if (MULTI_VALUE_OPS.includes(op)) {
    const values = Array.isArray(val) ? val : [val ?? null];
    return `${filter.subject} ${op} ${sqlLiteral(values)}`;
  }
  if (op === 'TEMPORAL_RANGE') throw new Error('TEMPORAL_RANGE filters cannot be used in a HAVING clause');
  return `${filter.subject} ${op} ${sqlLiteral(Array.isArray(val) ? (val[0] ?? null) : (val ?? null))}`;
}

/** Inputs of processFilters. */
export interface ProcessFiltersInput {
  adhoc_filters?: AdhocFilter[];
  filters?: QueryObjectFilterClause[];
  extras?: QueryObjectExtras;
  /** A legacy freeform WHERE clause from form data. */
  where?: string;
}

/**
 * Splits adhoc filters by clause and expression type into `filters`, `extras.where` and `extras.having`.
 *
 * @example
 * processFilters({ adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'a > 1' }] });
 * // { filters: [], extras: { where: '(a > 1)', having: '' } }
 */
export function processFilters(input: ProcessFiltersInput): {
  filters: QueryObjectFilterClause[];
  extras: QueryObjectExtras;
} {
  const filters = [...(input.filters ?? [])];
  const where: string[] = input.where ? [input.where] : [];
  const having: string[] = [];
  for (const filter of input.adhoc_filters ?? []) {
    if (filter.expressionType === 'SIMPLE') {
      if (filter.clause === 'HAVING') having.push(simpleFilterToSql(filter));
      else filters.push(convertFilter(filter));
    } else if (filter.sqlExpression?.trim()) {
      (filter.clause === 'HAVING' ? having : where).push(filter.sqlExpression);
    }
  }
  const join = (parts: string[]) => parts.map((p) => `(${sanitizeClause(p)})`).join(' AND ');
  return { filters, extras: { ...input.extras, having: join(having), where: join(where) } };
}
