import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LocaleProvider } from '../i18n/locale-provider';
import { Calendar } from './calendar';
import { calendarNames } from './calendar-names';

afterEach(cleanup);

describe('the calendar in a locale', () => {
  it('keeps the English words', () => {
    const english = calendarNames('en');
    expect(english.weekdays[0]).toEqual({ short: 'Mo', long: 'Monday' });
    expect(english.monthTitle('2021-03-15')).toBe('March 2021');
    expect(english.dayLabel('2021-03-03')).toBe('Wednesday, 3 March 2021');
  });

  it('names months and weekdays in the locale, Monday first', () => {
    expect(calendarNames('fr').monthTitle('2021-03-15')).toBe('mars 2021');
    expect(calendarNames('fr').dayLabel('2021-03-03')).toBe('mercredi 3 mars 2021');
    expect(calendarNames('de').weekdays.map((day) => day.short)).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
    expect(calendarNames('ja').monthTitle('2021-03-15')).toBe('2021年3月');
    expect(calendarNames('pt-BR').weekdays[6].long).toBe('domingo');
  });

  it("draws the month grid in its LocaleProvider's locale", async () => {
    render(
      <LocaleProvider locale="fr">
        <Calendar value="2021-03-03" onPick={() => undefined} />
      </LocaleProvider>,
    );
    const grid = await screen.findByRole('grid', { name: 'mars 2021' });
    expect(grid.querySelector('th')?.getAttribute('abbr')).toBe('lundi');
    expect(screen.getByRole('gridcell', { name: 'mercredi 3 mars 2021' }).getAttribute('aria-selected')).toBe('true');
  });
});
