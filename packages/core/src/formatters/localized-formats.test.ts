import { describe, expect, it } from 'vitest';
import { formattingLocale } from '../i18n/formatting-locale';
import { localizedStrftime } from './localized-strftime';
import { strftime } from './strftime';
import { createTimeFormatter } from './time-format';

const time = (locale: string, format: string, ms: number) => createTimeFormatter(format, { strftime: localizedStrftime(formattingLocale(locale).time, strftime) }).format(ms);

const JAN_2024 = Date.UTC(2024, 0, 1);
const TUESDAY_5_MARCH = Date.UTC(2024, 2, 5, 14, 7, 9);

describe('number marks of a locale', () => {
  it.each([
    ['de', ',', '.'],
    ['fr', ',', '\u202f'],
    ['ja', '.', ','],
    ['pt-BR', ',', '.'],
  ])('%s writes %s as the decimal mark and %s between thousands', (locale, decimal, thousands) => {
    expect(formattingLocale(locale).numbers).toMatchObject({ decimal, thousands });
  });

  it('places the dollar of a saved "$" format where the locale writes a currency', () => {
    expect(formattingLocale('de').numbers.currency).toEqual(['', '\u00a0$']);
    expect(formattingLocale('ja').numbers.currency).toEqual(['$', '']);
    expect(formattingLocale('pt-BR').numbers.currency).toEqual(['US$\u00a0', '']);
  });
});

describe('time formats in a locale', () => {
  it.each([
    ['fr', '%b %Y', JAN_2024, 'janv. 2024'],
    ['ja', '%b %Y', JAN_2024, '1月 2024'],
    ['de', '%B %Y', Date.UTC(2024, 2, 1), 'März 2024'],
    ['pt-BR', '%A, %d/%m/%Y', TUESDAY_5_MARCH, 'terça-feira, 05/03/2024'],
    ['fr', '%a %d', TUESDAY_5_MARCH, 'mar. 05'],
    ['de', '%d/%m/%Y', TUESDAY_5_MARCH, '05/03/2024'],
  ])('%s writes %s as %s', (locale, format, ms, expected) => {
    expect(time(locale, format, ms)).toBe(expected);
  });

  it("writes %x, %X and %c in the locale's order", () => {
    expect(time('de', '%x', TUESDAY_5_MARCH)).toBe('05.03.2024');
    expect(time('fr', '%X', TUESDAY_5_MARCH)).toBe('14:07:09');
    expect(time('ja', '%c', TUESDAY_5_MARCH)).toBe('2024/03/05 14:07:09');
    expect(time('pt-BR', '%x', TUESDAY_5_MARCH)).toBe('05/03/2024');
  });

  it("keeps '%%' and the padding modifiers of other directives", () => {
    expect(time('fr', '100%% %b, %-d %_m', JAN_2024)).toBe('100% janv., 1  1');
    expect(time('de', '%-B', Date.UTC(2024, 2, 1))).toBe('März');
  });

  it('names the month of smart_date ticks in the locale', () => {
    expect(time('fr', 'smart_date', Date.UTC(2024, 2, 1))).toBe('mars');
    expect(time('de', 'smart_date', Date.UTC(2024, 2, 5))).toBe('Di 05');
  });
});
