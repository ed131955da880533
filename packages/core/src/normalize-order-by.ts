/** Orderby normalisation: form data may hold orderby entries as JSON strings (the order_by_cols control). */
import type { QueryFormOrderBy } from './form-data-types';
import type { QueryObject } from './query-types';

/** The message thrown for malformed orderby entries (incumbent wording). */
export const INVALID_ORDERBY_MESSAGE = 'Found invalid orderby options';

function isOrderByClause(value: unknown): value is QueryFormOrderBy {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    (typeof value[0] === 'string' || (typeof value[0] === 'object' && value[0] !== null)) &&
    value[0] !== '' &&
    typeof value[1] === 'boolean'
  );
}

/**
 * Parses and validates orderby entries: strings must be JSON `[metricOrColumn, ascending]`.
 *
 * @example
 * normalizeOrderBy(['["num", false]', ['name', true]]); // [['num', false], ['name', true]]
 * normalizeOrderBy(['num desc']); // throws Error('Found invalid orderby options')
 */
export function normalizeOrderBy(orderby: ReadonlyArray<QueryFormOrderBy | string>): QueryFormOrderBy[] {
  return orderby.map((item) => {
    let value: unknown = item;
    if (typeof item === 'string') {
      try {
        value = JSON.parse(item);
      } catch {
        throw new Error(INVALID_ORDERBY_MESSAGE);
      }
    }
    if (!isOrderByClause(value)) throw new Error(INVALID_ORDERBY_MESSAGE);
    return value;
  });
}

/**
 * Gives a query object a usable orderby when it lacks one, as plugins' buildQuery do before sending:
 * the series-limit metric, else the first metric, sorted by `order_desc` (default descending).
 *
 * @example
 * applyDefaultOrderBy({ metrics: ['count'], order_desc: true }); // { metrics: ['count'], orderby: [['count', false]] }
 */
export function applyDefaultOrderBy(queryObject: QueryObject): QueryObject {
  const first = queryObject.orderby?.[0];
  if (first && isOrderByClause(first)) return queryObject;
  const { orderby: _orderby, order_desc: orderDesc, ...rest } = queryObject;
  const ascending = orderDesc === false;
  const metric = queryObject.series_limit_metric;
  if (metric !== undefined && metric !== null && metric !== '') {
    return { ...rest, orderby: [[metric, ascending]] };
  }
  if (queryObject.metrics && queryObject.metrics.length > 0) {
    return { ...rest, orderby: [[queryObject.metrics[0], ascending]] };
  }
  return rest;
}
