/** How raw values are named in labels (legends, filter options) and shown in cells (spec 1 §9, spec 3 §9). */
import { EMPTY_STRING_LABEL, FALSE_DISPLAY, FALSE_LABEL, NULL_DISPLAY, NULL_LABEL, TRUE_DISPLAY, TRUE_LABEL } from '../constants';

/**
 * A value as a label: '' -> '<empty string>', null -> '<NULL>', booleans -> 'TRUE'/'FALSE'.
 *
 * @example
 * formatLabel('');   // '<empty string>'
 * formatLabel(null); // '<NULL>'
 * formatLabel(true); // 'TRUE'
 */
export function formatLabel(value: unknown): string {
  if (value === '') return EMPTY_STRING_LABEL;
  if (value === null || value === undefined) return NULL_LABEL;
  if (typeof value === 'boolean') return value ? TRUE_LABEL : FALSE_LABEL;
  return String(value);
}

/**
 * A value as a display string: null -> 'N/A', booleans -> 'True'/'False'.
 *
 * @example
 * formatDisplayValue(null);  // 'N/A'
 * formatDisplayValue(false); // 'False'
 */
export function formatDisplayValue(value: unknown): string {
  if (value === null || value === undefined) return NULL_DISPLAY;
  if (typeof value === 'boolean') return value ? TRUE_DISPLAY : FALSE_DISPLAY;
  return String(value);
}
