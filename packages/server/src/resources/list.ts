import { sql } from 'kysely';
import { badRequest } from '../errors';
import type { Condition, Eb, Json, RequestScope, ResourceDefinition } from './definition';
import { projection } from './projection';
import type { ListArgs } from './query-args';

/**
 * GET /api/v1/{resource}/ : filters, order, pagination and column selection from the rison `q`, answered in
 * the incumbent's shape {count, ids, result, list_columns, order_columns, label_columns, description_columns,
 * list_title}.
 */
const allowedList = (names: string[]) => names.join(', ');

export const labelOf = (column: string): string =>
  column
    .split(/[._]/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');

/** Top-level keys select_columns may name (dotted names pick inside objects: owners.id, database.database_name). */
export function selectableColumns(def: ResourceDefinition): string[] {
  return [...new Set([...def.listColumns.map((c) => c.split('.')[0]), ...(def.extraSelectable ?? []), ...def.showColumns])];
}

export function checkColumns(columns: string[], allowed: string[], what: string): void {
  for (const column of columns) {
    if (!allowed.includes(column.split('.')[0])) throw badRequest(`${what} '${column}' is not allowed; allowed: ${allowedList(allowed)}`);
  }
}

/** Picks the selected (possibly dotted) columns out of a serialised item (projection.ts). */
export const project = (item: Json, columns: string[]): Json => projection(columns)(item);

/** The WHERE conditions of a list request: the definition's visibility plus each filter. */
export function buildConditions(def: ResourceDefinition, args: ListArgs, scope: RequestScope): ((eb: Eb) => Condition)[] {
  const conditions: ((eb: Eb) => Condition)[] = [];
  if (def.visibility) {
    conditions.push((eb) => def.visibility!(eb, scope) ?? sql<boolean>`1 = 1`);
  }
  for (const filter of args.filters) {
    const column = def.filters[filter.col];
    if (!column) throw badRequest(`Filter column '${filter.col}' is not allowed; allowed: ${allowedList(Object.keys(def.filters))}`);
    const apply = column.operators[filter.opr];
    if (!apply) {
      throw badRequest(`Filter operator '${filter.opr}' is not allowed for column '${filter.col}'; allowed: ${allowedList(Object.keys(column.operators))}`);
    }
    conditions.push((eb) => apply(eb, filter.value, scope));
  }
  return conditions;
}

/**
 * The total a page already tells: a page that is not full is the last one, so the total is the rows before it
 * plus its own, and COUNT(*) need not run. Null when the page is full, or empty past the first page.
 */
export function countFromPage(rowsOnPage: number, page: number, pageSize: number): number | null {
  if (rowsOnPage >= pageSize || (rowsOnPage === 0 && page > 0)) return null;
  return page * pageSize + rowsOnPage;
}

const countAll = (eb: Eb) => eb.fn.countAll().as('count');

export async function runList(def: ResourceDefinition, args: ListArgs, scope: RequestScope): Promise<Json> {
  const pageSize = args.pageSize ?? def.maxPageSize;
  if (pageSize > def.maxPageSize) throw badRequest(`page_size ${pageSize} is too big; the maximum is ${def.maxPageSize}`);
  const orderColumn = args.orderColumn ?? def.defaultOrder.column;
  const order = def.orderColumns[orderColumn];
  if (!order) throw badRequest(`Order column '${orderColumn}' is not allowed; allowed: ${allowedList(Object.keys(def.orderColumns))}`);
  const direction = args.orderColumn ? args.orderDirection : def.defaultOrder.direction;
  const selectable = selectableColumns(def);
  if (args.selectColumns) checkColumns(args.selectColumns, selectable, 'Column');
  const conditions = buildConditions(def, args, scope);

  let base = scope.db.selectFrom(`${def.table} as t`);
  for (const condition of conditions) base = base.where(condition);
  // Each condition is evaluated for validation errors before any query runs (built lazily by Kysely).
  const rows = await base
    .selectAll('t')
    .orderBy((eb) => order(eb), direction)
    .orderBy('t.id', direction)
    .limit(pageSize)
    .offset(args.page * pageSize)
    .execute();
  const columns = args.selectColumns?.length ? args.selectColumns : def.listColumns;
  // The total, when the page cannot tell it, is counted while the page's relations load (PostgreSQL runs both
  // at once on the pool).
  const [count, items] = await Promise.all([
    countFromPage(rows.length, args.page, pageSize) ?? base.select(countAll).executeTakeFirst().then((row) => Number(row?.count ?? 0)),
    def.serializeList(rows, scope, columns),
  ]);
  const result = items.map(projection(columns));
  const response: Json = { count, ids: items.map((i) => i.id), result };
  const keys = args.keys ?? ['list_columns', 'order_columns', 'label_columns', 'description_columns', 'list_title'];
  if (keys.includes('list_columns')) response.list_columns = columns;
  if (keys.includes('order_columns')) response.order_columns = Object.keys(def.orderColumns);
  if (keys.includes('label_columns')) response.label_columns = Object.fromEntries(columns.map((c) => [c, def.labels?.[c] ?? labelOf(c)]));
  if (keys.includes('description_columns')) response.description_columns = {};
  if (keys.includes('list_title')) response.list_title = def.listTitle;
  return response;
}
