import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dayLabel, monthTitle, monthWeeks, parseIsoDate } from './calendar-dates';

describe('calendar dates', () => {
  it('accepts only real calendar days', () => {
    expect(parseIsoDate('2021-02-28')?.toISOString()).toBe('2021-02-28T00:00:00.000Z');
    expect(parseIsoDate('2021-02-29')).toBeNull();
    expect(parseIsoDate('2024-02-29')).not.toBeNull();
    expect(parseIsoDate('now')).toBeNull();
    expect(parseIsoDate('2021-1-5')).toBeNull();
  });

  it('moves by days across month and year ends', () => {
    expect(addDays('2020-12-31', 1)).toBe('2021-01-01');
    expect(addDays('2021-03-01', -1)).toBe('2021-02-28');
  });

  it('moves by months, clamping to the last day of a shorter month', () => {
    expect(addMonths('2021-01-31', 1)).toBe('2021-02-28');
    expect(addMonths('2021-03-15', -3)).toBe('2020-12-15');
  });

  it('lays a month out in Monday-first weeks completed with the neighbouring days', () => {
    const weeks = monthWeeks('2021-03-17');
    expect(weeks[0][0]).toBe('2021-03-01'); // 1 March 2021 is a Monday
    expect(weeks.at(-1)!.at(-1)).toBe('2021-04-04');
    expect(weeks).toHaveLength(5);
    expect(monthWeeks('2021-02-01')).toHaveLength(4);
    expect(monthWeeks('2021-05-01')[0][0]).toBe('2021-04-26');
  });

  it('names months and days for assistive technology', () => {
    expect(monthTitle('2021-03-17')).toBe('March 2021');
    expect(dayLabel('2021-03-03')).toBe('Wednesday, 3 March 2021');
  });
});
