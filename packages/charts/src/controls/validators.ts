/** Control validators with the product's exact messages. */
import type { QueryFormData } from '@lumen-bi/core';
import { spatialProblem, viewportProblem } from '../plugins/deck-shared/control-checks';
import type { ControlPanelConfig, ValidatorSpec } from './control-types';

/** Message of the nonEmpty validator. */
export const NON_EMPTY_MESSAGE = 'cannot be empty';
/** Message of the integer validator. */
export const INTEGER_MESSAGE = 'is expected to be an integer';

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * Runs one validator; returns the error message or false.
 *
 * @example
 * validateValue('nonEmpty', []);      // 'cannot be empty'
 * validateValue({ max: 100 }, 500);   // 'Value cannot exceed 100'
 * validateValue('integer', '1.5');    // 'is expected to be an integer'
 */
export function validateValue(spec: ValidatorSpec, value: unknown): string | false {
  if (spec === 'nonEmpty') return isEmpty(value) ? NON_EMPTY_MESSAGE : false;
  // Empty optional values are left to nonEmpty, so 'integer' alone accepts an unset control.
  if (isEmpty(value)) return false;
  if (spec === 'spatial') return spatialProblem(value) ?? false;
  if (spec === 'viewport') return viewportProblem(value) ?? false;
  if (spec === 'integer') return /^-?\d+$/.test(String(value).trim()) ? false : INTEGER_MESSAGE;
  const n = Number(value);
  return !Number.isNaN(n) && n > spec.max ? `Value cannot exceed ${spec.max}` : false;
}

/**
 * Validates every visible control of a panel; returns `{controlName: [messages]}` for failures only.
 *
 * @example
 * validateControls(getControlPanel('table'), { query_mode: 'raw', all_columns: [] });
 * // { all_columns: ['cannot be empty'] }
 */
export function validateControls(panel: ControlPanelConfig, formData: Partial<QueryFormData>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const section of panel.sections) {
    for (const row of section.controlSetRows) {
      for (const { name, config } of row) {
        if (config.visibility && !config.visibility(formData)) continue;
        const messages = (config.validators ?? []).map((v) => validateValue(v, formData[name])).filter((m): m is string => m !== false);
        if (messages.length) errors[name] = messages;
      }
    }
  }
  return errors;
}

/**
 * Defaults of every control of a panel, for a new chart's form data.
 *
 * @example
 * getControlDefaults(getControlPanel('pie')); // { row_limit: 100, donut: false, ... }
 */
export function getControlDefaults(panel: ControlPanelConfig): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const section of panel.sections) for (const row of section.controlSetRows) for (const { name, config } of row) {
    if (config.default !== undefined) out[name] = config.default;
  }
  return out;
}
