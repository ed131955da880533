import { badRequest } from '../errors';
import type { ListArgs } from '../resources/query-args';

/**
 * The query parameters of the incumbent's server-rendered list pages (Flask-AppBuilder), read into the
 * API's list arguments: `page_<View>` (from 0), `psize_<View>`, `_oc_<View>` / `_od_<View>` (order column,
 * asc|desc) and `_flt_<n>_<column>=<value>`, where n is the index of the operator in the framework's list
 * for text columns. Clients scrape these pages with exactly these names (e.g. `psize_UserDBModelView=100`,
 * `_flt_3_name=Admin` to find a role by name).
 */
const TEXT_OPERATORS = ['sw', 'ew', 'ct', 'eq', 'nsw', 'new', 'nct', 'neq'] as const;

const FILTER_PARAM = /^_flt_(\d+)_(.+)$/;

export interface LegacyListPage {
  /** The framework's name of the view, which suffixes the paging and ordering parameters. */
  view: string;
  /** Columns that may be filtered with `_flt_`. */
  filterable: string[];
  /** Page size when `psize_<View>` is absent (the framework's default). */
  defaultPageSize: number;
}

function nonNegativeInt(name: string, value: string): number {
  if (!/^\d+$/.test(value)) throw badRequest(`Parameter ${name} must be a whole number, got '${value}'`);
  return Number(value);
}

function filterOf(page: LegacyListPage, name: string, value: string): ListArgs['filters'][number] {
  const [, index, column] = FILTER_PARAM.exec(name)!;
  if (!page.filterable.includes(column)) {
    throw badRequest(`Parameter ${name} filters '${column}', which is not filterable here; filterable: ${page.filterable.join(', ')}`);
  }
  const opr = TEXT_OPERATORS[Number(index)];
  if (!opr) throw badRequest(`Parameter ${name} names filter ${index}; text filters are 0 to ${TEXT_OPERATORS.length - 1}`);
  return { col: column, opr, value };
}

/**
 * @example
 * legacyListArgs({ view: 'RoleModelView', filterable: ['name'], defaultPageSize: 25 }, { _flt_3_name: 'Admin' });
 * // { filters: [{ col: 'name', opr: 'eq', value: 'Admin' }], orderColumn: 'id', orderDirection: 'asc', page: 0, pageSize: 25 }
 */
export function legacyListArgs(page: LegacyListPage, query: Record<string, string | string[] | undefined>): ListArgs {
  const args: ListArgs = { filters: [], orderColumn: 'id', orderDirection: 'asc', page: 0, pageSize: page.defaultPageSize };
  for (const [name, raw] of Object.entries(query)) {
    // A repeated parameter counts once, with its last value, as the framework reads it.
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (value === undefined) continue;
    if (name === `page_${page.view}`) args.page = nonNegativeInt(name, value);
    else if (name === `psize_${page.view}`) args.pageSize = nonNegativeInt(name, value);
    else if (name === `_oc_${page.view}`) args.orderColumn = value;
    else if (name === `_od_${page.view}`) {
      if (value !== 'asc' && value !== 'desc') throw badRequest(`Parameter ${name} must be asc or desc, got '${value}'`);
      args.orderDirection = value;
    } else if (FILTER_PARAM.test(name)) args.filters.push(filterOf(page, name, value));
  }
  if (args.pageSize === 0) throw badRequest(`Parameter psize_${page.view} must be at least 1`);
  return args;
}
