import { describe, expect, it } from 'vitest';
import { formatTimeAlone, formatTimeTicks, timeTicksNeedYear } from './year-aware-time';

const NOW = Date.UTC(2026, 10, 24);

describe('smart_date with the year where needed', () => {
  it('a time shown alone always carries its year (never "Mon 30" alone)', () => {
    expect(formatTimeAlone('smart_date', Date.UTC(2023, 0, 30))).toBe('Mon Jan 30, 2023');
    expect(formatTimeAlone('', Date.UTC(2003, 4, 1))).toBe('May 2003');
    expect(formatTimeAlone(undefined, Date.UTC(2005, 0, 1))).toBe('2005');
    expect(formatTimeAlone('smart_date', Date.UTC(2023, 0, 30, 14, 5))).toBe('Mon Jan 30, 2023 14:05');
  });
  it('keeps an explicit format as the author chose it', () => {
    expect(formatTimeAlone('%a %d', Date.UTC(2023, 0, 30))).toBe('Mon 30');
    expect(formatTimeTicks('%d/%m', [Date.UTC(2023, 0, 30), Date.UTC(2024, 0, 30)], NOW)).toEqual(['30/01', '30/01']);
  });
  it('ticks within the current year stay short (the incumbent smart_date)', () => {
    expect(formatTimeTicks('smart_date', [Date.UTC(2026, 2, 1), Date.UTC(2026, 2, 30)], NOW)).toEqual(['March', 'Mon 30']);
  });
  it('ticks spanning years, or in another year, show the year', () => {
    expect(formatTimeTicks('smart_date', [Date.UTC(2025, 11, 29), Date.UTC(2026, 0, 1), Date.UTC(2026, 1, 1)], NOW)).toEqual(['Dec 29, 2025', '2026', 'Feb 2026']);
    expect(formatTimeTicks('smart_date', [Date.UTC(2003, 2, 1), Date.UTC(2003, 2, 30)], NOW)).toEqual(['Mar 2003', 'Mar 30, 2003']);
    // Times of day keep their short form: the day ticks between them carry the date.
    expect(formatTimeTicks('smart_date', [Date.UTC(2003, 2, 30), Date.UTC(2003, 2, 30, 12)], NOW)).toEqual(['Mar 30, 2003', '12 PM']);
  });
  it('timeTicksNeedYear', () => {
    expect(timeTicksNeedYear(Date.UTC(2026, 0, 1), Date.UTC(2026, 5, 1), NOW)).toBe(false);
    expect(timeTicksNeedYear(Date.UTC(2025, 11, 1), Date.UTC(2026, 1, 1), NOW)).toBe(true);
    expect(timeTicksNeedYear(Date.UTC(2003, 0, 1), Date.UTC(2003, 5, 1), NOW)).toBe(true);
    expect(timeTicksNeedYear(NaN, 1, NOW)).toBe(false);
  });
});
