import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { calendarRange, TimeRangePicker } from './time-range-picker';

afterEach(cleanup);

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TimeRangePicker label="Time range" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('calendarRange', () => {
  it('reads ranges of calendar days, the incumbent midnight form and open ends', () => {
    expect(calendarRange('2021-01-01 : 2021-03-31')).toEqual(['2021-01-01', '2021-03-31']);
    expect(calendarRange('2021-01-01T00:00:00 : 2021-03-31T00:00:00')).toEqual(['2021-01-01', '2021-03-31']);
    expect(calendarRange('2021-01-01 : ')).toEqual(['2021-01-01', '']);
  });

  it('leaves relative expressions to the Advanced mode', () => {
    expect(calendarRange('1 year ago : now')).toBeNull();
    expect(calendarRange('DATEADD(DATETIME("now"), -7, day) : now')).toBeNull();
    expect(calendarRange('2021-02-30 : 2021-03-01')).toBeNull();
    expect(calendarRange('Last week')).toBeNull();
  });
});

describe('TimeRangePicker', () => {
  it('edits a range of days with date pickers and writes start : end', () => {
    render(<Harness initial="2021-01-01 : 2021-03-31" />);
    expect(screen.getByRole('combobox', { name: 'Time range' }).getAttribute('data-value')).toBe('Custom');
    fireEvent.change(screen.getByLabelText('End (exclusive)'), { target: { value: '2021-04-01' } });
    expect(screen.getByTestId('value').textContent).toBe('2021-01-01 : 2021-04-01');
  });

  it('keeps relative expressions in the Advanced text boxes', () => {
    render(<Harness initial="1 year ago : now" />);
    expect(screen.queryByRole('button', { name: 'Choose start date' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'End' }), { target: { value: 'today' } });
    expect(screen.getByTestId('value').textContent).toBe('1 year ago : today');
  });
});
