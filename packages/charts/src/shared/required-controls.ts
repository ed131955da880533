/**
 * Checks of the controls a chart cannot draw without, shared by the plugins whose form data names
 * columns in controls of their own (source, target, id, parent). A missing one is a thrown error with the
 * control validators' wording, so the chart container shows the error panel instead of a blank chart.
 */
import { getColumnLabel, type ChartDataResponseResult, type QueryFormColumn } from '@lumen-bi/core';
import { NON_EMPTY_MESSAGE } from '../controls/validators';
import { getColnames } from './records';

/** A control value that says nothing: unset, '' or an empty list. */
function isUnset(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * The value of a required control; throws `<label> cannot be empty` when it is unset.
 *
 * @example
 * requireControl({ source: 'region' }, 'source', 'Source'); // 'region'
 * requireControl({}, 'metric', 'Metric'); // throws Error('Metric cannot be empty')
 */
export function requireControl<T = unknown>(formData: Record<string, unknown>, name: string, label: string): T {
  const value = formData[name];
  if (isUnset(value)) throw new Error(`${label} ${NON_EMPTY_MESSAGE}`);
  return value as T;
}

/**
 * Throws when a result with rows lacks one of the columns a chart reads (a column renamed or dropped
 * from the dataset since the chart was saved). A result without rows passes: it draws the empty state.
 *
 * @example
 * requireResultColumns(result, ['product_line', 'count']); // throws 'Column "count" is not in the query result' when missing
 */
export function requireResultColumns(result: ChartDataResponseResult | undefined, columns: Array<QueryFormColumn | string>): void {
  if (!result || !(result.rowcount ?? result.data?.length)) return;
  const present = new Set(getColnames(result));
  for (const column of columns) {
    const label = getColumnLabel(column as QueryFormColumn);
    if (!present.has(label)) throw new Error(`Column "${label}" is not in the query result`);
  }
}
