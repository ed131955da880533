import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdhocFilterPopover, filterLabel } from './adhoc-filter-popover';
import { DatasetPanel } from './dataset-panel';
import { MetricEditor } from './metric-picker';
import { METRIC_SQL_MESSAGE } from './metric-sql';
import { BIRTH_NAMES } from './test-support';

afterEach(cleanup);

function pick(name: string, text: string) {
  const input = screen.getByRole('combobox', { name });
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

describe('metric editor', () => {
  it("rejects custom SQL that is not an aggregate with the spec's message", () => {
    const onSave = vi.fn();
    render(<MetricEditor datasource={BIRTH_NAMES} onSave={onSave} onCancel={() => undefined} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Custom SQL' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Custom SQL' }), { target: { value: 'num' } });
    expect(screen.getByRole('alert').textContent).toBe(METRIC_SQL_MESSAGE);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Custom SQL' }), { target: { value: 'SUM(num) / COUNT(*)' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.calls[0][0]).toMatchObject({ expressionType: 'SQL', sqlExpression: 'SUM(num) / COUNT(*)', label: 'SUM(num) / COUNT(*)' });
  });

  it('builds simple aggregates and picks saved metrics', () => {
    const onSave = vi.fn();
    render(<MetricEditor datasource={BIRTH_NAMES} onSave={onSave} onCancel={() => undefined} />);
    pick('Saved metric', 'Births');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith('sum__num');
    fireEvent.click(screen.getByRole('tab', { name: 'Simple' }));
    pick('Column', 'num');
    pick('Aggregate', 'MAX');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.calls[1][0]).toMatchObject({ expressionType: 'SIMPLE', aggregate: 'MAX', column: { column_name: 'num' }, label: 'MAX(num)' });
  });
});

describe('adhoc filter popover', () => {
  it('splits a pasted list into IN values and outputs the incumbent filter shape', () => {
    const onSave = vi.fn();
    render(<AdhocFilterPopover datasource={BIRTH_NAMES} onSave={onSave} onCancel={() => undefined} />);
    pick('Filter column', 'gender');
    pick('Operator', 'In');
    fireEvent.paste(screen.getByRole('combobox', { name: 'Filter values' }), { clipboardData: { getData: () => 'boy;girl\r\nother' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const filter = onSave.mock.calls[0][0];
    expect(filter).toMatchObject({ expressionType: 'SIMPLE', clause: 'WHERE', subject: 'gender', operator: 'IN', operatorId: 'IN', comparator: ['boy', 'girl', 'other'] });
    expect(filterLabel(filter)).toBe('gender IN (boy, girl, other)');
  });

  it('compares numeric columns with numbers, has unary operators, and writes SQL filters', () => {
    const onSave = vi.fn();
    render(<AdhocFilterPopover datasource={BIRTH_NAMES} onSave={onSave} onCancel={() => undefined} />);
    pick('Filter column', 'num');
    pick('Operator', 'Greater than (>)');
    fireEvent.change(screen.getByRole('textbox', { name: 'Filter value' }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.calls[0][0]).toMatchObject({ subject: 'num', operator: '>', operatorId: 'GREATER_THAN', comparator: 10 });
    pick('Operator', 'Is null');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.calls[1][0].comparator).toBeUndefined();
    fireEvent.click(screen.getByRole('tab', { name: 'Custom SQL' }));
    pick('Clause', 'HAVING');
    fireEvent.change(screen.getByRole('textbox', { name: 'SQL expression' }), { target: { value: 'SUM(num) > 10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave.mock.calls[2][0]).toMatchObject({ expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'SUM(num) > 10' });
  });
});

describe('dataset panel', () => {
  it('lists metrics and columns with the Time pseudo-column, certification, warnings and search', () => {
    render(<DatasetPanel datasource={BIRTH_NAMES} />);
    expect(screen.getByText('Time')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Certified by Data team' })).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Warning' })).toBeTruthy();
    fireEvent.mouseEnter(screen.getByText('Births'));
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toContain('SUM(num)');
    expect(tip.textContent).toContain('Certified by Data team');
    expect(tip.textContent).toContain('Counts before 1970 are estimates');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search metrics & columns' }), { target: { value: 'gen' } });
    expect(screen.queryByText('Births')).toBeNull();
    expect(screen.getByText('gender')).toBeTruthy();
  });
});
