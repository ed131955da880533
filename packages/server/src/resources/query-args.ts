import { badRequest } from '../errors';
import { decodeRison, RisonError, type RisonValue } from '../rison';

/** Parsed `q` of a list request (Superset's get_list_schema). */
export interface ListArgs {
  filters: { col: string; opr: string; value: unknown }[];
  orderColumn?: string;
  orderDirection: 'asc' | 'desc';
  page: number;
  pageSize?: number;
  selectColumns?: string[];
  keys?: string[];
}

export interface RelatedArgs {
  filter: string;
  page: number;
  pageSize?: number;
  includeIds: number[];
}

const isObject = (v: unknown): v is Record<string, RisonValue> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Decodes the `q` parameter (absent = empty object): rison, or JSON when it is not rison, as the incumbent's
 * API framework accepts both (Flask-AppBuilder's FAB_API_ALLOW_JSON_QS, on by default). Rison is tried
 * first, so a value both could read means what rison says, as there.
 */
export function decodeQ(q: string | undefined): RisonValue {
  if (q === undefined || q === '') return {};
  try {
    return decodeRison(q);
  } catch (error) {
    if (!(error instanceof RisonError)) throw error;
    const json = decodeJson(q);
    if (json.ok) return json.value;
    throw badRequest(`Query parameter 'q' is not valid rison (${error.message}) nor JSON (${json.reason})`);
  }
}

function decodeJson(q: string): { ok: true; value: RisonValue } | { ok: false; reason: string } {
  try {
    // JSON.parse yields exactly rison's value kinds (null, booleans, numbers, strings, arrays, objects).
    return { ok: true, value: JSON.parse(q) as RisonValue };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
}

function objectQ(q: string | undefined, allowed: string[]): Record<string, RisonValue> {
  const value = decodeQ(q);
  if (!isObject(value)) throw badRequest("Query parameter 'q' must be a rison object, e.g. (page:0,page_size:25)");
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw badRequest(`Unknown key '${key}' in 'q'; allowed: ${allowed.join(', ')}`);
  }
  return value;
}

function intArg(name: string, value: RisonValue | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw badRequest(`'${name}' must be an integer >= ${min}`);
  }
  return value;
}

function stringList(name: string, value: RisonValue | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw badRequest(`'${name}' must be a list of column names, e.g. !(id,slice_name)`);
  }
  return value as string[];
}

const LIST_KEYS = ['filters', 'order_column', 'order_direction', 'page', 'page_size', 'select_columns', 'columns', 'keys'];

export function parseListArgs(q: string | undefined): ListArgs {
  const value = objectQ(q, LIST_KEYS);
  const filters: ListArgs['filters'] = [];
  if (value.filters !== undefined) {
    if (!Array.isArray(value.filters)) throw badRequest("'filters' must be a list of (col:...,opr:...,value:...)");
    value.filters.forEach((f, index) => {
      if (!isObject(f)) throw badRequest(`Filter ${index} must be an object (col:...,opr:...,value:...)`);
      const extra = Object.keys(f).filter((k) => !['col', 'opr', 'value'].includes(k));
      if (extra.length) throw badRequest(`Filter ${index} has unknown key '${extra[0]}'; allowed: col, opr, value`);
      if (typeof f.col !== 'string') throw badRequest(`Filter ${index} needs a 'col' string`);
      if (typeof f.opr !== 'string') throw badRequest(`Filter ${index} needs an 'opr' string`);
      if (!('value' in f)) throw badRequest(`Filter ${index} ('${f.col}') needs a 'value'`);
      filters.push({ col: f.col, opr: f.opr, value: f.value });
    });
  }
  if (value.order_column !== undefined && typeof value.order_column !== 'string') throw badRequest("'order_column' must be a string");
  const direction = value.order_direction ?? 'asc';
  if (direction !== 'asc' && direction !== 'desc') throw badRequest("'order_direction' must be 'asc' or 'desc'");
  const keys = stringList('keys', value.keys);
  return {
    filters,
    orderColumn: value.order_column as string | undefined,
    orderDirection: direction,
    page: intArg('page', value.page, 0) ?? 0,
    pageSize: intArg('page_size', value.page_size, 1),
    selectColumns: stringList('select_columns', value.select_columns) ?? stringList('columns', value.columns),
    keys,
  };
}

/** `q` of GET one: (columns:!(...)) or (select_columns:!(...)), plus keys. */
export function parseShowArgs(q: string | undefined): { columns?: string[] } {
  const value = objectQ(q, ['columns', 'select_columns', 'keys']);
  return { columns: stringList('columns', value.columns) ?? stringList('select_columns', value.select_columns) };
}

export function parseRelatedArgs(q: string | undefined): RelatedArgs {
  const value = objectQ(q, ['filter', 'page', 'page_size', 'include_ids']);
  if (value.filter !== undefined && typeof value.filter !== 'string') throw badRequest("'filter' must be a string");
  const include = value.include_ids ?? [];
  if (!Array.isArray(include) || !include.every((v) => Number.isInteger(v))) throw badRequest("'include_ids' must be a list of integers");
  return {
    filter: ((value.filter as string | undefined) ?? '').trim(),
    page: intArg('page', value.page, 0) ?? 0,
    pageSize: intArg('page_size', value.page_size, 1),
    includeIds: include as number[],
  };
}

export function parseInfoArgs(q: string | undefined): string[] {
  const value = objectQ(q, ['keys', 'add_columns', 'edit_columns']);
  for (const key of ['add_columns', 'edit_columns']) checkRelatedPaging(key, value[key]);
  const keys = stringList('keys', value.keys) ?? ['add_columns', 'edit_columns', 'filters', 'permissions', 'add_title', 'edit_title'];
  const allowed = ['add_columns', 'edit_columns', 'filters', 'permissions', 'add_title', 'edit_title', 'none'];
  for (const key of keys) if (!allowed.includes(key)) throw badRequest(`Unknown info key '${key}'; allowed: ${allowed.join(', ')}`);
  return keys;
}

/**
 * `_info`'s `add_columns`/`edit_columns` argument, `{column: {page, page_size}}` (the incumbent's get_info_schema,
 * paging a related field's choices). Lumen's field lists carry no choices, so it only has to be well-formed.
 */
function checkRelatedPaging(key: string, value: RisonValue | undefined): void {
  if (value === undefined) return;
  if (!isObject(value)) throw badRequest(`'${key}' must be an object of {column: (page:0,page_size:25)}`);
  for (const [column, paging] of Object.entries(value)) {
    if (!isObject(paging)) throw badRequest(`'${key}.${column}' must be an object with page and page_size`);
    for (const name of Object.keys(paging)) if (name !== 'page' && name !== 'page_size') throw badRequest(`Unknown key '${name}' in '${key}.${column}'; allowed: page, page_size`);
    intArg(`${key}.${column}.page`, paging.page, 0);
    intArg(`${key}.${column}.page_size`, paging.page_size, 1);
  }
}

/** `q` holding a rison list of ids: !(1,2,3). */
export function parseIdList(q: string | undefined): number[] {
  if (q === undefined || q === '') throw badRequest("Query parameter 'q' with a list of ids is required, e.g. q=!(1,2)");
  const value = decodeQ(q);
  if (!Array.isArray(value) || !value.every((v) => Number.isInteger(v))) {
    throw badRequest("Query parameter 'q' must be a rison list of integer ids, e.g. !(1,2)");
  }
  return [...new Set(value as number[])];
}
