import { labelOf } from '../resources/list';

/**
 * Flask-AppBuilder's keys around a list or an item, which the incumbent's model APIs (query history, event
 * log, ...) answer beside `result`; clients build tables and forms from their columns and labels.
 */

/** `{id, user: {id, first_name}}` → `id`, `user.id`, `user.first_name`: FAB's dotted column names. */
export function dottedKeys(item: Record<string, unknown>): string[] {
  return Object.entries(item).flatMap(([key, value]) =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).map((inner) => `${key}.${inner}`) : [key],
  );
}

const labels = (columns: string[]) => Object.fromEntries(columns.map((column) => [column, labelOf(column)]));

export function fabListEnvelope(columns: string[], orderColumns: string[], title: string) {
  return { list_columns: columns, order_columns: orderColumns, label_columns: labels(columns), description_columns: {}, list_title: title };
}

export function fabShowEnvelope(columns: string[], title: string) {
  return { show_columns: columns, label_columns: labels(columns), description_columns: {}, show_title: title };
}
