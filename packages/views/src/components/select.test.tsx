import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Select } from './select';
import { filterToChoices, splitPastedText, textToValues } from './select-values';

afterEach(cleanup);

const COLORS = [
  { value: 'red', label: 'red' },
  { value: 'green', label: 'green' },
  { value: 'blue', label: 'blue' },
];

function paste(input: HTMLElement, text: string) {
  fireEvent.paste(input, { clipboardData: { getData: () => text } });
}

function Harness(props: { freeForm?: boolean; onChange?: (v: unknown) => void }) {
  const [value, setValue] = useState<unknown>([]);
  return (
    <Select
      label="Colors"
      multi
      freeForm={props.freeForm}
      options={COLORS}
      value={value}
      onChange={(v) => {
        setValue(v);
        props.onChange?.(v);
      }}
    />
  );
}

describe('select value rules (spec 1 §5)', () => {
  it('splits pastes on comma, CRLF, newline, tab and semicolon', () => {
    expect(splitPastedText('a, b\r\nc\nd\te;f,,a')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('drops values not among fixed choices; a single unknown value becomes null', () => {
    expect(filterToChoices(['red', 'pink'], COLORS, true)).toEqual(['red']);
    expect(filterToChoices('pink', COLORS, false)).toBeNull();
    expect(filterToChoices('blue', COLORS, false)).toBe('blue');
    expect(filterToChoices([10, 5000], [{ value: 10, label: '10' }], true)).toEqual([10]);
  });

  it('maps text to option values, keeping unknown text only when free-form', () => {
    expect(textToValues(['RED', 'pink'], COLORS, false)).toEqual(['red']);
    expect(textToValues(['RED', 'pink'], COLORS, true)).toEqual(['red', 'pink']);
  });
});

describe('<Select>', () => {
  it('adds every pasted value found among fixed choices and drops the rest', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    paste(screen.getByRole('combobox', { name: 'Colors' }), 'red;pink\r\nblue');
    expect(onChange).toHaveBeenLastCalledWith(['red', 'blue']);
    expect(screen.getByRole('button', { name: 'Remove red' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove blue' })).toBeTruthy();
  });

  it('keeps unknown pasted values in a free-form select', () => {
    const onChange = vi.fn();
    render(<Harness freeForm onChange={onChange} />);
    paste(screen.getByRole('combobox', { name: 'Colors' }), 'red\tpink,teal');
    expect(onChange).toHaveBeenLastCalledWith(['red', 'pink', 'teal']);
  });

  it('filters options while typing, picks with Enter and removes the last chip with Backspace', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Colors' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'gr' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['green']);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(['green']);
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('offers no option for unknown text in a fixed-choice select', () => {
    const onChange = vi.fn();
    render(<Select label="Color" options={COLORS} value={null} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Color' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'pink' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('No data')).toBeTruthy();
  });
});
