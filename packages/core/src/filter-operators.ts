/**
 * Adhoc-filter operators. Spec 3 §3 names them (EQUALS ... TEMPORAL_RANGE); on the wire (query objects,
 * saved form data) the incumbent sends the SQL-ish operation (`==`, `IN`, ...), so both are kept here.
 */

/**
 * Filter operator identifiers (spec 3 §3).
 *
 * @example
 * const op: FilterOperatorId = Operators.EQUALS; // 'EQUALS'
 */
export const Operators = {
  EQUALS: 'EQUALS',
  NOT_EQUALS: 'NOT_EQUALS',
  LESS_THAN: 'LESS_THAN',
  LESS_THAN_OR_EQUAL: 'LESS_THAN_OR_EQUAL',
  GREATER_THAN: 'GREATER_THAN',
  GREATER_THAN_OR_EQUAL: 'GREATER_THAN_OR_EQUAL',
  IN: 'IN',
  NOT_IN: 'NOT_IN',
  LIKE: 'LIKE',
  NOT_LIKE: 'NOT_LIKE',
  ILIKE: 'ILIKE',
  IS_NOT_NULL: 'IS_NOT_NULL',
  IS_NULL: 'IS_NULL',
  LATEST_PARTITION: 'LATEST_PARTITION',
  IS_TRUE: 'IS_TRUE',
  IS_FALSE: 'IS_FALSE',
  TEMPORAL_RANGE: 'TEMPORAL_RANGE',
} as const;

/** One of the spec's operator identifiers. */
export type FilterOperatorId = (typeof Operators)[keyof typeof Operators];

/** The operations accepted in a query object's `filters[].op` (OpenAPI ChartDataFilter.op). */
export const FILTER_OPS = [
  '==',
  '!=',
  '>',
  '<',
  '>=',
  '<=',
  'LIKE',
  'NOT LIKE',
  'ILIKE',
  'IS NULL',
  'IS NOT NULL',
  'IN',
  'NOT IN',
  'IS TRUE',
  'IS FALSE',
  'TEMPORAL_RANGE',
] as const;

/** A wire filter operation. */
export type FilterOp = (typeof FILTER_OPS)[number];

/**
 * Operator identifier -> wire operation. LATEST_PARTITION is a UI helper that compiles to `==` with the
 * latest partition value as comparator, as in the incumbent.
 *
 * @example
 * OPERATOR_TO_OP[Operators.NOT_IN]; // 'NOT IN'
 */
export const OPERATOR_TO_OP: Readonly<Record<FilterOperatorId, FilterOp>> = {
  EQUALS: '==',
  NOT_EQUALS: '!=',
  LESS_THAN: '<',
  LESS_THAN_OR_EQUAL: '<=',
  GREATER_THAN: '>',
  GREATER_THAN_OR_EQUAL: '>=',
  IN: 'IN',
  NOT_IN: 'NOT IN',
  LIKE: 'LIKE',
  NOT_LIKE: 'NOT LIKE',
  ILIKE: 'ILIKE',
  IS_NOT_NULL: 'IS NOT NULL',
  IS_NULL: 'IS NULL',
  LATEST_PARTITION: '==',
  IS_TRUE: 'IS TRUE',
  IS_FALSE: 'IS FALSE',
  TEMPORAL_RANGE: 'TEMPORAL_RANGE',
};

/** Operations that take no comparator. */
export const UNARY_OPS: readonly FilterOp[] = ['IS NULL', 'IS NOT NULL', 'IS TRUE', 'IS FALSE'];

/** Operations whose comparator is a list. */
export const MULTI_VALUE_OPS: readonly FilterOp[] = ['IN', 'NOT IN'];

/** Whether a string is a wire filter operation. */
export function isFilterOp(value: unknown): value is FilterOp {
  return typeof value === 'string' && (FILTER_OPS as readonly string[]).includes(value);
}

/**
 * Normalises an adhoc filter's operator, which saved form data may hold either as the wire operation
 * (`'=='`, as the incumbent stores it) or as the spec's identifier (`'EQUALS'`), to the wire operation.
 * Returns undefined for anything else so callers can reject it rather than send garbage to the server.
 *
 * @example
 * toFilterOp('EQUALS'); // '=='
 * toFilterOp('NOT IN'); // 'NOT IN'
 */
export function toFilterOp(operator: string | undefined): FilterOp | undefined {
  if (operator === undefined) return undefined;
  if (isFilterOp(operator)) return operator;
  const upper = operator.toUpperCase();
  if (isFilterOp(upper)) return upper;
  if (upper in OPERATOR_TO_OP) return OPERATOR_TO_OP[upper as FilterOperatorId];
  return undefined;
}
