/** Conditional cell colours: a rule matches a value and tints the cell, stronger towards the extreme. */
import { withOpacity } from '../../colors/validate-color';
import type { ConditionalFormattingRule } from './types';

/** Operators without a single target: opacity then grows from the column's minimum. */
const RANGE_OPERATORS = new Set<ConditionalFormattingRule['operator']>(['None', 'between', '< x <', '≤ x ≤', '≤ x <', '< x ≤']);

function matches(rule: ConditionalFormattingRule, v: number): boolean {
  const t = rule.targetValue ?? 0;
  switch (rule.operator) {
    case '<': return v < t;
    case '>': return v > t;
    case '≤': case '<=': return v <= t;
    case '≥': case '>=': return v >= t;
    case '=': return v === t;
    case '≠': case '!=': return v !== t;
    case 'between': case '< x <': return v > (rule.targetValueLeft ?? -Infinity) && v < (rule.targetValueRight ?? Infinity);
    case '≤ x ≤': return v >= (rule.targetValueLeft ?? -Infinity) && v <= (rule.targetValueRight ?? Infinity);
    case '≤ x <': return v >= (rule.targetValueLeft ?? -Infinity) && v < (rule.targetValueRight ?? Infinity);
    case '< x ≤': return v > (rule.targetValueLeft ?? -Infinity) && v <= (rule.targetValueRight ?? Infinity);
    case 'None': return true;
    default: return false;
  }
}

/**
 * The background of a cell, or undefined. Opacity grows from 0.05 to 1 with |v - target| relative to
 * the column's extent, so bigger outliers stand out more.
 *
 * @example
 * cellBackground([{ column: 'sales', operator: '>', targetValue: 100, colorScheme: '#ACE1C4' }], 'sales', 150, [0, 200]);
 * // 'rgba(172,225,196,0.525)'
 */
export function cellBackground(
  rules: readonly ConditionalFormattingRule[],
  column: string,
  value: unknown,
  extent: [number, number],
): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  for (const rule of rules) {
    if (rule.column !== column || !matches(rule, value)) continue;
    const target = RANGE_OPERATORS.has(rule.operator) ? extent[0] : (rule.targetValue ?? extent[0]);
    const far = Math.max(Math.abs(extent[1] - target), Math.abs(extent[0] - target)) || 1;
    const opacity = Math.round((0.05 + 0.95 * Math.min(1, Math.abs(value - target) / far)) * 1000) / 1000;
    return withOpacity(rule.colorScheme ?? '#ACE1C4', opacity);
  }
  return undefined;
}
