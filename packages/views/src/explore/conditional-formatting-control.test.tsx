import { getControlPanel, type ConditionalFormattingRule } from '@lumen-bi/charts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConditionalFormattingControl } from './conditional-formatting-control';
import { describeRule, draftToRule, formattableColumns, ruleToDraft } from './conditional-formatting-rules';
import { ControlField } from './control-field';
import { BIRTH_NAMES } from './test-support';

afterEach(cleanup);

const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

/** The control with its value kept, as the Explore store keeps it. */
function Harness({ initial = [], onChange }: { initial?: ConditionalFormattingRule[]; onChange(rules: ConditionalFormattingRule[]): void }) {
  const [rules, setRules] = useState<ConditionalFormattingRule[]>(initial);
  return (
    <ConditionalFormattingControl
      label="Conditional formatting"
      value={rules}
      columns={['sum__num', 'count']}
      onChange={(next) => {
        setRules(next);
        onChange(next);
      }}
    />
  );
}

describe('conditional formatting rules', () => {
  it('validates drafts with messages naming the field', () => {
    const empty = ruleToDraft(null, '#1FA8C9');
    expect(draftToRule(empty).errors).toEqual({ column: 'Column cannot be empty', operator: 'Operator cannot be empty' });
    expect(draftToRule({ ...empty, column: 'sum__num', operator: '>', targetValue: 'ten' }).errors).toEqual({ targetValue: 'Target value is expected to be a number' });
    expect(draftToRule({ ...empty, column: 'sum__num', operator: '≤ x <', targetValueLeft: '9', targetValueRight: '3' }).errors).toEqual({
      targetValueRight: 'Right value must be greater than the left value',
    });
    expect(draftToRule({ ...empty, column: 'sum__num', operator: '≤ x <', targetValueLeft: '', targetValueRight: '3' }).errors).toEqual({ targetValueLeft: 'Left value cannot be empty' });
    expect(draftToRule({ ...empty, column: 'sum__num', operator: 'None', colorScheme: 'red' }).errors).toEqual({ colorScheme: 'Pick a colour' });
    expect(draftToRule({ ...empty, column: 'sum__num', operator: 'None' }).rule).toEqual({ column: 'sum__num', operator: 'None', colorScheme: '#1FA8C9' });
  });

  it('reads older operator spellings as the incumbent comparators and describes rules', () => {
    expect(ruleToDraft({ column: 'a', operator: '>=', targetValue: 3 }, '#000000')).toMatchObject({ operator: '≥', targetValue: '3' });
    expect(ruleToDraft({ column: 'a', operator: 'between', targetValueLeft: 1, targetValueRight: 2 }, '#000000').operator).toBe('< x <');
    expect(describeRule({ column: 'sales', operator: '≤ x <', targetValueLeft: 10, targetValueRight: 20 })).toBe('10 ≤ sales < 20');
    expect(describeRule({ column: 'sales', operator: '!=', targetValue: 0 })).toBe('sales ≠ 0');
  });

  it('offers metric labels in aggregate mode and numeric columns in raw mode', () => {
    expect(formattableColumns({ metrics: ['sum__num', { expressionType: 'SQL', sqlExpression: 'MAX(num)', label: 'top' }], percent_metrics: ['count'] }, BIRTH_NAMES)).toEqual(['sum__num', 'top', '%count']);
    expect(formattableColumns({ query_mode: 'raw', all_columns: ['gender', 'num'] }, BIRTH_NAMES)).toEqual(['num']);
  });
});

describe('conditional formatting control', () => {
  it('adds a rule only once it is valid, showing what is wrong meanwhile', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add new color formatter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(alerts()).toEqual(['Column cannot be empty', 'Operator cannot be empty']);
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('combobox', { name: 'Column' }), { target: { value: 'sum__num' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Operator' }), { target: { value: '≤ x ≤' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Left value' }), { target: { value: '50' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Right value' }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(alerts()).toEqual(['Right value must be greater than the left value']);
    expect(screen.getByRole('textbox', { name: 'Right value' }).getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole('textbox', { name: 'Right value' }), { target: { value: '500.5' } });
    const colours = within(screen.getByRole('radiogroup', { name: 'Colour' })).getAllByRole('radio');
    expect(colours[0].getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: '#5AC189' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenLastCalledWith([{ column: 'sum__num', operator: '≤ x ≤', targetValueLeft: 50, targetValueRight: 500.5, colorScheme: '#5AC189' }]);
    expect(screen.getByText('50 ≤ sum__num ≤ 500.5')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Formatting rule' })).toBeNull();
  });

  it('edits and removes saved rules', () => {
    const onChange = vi.fn();
    render(<Harness initial={[{ column: 'count', operator: '>', targetValue: 10, colorScheme: '#E04355' }, { column: 'sum__num', operator: 'None', colorScheme: '#1FA8C9' }]} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit count > 10' }));
    expect((screen.getByRole('combobox', { name: 'Operator' }) as HTMLSelectElement).value).toBe('>');
    fireEvent.change(screen.getByRole('combobox', { name: 'Operator' }), { target: { value: '≠' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Target value' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(alerts()).toEqual(['Target value cannot be empty']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Target value' }), { target: { value: '-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenLastCalledWith([
      { column: 'count', operator: '≠', targetValue: -2, colorScheme: '#E04355' },
      { column: 'sum__num', operator: 'None', colorScheme: '#1FA8C9' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove sum__num: all values' }));
    expect(onChange).toHaveBeenLastCalledWith([{ column: 'count', operator: '≠', targetValue: -2, colorScheme: '#E04355' }]);
  });

  it("is the table's conditional_formatting control in the control panel, with the chart's scheme colours", () => {
    const config = getControlPanel('table').sections.flatMap((s) => s.controlSetRows.flat()).find((c) => c.name === 'conditional_formatting')!.config;
    const onChange = vi.fn();
    render(<ControlField name="conditional_formatting" config={config} value={[]} datasource={BIRTH_NAMES} formData={{ metrics: ['sum__num'], color_scheme: 'd3Category10' }} onChange={onChange} />);
    expect(screen.queryByRole('textbox', { name: 'Conditional formatting' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add new color formatter' }));
    const columns = [...(screen.getByRole('combobox', { name: 'Column' }) as HTMLSelectElement).options].map((o) => o.value);
    expect(columns).toEqual(['', 'sum__num']);
    expect(screen.getAllByRole('radio')[0].getAttribute('aria-label')).toBe('#1f77b4');
  });
});
