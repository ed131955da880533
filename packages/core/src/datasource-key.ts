/** Datasource keys: a datasource is written `id__type` (spec 1 §3, spec 3 §3). */

/**
 * The datasource types (spec 1 §3).
 *
 * @example
 * DATASOURCE_TYPES.includes('table'); // true
 */
export const DATASOURCE_TYPES = ['table', 'query', 'dataset', 'sl_table', 'saved_query'] as const;

/** One datasource type. */
export type DatasourceType = (typeof DATASOURCE_TYPES)[number];

/** A parsed datasource key. */
export interface DatasourceKey {
  id: number;
  type: DatasourceType;
}

const KEY_PATTERN = /^(\d+)__([a-z_]+)$/;

/** Whether a value is one of the datasource types. */
export function isDatasourceType(value: unknown): value is DatasourceType {
  return typeof value === 'string' && (DATASOURCE_TYPES as readonly string[]).includes(value);
}

/**
 * Parses `id__type`. Throws rather than guessing, because a wrong datasource silently queries the wrong data.
 *
 * @example
 * parseDatasourceKey('3__table'); // { id: 3, type: 'table' }
 * parseDatasourceKey('3_table');  // throws Error: Invalid datasource key "3_table": expected "id__type" ...
 */
export function parseDatasourceKey(key: string): DatasourceKey {
  const match = KEY_PATTERN.exec(typeof key === 'string' ? key.trim() : '');
  if (!match) {
    throw new Error(
      `Invalid datasource key ${JSON.stringify(key)}: expected "id__type" with a numeric id and a type among ${DATASOURCE_TYPES.join(', ')}`,
    );
  }
  const type = match[2];
  if (!isDatasourceType(type)) {
    throw new Error(
      `Invalid datasource key ${JSON.stringify(key)}: unknown datasource type "${type}" (expected one of ${DATASOURCE_TYPES.join(', ')})`,
    );
  }
  return { id: Number(match[1]), type };
}

/**
 * Writes a datasource key.
 *
 * @example
 * formatDatasourceKey({ id: 3, type: 'table' }); // '3__table'
 */
export function formatDatasourceKey(key: DatasourceKey): string {
  if (!Number.isInteger(key.id) || key.id < 0) {
    throw new Error(`Invalid datasource id ${JSON.stringify(key.id)}: expected a non-negative integer`);
  }
  if (!isDatasourceType(key.type)) {
    throw new Error(
      `Invalid datasource type ${JSON.stringify(key.type)}: expected one of ${DATASOURCE_TYPES.join(', ')}`,
    );
  }
  return `${key.id}__${key.type}`;
}
