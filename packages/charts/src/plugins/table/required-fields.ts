/** The controls a table cannot query without, checked before the query and again on the result. */
import { requireControl } from '../../shared/required-controls';
import type { TableFormData } from './types';

/** The incumbent's message when an aggregate table has nothing to group or aggregate. */
export const AGGREGATE_EMPTY_MESSAGE = 'Group By, Metrics or Percentage Metrics must have a value';

const isSet = (v: unknown) => Array.isArray(v) ? v.length > 0 : v !== null && v !== undefined && v !== '';

/**
 * Throws the named error of a table's missing controls: raw mode needs columns, aggregate mode a
 * dimension or a metric.
 *
 * @example
 * requireTableFields({ query_mode: 'raw', all_columns: [] }); // throws 'Columns cannot be empty'
 */
export function requireTableFields(formData: TableFormData): void {
  if (formData.query_mode === 'raw') {
    requireControl(formData, 'all_columns', 'Columns');
    return;
  }
  if (![formData.groupby, formData.metrics, formData.percent_metrics].some(isSet)) throw new Error(AGGREGATE_EMPTY_MESSAGE);
}
