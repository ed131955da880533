import { formatLocale } from 'd3-format';
import { timeFormatLocale } from 'd3-time-format';
import { describe, expect, it } from 'vitest';
import { d3FormatLocaleDefinition } from './d3-format-locale';
import { d3TimeLocaleDefinition } from './d3-time-locale';

const number = (locale: string, specifier: string, value: number, currency?: string) => formatLocale(d3FormatLocaleDefinition(locale, currency)).format(specifier)(value);
const time = (locale: string, specifier: string, date: Date) => timeFormatLocale(d3TimeLocaleDefinition(locale)).utcFormat(specifier)(date);

describe('d3 locale definitions from Intl', () => {
  it("keeps a saved number format's meaning with the locale's separators", () => {
    expect(number('en', ',.2f', 1234567.5)).toBe('1,234,567.50');
    expect(number('de', ',.2f', 1234567.5)).toBe('1.234.567,50');
    expect(number('fr', ',.2f', 1234.5)).toBe('1\u202f234,50');
    expect(number('de', '.1%', 0.256)).toBe('25,6\u00a0%');
  });

  it("writes the currency where the locale does", () => {
    expect(number('de', '$,.2f', 1234.5)).toBe('1.234,50\u00a0€');
    expect(number('en', '$,.0f', 1234, 'USD')).toBe('$1,234');
  });

  it("names months and days in the locale while a time format keeps its field order", () => {
    const march = new Date(Date.UTC(2024, 2, 5, 14, 7));
    expect(time('fr', '%d %B %Y', march)).toBe('05 mars 2024');
    expect(time('de', '%A, %d.%m.%Y', march)).toBe('Dienstag, 05.03.2024');
    expect(time('ja', '%b', march)).toBe('3月');
    expect(time('en', '%d/%m/%Y', march)).toBe('05/03/2024');
  });

  it("gives %x and %X the locale's own order", () => {
    const march = new Date(Date.UTC(2024, 2, 5, 14, 7, 9));
    expect(time('de', '%x', march)).toBe('05.03.2024');
    expect(time('en', '%x', march)).toBe('03/05/2024');
    expect(time('en', '%X', march)).toBe('02:07:09\u202fPM'); // ICU's narrow no-break space before the period
    expect(time('ko', '%x', march)).toBe('2024. 03. 05.');
  });
});
