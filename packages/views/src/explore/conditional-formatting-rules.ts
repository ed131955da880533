/**
 * The table's conditional-formatting rules as Explore edits them: the incumbent's comparators, which
 * columns a rule may target, a draft form a rule is edited through, and its validation messages.
 */
import type { ConditionalFormattingRule } from '@lumen-bi/charts';
import { getMetricLabel, type QueryFormData, type QueryFormMetric } from '@lumen-bi/core';
import type { DatasourceMetadata } from './explore-types';

export type FormattingOperator = ConditionalFormattingRule['operator'];

/** The incumbent's comparators, as saved in form data, with what the editor shows for each. */
export const FORMATTING_OPERATORS: ReadonlyArray<{ value: FormattingOperator; label: string }> = [
  { value: 'None', label: 'None (all values)' },
  { value: '>', label: '>' },
  { value: '<', label: '<' },
  { value: '≥', label: '≥' },
  { value: '≤', label: '≤' },
  { value: '=', label: '=' },
  { value: '≠', label: '≠' },
  { value: '< x <', label: '< x <' },
  { value: '≤ x ≤', label: '≤ x ≤' },
  { value: '≤ x <', label: '≤ x <' },
  { value: '< x ≤', label: '< x ≤' },
];

/** Spellings older form data may hold, read as the incumbent's comparator. */
const OPERATOR_ALIASES: Partial<Record<FormattingOperator, FormattingOperator>> = { '<=': '≤', '>=': '≥', '!=': '≠', between: '< x <' };

const RANGE_OPERATORS = new Set<FormattingOperator>(['< x <', '≤ x ≤', '≤ x <', '< x ≤']);

/** Whether an operator takes a left and a right value (the between forms). */
export const isRangeOperator = (operator: FormattingOperator | ''): boolean => operator !== '' && RANGE_OPERATORS.has(operator);

/** The numeric columns a rule may colour: metric and percentage-metric labels, or raw numeric columns. */
export function formattableColumns(formData: Partial<QueryFormData>, datasource: DatasourceMetadata): string[] {
  const names: string[] = [];
  if (formData.query_mode === 'raw') {
    const chosen = new Set((formData.all_columns as unknown[] | undefined)?.filter((c): c is string => typeof c === 'string'));
    for (const c of datasource.columns) if (c.type_generic === 0 && (chosen.size === 0 || chosen.has(c.column_name))) names.push(c.column_name);
  } else {
    const metrics = (formData.metrics ?? []) as QueryFormMetric[];
    const percent = ((formData.percent_metrics as QueryFormMetric[] | undefined) ?? []).map((m) => `%${getMetricLabel(m)}`);
    names.push(...metrics.map((m) => getMetricLabel(m)), ...percent);
  }
  return [...new Set(names)];
}

/** A rule while it is edited: every field as typed. */
export interface RuleDraft {
  column: string;
  operator: FormattingOperator | '';
  targetValue: string;
  targetValueLeft: string;
  targetValueRight: string;
  colorScheme: string;
}

const text = (n: number | undefined) => (n === undefined || n === null ? '' : String(n));

/** The draft of a saved rule (aliases shown as the incumbent's comparator). */
export function ruleToDraft(rule: ConditionalFormattingRule | null, defaultColor: string): RuleDraft {
  if (!rule) return { column: '', operator: '', targetValue: '', targetValueLeft: '', targetValueRight: '', colorScheme: defaultColor };
  return {
    column: rule.column ?? '',
    operator: OPERATOR_ALIASES[rule.operator] ?? rule.operator ?? '',
    targetValue: text(rule.targetValue),
    targetValueLeft: text(rule.targetValueLeft),
    targetValueRight: text(rule.targetValueRight),
    colorScheme: rule.colorScheme ?? defaultColor,
  };
}

/** Field -> message of what is wrong with a draft (empty when it can be saved). */
export type RuleErrors = Partial<Record<keyof RuleDraft, string>>;

function parseNumber(value: string, name: string, errors: RuleErrors, field: keyof RuleDraft): number | undefined {
  if (value.trim() === '') {
    errors[field] = `${name} cannot be empty`;
    return undefined;
  }
  const n = Number(value);
  if (!Number.isFinite(n)) {
    errors[field] = `${name} is expected to be a number`;
    return undefined;
  }
  return n;
}

/**
 * Validates a draft; returns the rule to save, or the messages per field.
 *
 * @example
 * draftToRule({ column: 'sales', operator: '>', targetValue: '100', ..., colorScheme: '#1FA8C9' });
 * // { rule: { column: 'sales', operator: '>', targetValue: 100, colorScheme: '#1FA8C9' }, errors: {} }
 * draftToRule({ ..., operator: '< x <', targetValueLeft: '9', targetValueRight: '3' }).errors;
 * // { targetValueRight: 'Right value must be greater than the left value' }
 */
export function draftToRule(draft: RuleDraft): { rule: ConditionalFormattingRule | null; errors: RuleErrors } {
  const errors: RuleErrors = {};
  if (!draft.column) errors.column = 'Column cannot be empty';
  if (!draft.operator) errors.operator = 'Operator cannot be empty';
  if (!/^#[0-9a-fA-F]{6}$/.test(draft.colorScheme)) errors.colorScheme = 'Pick a colour';
  const operator = draft.operator;
  const rule: ConditionalFormattingRule = { column: draft.column, operator: operator || 'None', colorScheme: draft.colorScheme };
  if (operator && isRangeOperator(operator)) {
    const left = parseNumber(draft.targetValueLeft, 'Left value', errors, 'targetValueLeft');
    const right = parseNumber(draft.targetValueRight, 'Right value', errors, 'targetValueRight');
    if (left !== undefined && right !== undefined && left >= right) errors.targetValueRight = 'Right value must be greater than the left value';
    rule.targetValueLeft = left;
    rule.targetValueRight = right;
  } else if (operator && operator !== 'None') {
    rule.targetValue = parseNumber(draft.targetValue, 'Target value', errors, 'targetValue');
  }
  return Object.keys(errors).length ? { rule: null, errors } : { rule, errors };
}

/** A one-line summary of a rule ('sales > 100', '10 ≤ sales < 20', 'sales: all values'). */
export function describeRule(rule: ConditionalFormattingRule): string {
  const operator = OPERATOR_ALIASES[rule.operator] ?? rule.operator;
  if (operator === 'None') return `${rule.column}: all values`;
  if (isRangeOperator(operator)) return `${rule.targetValueLeft} ${operator.replace('x', rule.column)} ${rule.targetValueRight}`;
  return `${rule.column} ${operator} ${rule.targetValue}`;
}
