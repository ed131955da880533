import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DatePicker, INVALID_DATE_MESSAGE } from './date-picker';

afterEach(cleanup);

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DatePicker label="Start" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const focusedDay = () => (document.activeElement as HTMLElement).getAttribute('data-date');

describe('DatePicker', () => {
  it('opens a labelled calendar grid on the chosen day, moves by keyboard and picks with Enter', () => {
    render(<Harness initial="2021-03-31" />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose start date' }));
    const grid = screen.getByRole('grid', { name: 'March 2021' });
    expect(focusedDay()).toBe('2021-03-31');
    expect(screen.getByRole('gridcell', { name: 'Wednesday, 31 March 2021' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    expect(focusedDay()).toBe('2021-04-01');
    expect(screen.getByRole('grid', { name: 'April 2021' })).toBeTruthy();
    fireEvent.keyDown(grid, { key: 'PageUp' });
    fireEvent.keyDown(grid, { key: 'ArrowUp' });
    expect(focusedDay()).toBe('2021-02-22');
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('2021-02-22');
    expect(screen.queryByRole('grid')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose start date' }));
  });

  it('closes on Escape without changing the date and gives focus back to its button', () => {
    render(<Harness initial="2021-03-31" />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose start date' }));
    fireEvent.keyDown(screen.getByRole('grid'), { key: 'ArrowLeft' });
    fireEvent.keyDown(screen.getByRole('grid'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('value').textContent).toBe('2021-03-31');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose start date' }));
  });

  it('takes a typed ISO date and explains a malformed one', () => {
    render(<Harness initial="" />);
    const input = screen.getByLabelText('Start');
    fireEvent.change(input, { target: { value: '2021-02-30' } });
    expect(screen.getByText(INVALID_DATE_MESSAGE)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('value').textContent).toBe('');
    fireEvent.change(input, { target: { value: '2021-02-28' } });
    expect(screen.queryByText(INVALID_DATE_MESSAGE)).toBeNull();
    expect(screen.getByTestId('value').textContent).toBe('2021-02-28');
  });
});
