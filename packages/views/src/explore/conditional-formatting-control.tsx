/**
 * The table's conditional-formatting control: a list of rules (column, comparator, target value or
 * bounds, colour from the chart's scheme), each edited in a small form that only saves a valid rule.
 */
import { getCategoricalScheme, type ConditionalFormattingRule } from '@lumen-bi/charts';
import { useId, useState } from 'react';
import {
  FORMATTING_OPERATORS,
  describeRule,
  draftToRule,
  isRangeOperator,
  ruleToDraft,
  type RuleDraft,
  type RuleErrors,
} from './conditional-formatting-rules';
import { FieldError } from './field-error';

export interface ConditionalFormattingControlProps {
  label: string;
  value: unknown;
  /** Columns a rule may colour (the table's numeric columns). */
  columns: readonly string[];
  /** The chart's categorical colour scheme id: its colours are the choices. */
  colorScheme?: string | null;
  onChange(rules: ConditionalFormattingRule[]): void;
}

const asRules = (value: unknown): ConditionalFormattingRule[] =>
  Array.isArray(value) ? value.filter((r): r is ConditionalFormattingRule => typeof r === 'object' && r !== null && typeof (r as { column?: unknown }).column === 'string') : [];

interface RuleEditorProps {
  initial: RuleDraft;
  columns: readonly string[];
  colors: readonly string[];
  onApply(rule: ConditionalFormattingRule): void;
  onCancel(): void;
}

/** One rule's form: nothing is saved until it validates; each wrong field says what is wrong. */
function RuleEditor({ initial, columns, colors, onApply, onCancel }: RuleEditorProps) {
  const uid = useId();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<RuleErrors>({});
  const errorId = (field: keyof RuleDraft) => `${uid}-${field}-error`;
  const invalid = (field: keyof RuleDraft) => ({ 'aria-invalid': Boolean(errors[field]), 'aria-describedby': errors[field] ? errorId(field) : undefined });
  const set = (patch: Partial<RuleDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const columnChoices = draft.column && !columns.includes(draft.column) ? [draft.column, ...columns] : columns;
  const colorChoices = colors.includes(draft.colorScheme) || !draft.colorScheme ? colors : [draft.colorScheme, ...colors];
  const numberInput = (field: 'targetValue' | 'targetValueLeft' | 'targetValueRight', label: string) => (
    <label className="bi-cf-editor__field">
      {label}
      <input
        className="bi-input"
        inputMode="decimal"
        aria-label={label}
        {...invalid(field)}
        value={draft[field]}
        onChange={(e) => set({ [field]: e.target.value })}
      />
      <FieldError id={errorId(field)} message={errors[field]} />
    </label>
  );
  const apply = () => {
    const { rule, errors: found } = draftToRule(draft);
    setErrors(found);
    if (rule) onApply(rule);
  };
  return (
    <div className="bi-popover bi-cf-editor" role="group" aria-label="Formatting rule">
      <label className="bi-cf-editor__field">
        Column
        <select className="bi-input" aria-label="Column" {...invalid('column')} value={draft.column} onChange={(e) => set({ column: e.target.value })}>
          <option value="">Select a column</option>
          {columnChoices.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <FieldError id={errorId('column')} message={errors.column} />
      </label>
      <label className="bi-cf-editor__field">
        Operator
        <select className="bi-input" aria-label="Operator" {...invalid('operator')} value={draft.operator} onChange={(e) => set({ operator: e.target.value as RuleDraft['operator'] })}>
          <option value="">Select an operator</option>
          {FORMATTING_OPERATORS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <FieldError id={errorId('operator')} message={errors.operator} />
      </label>
      {isRangeOperator(draft.operator) ? (
        <>
          {numberInput('targetValueLeft', 'Left value')}
          {numberInput('targetValueRight', 'Right value')}
        </>
      ) : (
        draft.operator !== 'None' && draft.operator !== '' && numberInput('targetValue', 'Target value')
      )}
      <fieldset className="bi-cf-editor__colors">
        <legend>Colour</legend>
        <div role="radiogroup" aria-label="Colour">
          {colorChoices.map((color) => (
            <button
              key={color}
              type="button"
              role="radio"
              aria-checked={draft.colorScheme === color}
              aria-label={color}
              title={color}
              className={`bi-cf-swatch${draft.colorScheme === color ? ' bi-cf-swatch--selected' : ''}`}
              style={{ background: color }}
              onClick={() => set({ colorScheme: color })}
            />
          ))}
        </div>
        <FieldError id={errorId('colorScheme')} message={errors.colorScheme} />
      </fieldset>
      <div className="bi-popover__actions">
        <button type="button" className="bi-button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="bi-button bi-button--primary" onClick={apply}>
          Apply
        </button>
      </div>
    </div>
  );
}

/**
 * @example
 * <ConditionalFormattingControl label="Conditional formatting" value={fd.conditional_formatting}
 *   columns={['SUM(sales)']} colorScheme={fd.color_scheme} onChange={(rules) => set('conditional_formatting', rules)} />
 */
export function ConditionalFormattingControl({ label, value, columns, colorScheme, onChange }: ConditionalFormattingControlProps) {
  const rules = asRules(value);
  const colors = getCategoricalScheme(colorScheme);
  // Index of the rule being edited; rules.length means a new rule.
  const [editing, setEditing] = useState<number | null>(null);
  const save = (rule: ConditionalFormattingRule) => {
    const next = editing === null || editing >= rules.length ? [...rules, rule] : rules.map((r, i) => (i === editing ? rule : r));
    onChange(next);
    setEditing(null);
  };
  return (
    <div className="bi-cf" aria-label={label} role="group">
      {rules.length > 0 && (
        <ul className="bi-cf__rules">
          {rules.map((rule, i) => (
            <li key={`${i}-${rule.column}-${rule.operator}`} className="bi-cf__rule">
              <span className="bi-cf-swatch" style={{ background: rule.colorScheme ?? colors[0] }} aria-hidden="true" />
              <span className="bi-cf__summary">{describeRule(rule)}</span>
              <button type="button" className="bi-button" aria-label={`Edit ${describeRule(rule)}`} onClick={() => setEditing(i)}>
                Edit
              </button>
              <button type="button" className="bi-button" aria-label={`Remove ${describeRule(rule)}`} onClick={() => onChange(rules.filter((_, j) => j !== i))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {editing !== null ? (
        <RuleEditor
          key={editing}
          initial={ruleToDraft(rules[editing] ?? null, colors[0])}
          columns={columns}
          colors={colors}
          onApply={save}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <button type="button" className="bi-button" onClick={() => setEditing(rules.length)}>
          Add new color formatter
        </button>
      )}
      {columns.length === 0 && editing === null && <p className="bi-cf__hint">Add a metric (or a numeric column in raw mode) to format.</p>}
    </div>
  );
}
